/**
 * HTTP routes of the free standard shipping threshold (ADR 0135) and the pay-on-delivery cap (ADR
 * 0220): the admin writes them in naira, and
 * every page reads the store's settings. Handlers validate with the contract's Zod schemas,
 * authorize by role and call one service function.
 */
import { ShippingSettingsBody, StoreSettingsAnswer, StoreSettingsUpdateAnswer } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { getStoreSettings, setShippingSettings } from "./shipping.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/settings",
    {
      config: { cache: { answers: "public", invalidates: [] } },
      schema: {
        tags: ["finance"],
        summary:
          "The store's settings every page shows: free standard shipping threshold (naira, 0: none) and its state, the pay-on-delivery cap (naira), card payments",
        response: { 200: StoreSettingsAnswer },
      },
    },
    async () => ({
      statusCode: 200,
      data: { ...(await getStoreSettings(app.db)), card_payments: Boolean(app.config.PAYSTACK_SECRET_KEY) },
    }),
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
        summary:
          "Set the free standard shipping threshold in naira (0: no free shipping) and, when given, the pay-on-delivery cap in naira; the next checkout charges and decides by them",
        security: bearer,
        body: ShippingSettingsBody,
        response: { 200: StoreSettingsUpdateAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: "Shipping settings saved",
      data: await setShippingSettings(app.db, currentUser(request).id, request.body),
    }),
  );
};

export default routes;
