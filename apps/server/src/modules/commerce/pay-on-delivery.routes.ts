/**
 * HTTP routes of pay on delivery after checkout (ADR 0221): the buyer has the delivery code sent
 * again, the seller enters it at the door or says the buyer refused, an admin unlocks a delivery
 * locked by five wrong codes. Handlers validate with the contract's Zod schemas, authorize by role
 * (the service by owner: someone else's order answers 404) and call one service function.
 */
import { DeliveryCodeBody, ErrorAnswer, OrderIdParams, PayOnDeliveryAnswer, PodUnlockBody } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.js";
import { withStockChanges } from "../../plugins/public-cache.js";
import { ledgerClock } from "../ledger/earnings.service.js";
import {
  contestRefusal,
  enterDeliveryCode,
  podView,
  refuseAtDelivery,
  resendDeliveryCode,
  unlockDelivery,
} from "./pay-on-delivery.service.js";
import { protectionSettings } from "./protection.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  const view = async (orderId: string, sellerId: string | null) => (await podView(app.db, orderId, sellerId))!;

  app.post(
    "/orders/:id/delivery-code",
    {
      config: { cache: { answers: "none", invalidates: [] } },
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The buyer has their pay-on-delivery code sent again by SMS (a new code; a minute apart, at most 5 sends)",
        security: bearer,
        params: OrderIdParams,
        response: { 200: PayOnDeliveryAnswer, ...errorAnswers, 429: ErrorAnswer },
      },
    },
    async (request) => {
      const ids = await resendDeliveryCode(app.db, currentUser(request).id, request.params.id);
      void app.messenger.deliver(ids);
      return { statusCode: 200, message: "A new delivery code was sent to your phone", data: await view(request.params.id, null) };
    },
  );

  app.post(
    "/orders/:id/refusal/contest",
    {
      config: { cache: { answers: "none", invalidates: [] } },
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary:
          "The buyer says they did not refuse a seller's delivery marked refused at the door (within 7 days): no strike, the admin looks into it",
        security: bearer,
        params: OrderIdParams,
        body: PodUnlockBody,
        response: { 200: PayOnDeliveryAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const ids = await contestRefusal(app.db, currentUser(request).id, request.params.id, request.body.seller_id);
      void app.messenger.deliver(ids);
      return { statusCode: 200, message: "Thank you: the store will look into it", data: await view(request.params.id, null) };
    },
  );

  app.post(
    "/orders/:id/delivery-code/check",
    {
      config: { cache: { answers: "none", invalidates: ["sessions"] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["orders"],
        summary: "The seller enters the buyer's delivery code: their lines of the order are delivered and paid on delivery",
        description:
          "A wrong code answers 400 with the tries left; the fifth wrong code locks the seller's delivery of the order (409) until an admin unlocks it. Another seller's or an unknown order answers 404.",
        security: bearer,
        params: OrderIdParams,
        body: DeliveryCodeBody,
        response: { 200: PayOnDeliveryAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const seller = currentUser(request).id;
      await enterDeliveryCode(
        app.db,
        seller,
        request.params.id,
        request.body.code,
        { now: ledgerClock.now(), settings: protectionSettings(app.config) },
        (ids) => void app.messenger.deliver(ids),
      );
      return { statusCode: 200, message: "Delivered and paid on delivery", data: await view(request.params.id, seller) };
    },
  );

  app.post(
    "/orders/:id/refused",
    {
      config: { cache: { answers: "none", invalidates: ["stock"] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["orders"],
        summary: "Refused at delivery (not paid): the seller's lines of the order are cancelled and restocked, no money moves",
        description: "The refusal counts against the buyer: after 2, pay on delivery is no longer offered to them.",
        security: bearer,
        params: OrderIdParams,
        response: { 200: PayOnDeliveryAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const seller = currentUser(request).id;
      await withStockChanges(app, async (changed) => {
        const done = await refuseAtDelivery(app.db, seller, request.params.id, {
          now: ledgerClock.now(),
          settings: protectionSettings(app.config),
        });
        void app.messenger.deliver(done.outboxIds);
        return changed(done.products);
      });
      return { statusCode: 200, message: "Marked refused at delivery", data: await view(request.params.id, seller) };
    },
  );

  app.post(
    "/admin/orders/:id/delivery-code/unlock",
    {
      config: { cache: { answers: "none", invalidates: [] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["orders"],
        summary: "An admin unlocks a seller's delivery of a pay-on-delivery order locked by five wrong codes",
        security: bearer,
        params: OrderIdParams,
        body: PodUnlockBody,
        response: { 200: PayOnDeliveryAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      await unlockDelivery(app.db, request.params.id, request.body.seller_id);
      return { statusCode: 200, message: "Unlocked: the seller can enter the code again", data: await view(request.params.id, null) };
    },
  );
};

export default routes;
