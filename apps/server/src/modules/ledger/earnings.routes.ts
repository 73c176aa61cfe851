/**
 * HTTP routes of a seller's earnings (design brief "Marketplace money"; ADR 0092): the pending,
 * available, in-transit and paid-out balances with the statement, and the whole statement as CSV
 * (naira). Sellers only, each their own.
 */
import { EarningsAnswer, EarningsQuery } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { financeSettings, ledgerClock, sellerEarnings, sellerStatementCsv } from "./earnings.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  const settings = financeSettings(app.config);

  app.get(
    "/earnings",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("business"),
      schema: {
        tags: ["finance"],
        summary: "The seller's pending, available, in-transit and paid-out balances and their statement, newest first",
        security: bearer,
        querystring: EarningsQuery,
        response: { 200: EarningsAnswer, ...errorAnswers },
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
        security: bearer,
        response: { 200: z.string().describe("text/csv"), ...errorAnswers },
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
