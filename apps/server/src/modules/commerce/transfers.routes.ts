/**
 * HTTP routes of the admin's bank transfer records (spec §7 /api/admin/transactions): list them,
 * and confirm (order paid) or reject (stock released) a submitted or flagged one. Admins only.
 */
import {
  AdminTransactionActionAnswer,
  AdminTransactionActionBody,
  AdminTransactionsAnswer,
  AdminTransactionsQuery,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { withStockChanges } from "../../plugins/public-cache.js";
import { decideTransfer, listTransfers } from "./orders.service.js";
import { protectionSettings } from "./protection.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/transactions",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Bank transfer records, newest first; `q` finds one by order number (or its last digits) or payment reference",
        security: bearer,
        querystring: AdminTransactionsQuery,
        response: { 200: AdminTransactionsAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { status, q, ...page } = request.query;
      return { statusCode: 200, ...(await listTransfers(app.db, { status, q }, page)) };
    },
  );

  app.put(
    "/admin/transactions",
    {
      config: { cache: { answers: "none", invalidates: ["stock", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Confirm (order paid) or reject (stock released) a submitted or flagged transfer",
        security: bearer,
        body: AdminTransactionActionBody,
        response: { 200: AdminTransactionActionAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      // A decision changes nothing the catalog shows but the stock of the order's products (if
      // any): the caches drop only what shows them (ADR 0144).
      const data = await withStockChanges(app, (changed) =>
        decideTransfer(
          app.db,
          currentUser(request).id,
          request.body.transaction_id,
          request.body.action,
          app.messenger,
          protectionSettings(app.config),
          changed,
        ),
      );
      return { statusCode: 200, message: data.status === "confirmed" ? "Payment confirmed" : "Payment rejected", data };
    },
  );
};

export default routes;
