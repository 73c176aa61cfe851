/**
 * HTTP routes of each seller's delivery by state (ADR 0199): anyone reads a seller's rates (the
 * product page's "Delivers to ..." line), a seller replaces their own, a signed-in buyer gets the
 * quote of their cart for a state. Handlers validate with the contract's Zod schemas, authorize by
 * role and call one service function.
 */
import {
  ShippingQuoteAnswer,
  ShippingQuoteQuery,
  ShippingRatesAnswer,
  ShippingRatesBody,
  ShippingRatesQuery,
  ShippingRatesUpdateAnswer,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.js";
import { getShippingRates, quoteBuyerCart, setShippingRates } from "./rates.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/shipping/rates",
    {
      config: { cache: { answers: "public", invalidates: [] } },
      schema: {
        tags: ["shipping"],
        summary: "A seller's delivery fee (naira) and days per state, and pickup points; empty rates: the store's rate everywhere",
        querystring: ShippingRatesQuery,
        response: { 200: ShippingRatesAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, data: await getShippingRates(app.db, request.query.seller_id) }),
  );

  app.put(
    "/shipping/rates",
    {
      // The product pages show the rates: every cached catalog answer is dropped once saved.
      config: { cache: { answers: "none", invalidates: ["catalog"] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["shipping"],
        summary: "Replace the seller's own rates and pickup points (a state left out is not delivered to; empty rates: the store's rate)",
        security: bearer,
        body: ShippingRatesBody,
        response: { 200: ShippingRatesUpdateAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: "Delivery rates saved",
      data: await setShippingRates(app.db, currentUser(request).id, request.body),
    }),
  );

  app.get(
    "/shipping/quote",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["shipping"],
        summary:
          "The signed-in buyer's cart shipped to a state: one group per seller with its fee (naira) and days, and the shipping total",
        security: bearer,
        querystring: ShippingQuoteQuery,
        response: { 200: ShippingQuoteAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      data: await quoteBuyerCart(app.db, currentUser(request).id, request.query.state, request.query.pickup),
    }),
  );
};

export default routes;
