/**
 * HTTP routes of the commission settings (design brief "Marketplace money"; ADR 0091): the
 * store-wide rate and each category's own rate, in basis points. Admins only. Handlers validate with
 * the contract's Zod schemas, authorize by role and call one service function.
 */
import { CommissionSettingsAnswer, CommissionSettingsBody, CommissionSettingsUpdateAnswer } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { getCommissionSettings, setCommissionSettings } from "./commission.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/commission",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "The store-wide commission rate and each category's own rate (basis points)",
        security: bearer,
        response: { 200: CommissionSettingsAnswer, ...errorAnswers },
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
        security: bearer,
        body: CommissionSettingsBody,
        response: { 200: CommissionSettingsUpdateAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: "Commission rates saved",
      data: await setCommissionSettings(app.db, currentUser(request).id, request.body),
    }),
  );
};

export default routes;
