/**
 * HTTP routes of marketplace money (design brief "Marketplace money"; ADRs 0090-0092): commission
 * settings (admin), a seller's earnings, statement and CSV. Handlers validate with the contract's
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
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { getCommissionSettings, setCommissionSettings } from "./commission.service.js";
import { type FinanceSettings, ledgerClock, sellerEarnings, sellerStatementCsv } from "./earnings.service.js";

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

  /* Seller earnings --------------------------------------------------------------------------- */

  app.get(
    "/earnings",
    {
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
};

export default routes;
