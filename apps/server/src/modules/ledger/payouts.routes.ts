/**
 * HTTP routes of payouts (design brief "Marketplace money"; ADRs 0092, 0094, 0155): a seller requests
 * one (with an Idempotency-Key, a retry answers the first result) and lists their own; the admin
 * lists every seller's and records one paid or failed, or sends it through Paystack Transfers.
 * Amounts are naira here, kobo inside.
 */
import {
  ErrorAnswer,
  IdempotencyHeaders,
  nairaToKobo,
  PayoutActionBody,
  PayoutAnswer,
  PayoutRequestBody,
  PayoutsAnswer,
  PayoutsQuery,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { conflict } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { idempotent } from "../../plugins/idempotency.js";
import { paystackApi } from "../commerce/payments/paystack.js";
import { financeSettings, ledgerClock } from "./earnings.service.js";
import { decidePayout, listPayouts, requestPayout } from "./payouts.service.js";
import { sendPayoutViaPaystack } from "./paystack-transfers.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  const settings = financeSettings(app.config);

  app.post(
    "/payouts",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: [requireRole("business"), idempotent],
      schema: {
        tags: ["finance"],
        summary:
          "Request a payout of the available balance (or `amount` naira of it) to the seller's verified bank account; a retry with the same Idempotency-Key answers the first result",
        security: bearer,
        headers: IdempotencyHeaders,
        body: PayoutRequestBody,
        response: { 200: PayoutAnswer, ...errorAnswers, 422: ErrorAnswer },
      },
    },
    async (request) => {
      const amount = request.body.amount === undefined ? undefined : nairaToKobo(request.body.amount);
      const data = await requestPayout(app.db, currentUser(request).id, amount, settings, ledgerClock.now());
      return { statusCode: 200, message: "Payout requested. We will send it to your bank account.", data };
    },
  );

  app.get(
    "/payouts",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("business"),
      schema: {
        tags: ["finance"],
        summary: "The seller's own payouts, newest first",
        security: bearer,
        querystring: PayoutsQuery,
        response: { 200: PayoutsAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      return { statusCode: 200, ...(await listPayouts(app.db, { status, sellerId: currentUser(request).id }, page)) };
    },
  );

  app.get(
    "/admin/payouts",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "Every seller's payouts, newest first; status=requested lists the ones due",
        security: bearer,
        querystring: PayoutsQuery,
        response: { 200: PayoutsAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      return { statusCode: 200, ...(await listPayouts(app.db, { status }, page)) };
    },
  );

  app.put(
    "/admin/payouts",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary:
          "Record a manual payout paid (with the bank's reference) or failed (its money goes back to the seller's available balance), or send it through Paystack Transfers",
        security: bearer,
        body: PayoutActionBody,
        response: { 200: PayoutAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const body = request.body;
      if (body.action === "send") {
        const paystack = paystackApi(app.config);
        if (!paystack)
          throw conflict("Paystack Transfers are not configured in this store: pay the seller by bank transfer and mark it paid");
        await sendPayoutViaPaystack(app.db, paystack, adminId, body.payout_id);
        const [data] = (await listPayouts(app.db, { id: body.payout_id }, { limit: 1 })).data;
        return { statusCode: 200, message: "Payout sent through Paystack; it is marked paid when Paystack confirms it", data: data! };
      }
      const data = await decidePayout(app.db, adminId, body);
      const message =
        data.status === "paid" ? "Payout marked paid" : "Payout marked failed; the money is back in the seller's available balance";
      return { statusCode: 200, message, data };
    },
  );
};

export default routes;
