/**
 * HTTP routes of the store's money figures for a period (design brief "Marketplace money"; ADRs
 * 0093, 0097): sales, commission, shipping, refunds and payouts, per seller, as JSON or CSV (naira).
 * Admins only.
 */
import { FinanceSummaryAnswer, FinanceSummaryQuery } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { requireRole } from "../../plugins/auth.js";
import { financeSettings, ledgerClock } from "./earnings.service.js";
import { financeCsv, financeSummary } from "./summary.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  const settings = financeSettings(app.config);

  app.get(
    "/admin/finance",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary:
          "Sales, commission, shipping, refunds and payouts paid in a period (from inclusive, to exclusive), what is owed to sellers now, and per seller",
        security: bearer,
        querystring: FinanceSummaryQuery,
        response: { 200: FinanceSummaryAnswer, ...errorAnswers },
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
        security: bearer,
        querystring: FinanceSummaryQuery,
        response: { 200: z.string().describe("text/csv"), ...errorAnswers },
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
};

export default routes;
