/**
 * HTTP routes of orders (brief "Commerce" contract): the buyer's orders, the seller's paid lines
 * (an admin sees all) and the seller moving a line to shipped or delivered. Handlers validate with
 * the shared Zod schema, authorize by role and owner, and call one service function.
 */
import {
  BuyerOrdersAnswer,
  OrderIdParams,
  OrdersPageQuery,
  OrderViewAnswer,
  SellerOrderLinesAnswer,
  UpdateOrderLineAnswer,
  UpdateOrderLineBody,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.js";
import { ledgerClock } from "../ledger/earnings.service.js";
import { orderView } from "./order-view.service.js";
import { listBuyerOrders, listSellerLines, moveSellerLine } from "./orders.service.js";
import { protectionSettings } from "./protection.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/orders",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The signed-in buyer's orders, newest first",
        security: bearer,
        querystring: OrdersPageQuery,
        response: { 200: BuyerOrdersAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      // Expiring the buyer's overdue windows gives stock back. A GET is not seen as a write by the
      // public cache: what shows those products is dropped here, in every process (ADR 0144).
      const restocked: string[] = [];
      const page = await listBuyerOrders(app.db, currentUser(request).id, request.query, (ids) => restocked.push(...ids));
      if (restocked.length > 0) await app.publicCache.invalidate(restocked);
      return { statusCode: 200, ...page };
    },
  );

  app.get(
    "/orders/lines",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("business", "admin"),
      schema: {
        tags: ["orders"],
        summary: "Lines of paid orders: the seller's own (an admin sees all)",
        security: bearer,
        querystring: OrdersPageQuery,
        response: { 200: SellerOrderLinesAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      ...(await listSellerLines(app.db, currentUser(request), request.query, protectionSettings(app.config))),
    }),
  );

  app.get(
    "/orders/:id",
    {
      // Personal: the delivery address and phone. Never in a shared cache (ADR 0178).
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary: "One order: the buyer's own, a seller's lines of a paid order (with the delivery address and phone), or any for an admin",
        description:
          "Answers the buyer's, the seller's or the admin's view (`view`). Someone else's order answers 404, whoever asks; the address is never in a public or cached answer.",
        security: bearer,
        params: OrderIdParams,
        response: { 200: OrderViewAnswer, ...errorAnswers },
      },
    },
    // Signed-in answers are sent `private, no-store` by the auth plugin.
    async (request) => ({
      statusCode: 200,
      data: await orderView(app.db, currentUser(request), request.params.id, protectionSettings(app.config)),
    }),
  );

  app.put(
    "/orders/lines",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["orders"],
        summary: "The seller marks one of their lines shipped (with optional `carrier` and `tracking`) or delivered",
        description:
          "By the line's state machine (ADR 0193): a move out of order answers 409 and changes nothing; another seller's line 404.",
        security: bearer,
        body: UpdateOrderLineBody,
        response: { 200: UpdateOrderLineAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { line_id, fulfilment, carrier, tracking } = request.body;
      const line = await moveSellerLine(
        app.db,
        currentUser(request).id,
        line_id,
        fulfilment,
        { carrier, tracking, now: ledgerClock.now(), settings: protectionSettings(app.config) },
        (ids) => {
          void app.messenger.deliver(ids);
        },
      );
      return { statusCode: 200, message: `Marked ${line.fulfilment}`, data: line };
    },
  );
};

export default routes;
