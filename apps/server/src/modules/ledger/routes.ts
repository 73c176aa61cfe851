/**
 * HTTP routes of marketplace money (design brief "Marketplace money"; ADRs 0090-0092): commission
 * settings and the free shipping threshold (admin; read by every page), a seller's earnings, statement and CSV, payouts (seller requests, admin settles),
 * refunds (admin). Handlers validate with the contract's
 * Zod schemas, authorize by role and owner, and call one service function. Amounts are naira here,
 * kobo inside.
 */
import {
  CommissionSettingsAnswer,
  CommissionSettingsBody,
  CommissionSettingsUpdateAnswer,
  EarningsAnswer,
  EarningsQuery,
  ErrorAnswer,
  FinanceSummaryAnswer,
  FinanceSummaryQuery,
  IdempotencyHeaders,
  nairaToKobo,
  PayoutActionBody,
  PayoutAnswer,
  PayoutRequestBody,
  PayoutsAnswer,
  PayoutsQuery,
  RefundAnswer,
  RefundableAnswer,
  RefundableQuery,
  RefundBody,
  ShippingSettingsBody,
  StoreSettingsAnswer,
  StoreSettingsUpdateAnswer,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { conflict } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { idempotent } from "../../plugins/idempotency.js";
import { getCommissionSettings, setCommissionSettings } from "./commission.service.js";
import { type FinanceSettings, ledgerClock, sellerEarnings, sellerStatementCsv } from "./earnings.service.js";
import { decidePayout, listPayouts, requestPayout } from "./payouts.service.js";
import { sendPayoutViaPaystack } from "./paystack-transfers.js";
import { refundableOrder, refundOrder } from "./refunds.service.js";
import { getStoreSettings, setFreeShippingOver } from "./shipping.service.js";
import { financeCsv, financeSummary } from "./summary.service.js";

const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const settings: FinanceSettings = {
    holdDays: app.config.PAYOUT_HOLD_DAYS,
    minPayoutKobo: app.config.MIN_PAYOUT_NAIRA * 100,
  };

  /* Commission settings (admin) ----------------------------------------------------------- */

  app.get(
    "/admin/commission",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "The store-wide commission rate and each category's own rate (basis points)",
        security,
        response: { 200: CommissionSettingsAnswer, ...errors },
      },
    },
    async () => ({ statusCode: 200, data: await getCommissionSettings(app.db) }),
  );

  app.put(
    "/admin/commission",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "Set the store-wide and/or categories' commission rates; paid orders keep the rate fixed on their lines",
        security,
        body: CommissionSettingsBody,
        response: { 200: CommissionSettingsUpdateAnswer, ...errors },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: "Commission rates saved",
      data: await setCommissionSettings(app.db, currentUser(request).id, request.body),
    }),
  );

  /* Free shipping threshold (admin writes, every page reads; ADR 0135) ----------------------- */

  app.get(
    "/settings",
    {
      config: { cache: { answers: "public", invalidates: [] } },
      schema: {
        tags: ["finance"],
        summary: "The store's settings every page shows: free standard shipping threshold (naira, 0: none) and its state",
        response: { 200: StoreSettingsAnswer },
      },
    },
    async () => ({ statusCode: 200, data: await getStoreSettings(app.db) }),
  );

  // A write outside the catalog's known-unrelated ones: public-cache.ts drops the cached answers
  // and server-drawn pages in every process once it is done, so every page shows the new promise.
  app.put(
    "/admin/shipping",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "Set the free standard shipping threshold in naira (0: no free shipping); the next checkout charges by it",
        security,
        body: ShippingSettingsBody,
        response: { 200: StoreSettingsUpdateAnswer, ...errors },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: "Shipping settings saved",
      data: await setFreeShippingOver(app.db, currentUser(request).id, request.body.free_shipping_over),
    }),
  );

  /* Store figures (admin) ------------------------------------------------------------------------ */

  app.get(
    "/admin/finance",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary:
          "Sales, commission, shipping, refunds and payouts paid in a period (from inclusive, to exclusive), what is owed to sellers now, and per seller",
        security,
        querystring: FinanceSummaryQuery,
        response: { 200: FinanceSummaryAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, data: await financeSummary(app.db, request.query, settings, ledgerClock.now()) }),
  );

  app.get(
    "/admin/finance.csv",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "The same figures as CSV (naira): one row per seller, then the store's total",
        security,
        querystring: FinanceSummaryQuery,
        response: { 200: z.string().describe("text/csv"), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await financeCsv(app.db, request.query, settings, ledgerClock.now());
      const day = (iso: string | undefined) => (iso ? iso.slice(0, 10) : null);
      const name = `finance-${day(request.query.from) ?? "start"}-to-${day(request.query.to) ?? "now"}.csv`;
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  /* Seller earnings --------------------------------------------------------------------------- */

  app.get(
    "/earnings",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("business"),
      schema: {
        tags: ["finance"],
        summary: "The seller's pending, available, in-transit and paid-out balances and their statement, newest first",
        security,
        querystring: EarningsQuery,
        response: { 200: EarningsAnswer, ...errors },
      },
    },
    async (request) => ({
      statusCode: 200,
      ...(await sellerEarnings(app.db, currentUser(request).id, request.query, settings, ledgerClock.now())),
    }),
  );

  app.get(
    "/earnings/statement.csv",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("business"),
      schema: {
        tags: ["finance"],
        summary: "The seller's whole statement as CSV (naira)",
        security,
        response: { 200: z.string().describe("text/csv"), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await sellerStatementCsv(app.db, currentUser(request).id, settings, ledgerClock.now());
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="statement.csv"')
        .header("cache-control", "no-store")
        .send(csv);
    },
  );

  /* Payouts ------------------------------------------------------------------------------------ */

  app.post(
    "/payouts",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: [requireRole("business"), idempotent],
      schema: {
        tags: ["finance"],
        summary:
          "Request a payout of the available balance (or `amount` naira of it) to the seller's verified bank account; a retry with the same Idempotency-Key answers the first result",
        security,
        headers: IdempotencyHeaders,
        body: PayoutRequestBody,
        response: { 200: PayoutAnswer, ...errors, 422: ErrorAnswer },
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
        security,
        querystring: PayoutsQuery,
        response: { 200: PayoutsAnswer, ...errors },
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
        security,
        querystring: PayoutsQuery,
        response: { 200: PayoutsAnswer, ...errors },
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
        security,
        body: PayoutActionBody,
        response: { 200: PayoutAnswer, ...errors },
      },
    },
    async (request) => {
      const adminId = currentUser(request).id;
      const body = request.body;
      if (body.action === "send") {
        const secret = app.config.PAYSTACK_SECRET_KEY;
        if (!secret)
          throw conflict("Paystack Transfers are not configured in this store: pay the seller by bank transfer and mark it paid");
        await sendPayoutViaPaystack(app.db, secret, adminId, body.payout_id);
        const [data] = (await listPayouts(app.db, { id: body.payout_id }, { limit: 1 })).data;
        return { statusCode: 200, message: "Payout sent through Paystack; it is marked paid when Paystack confirms it", data: data! };
      }
      const data = await decidePayout(app.db, adminId, body);
      const message =
        data.status === "paid" ? "Payout marked paid" : "Payout marked failed; the money is back in the seller's available balance";
      return { statusCode: 200, message, data };
    },
  );

  /* Refunds (admin) ------------------------------------------------------------------------------ */

  app.get(
    "/admin/refunds",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "What can still be refunded of an order: each line's amount, refunded and refundable, the shipping left, the refunds made",
        security,
        querystring: RefundableQuery,
        response: { 200: RefundableAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, data: await refundableOrder(app.db, request.query.order_id) }),
  );

  app.post(
    "/admin/refunds",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: [requireRole("admin"), idempotent],
      schema: {
        tags: ["finance"],
        summary:
          "Refund a paid order (no line_id: every line's remainder and the shipping) or one line (all that is left, or `amount` naira), with the reason; reverses the seller's share and the commission in proportion; a retry with the same Idempotency-Key answers the first result",
        security,
        headers: IdempotencyHeaders,
        body: RefundBody,
        response: { 200: RefundAnswer, ...errors, 422: ErrorAnswer },
      },
    },
    async (request) => {
      const { order_id, line_id, amount, reason } = request.body;
      const data = await refundOrder(app.db, currentUser(request).id, {
        orderId: order_id,
        lineId: line_id,
        amountKobo: amount === undefined ? undefined : nairaToKobo(amount),
        reason,
      });
      return { statusCode: 200, message: "Refund recorded. Send the money back to the buyer's account.", data };
    },
  );
};

export default routes;
