/**
 * HTTP routes of the cart (spec §7 /api/cart): the signed-in user's lines, add or replace a
 * quantity, remove one line or clear all. Handlers validate with the shared Zod schema and call one
 * service function.
 */
import { CartAddBody, CartDeleteQuery, CartLineAnswer, CartListAnswer, MessageAnswer } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireUser } from "../../plugins/auth.js";
import { addToCart, clearCart, listCart, removeCartLine } from "./cart.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/cart",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["cart"],
        summary: "The signed-in user's cart lines",
        security: bearer,
        response: { 200: CartListAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, data: await listCart(app.db, currentUser(request).id) }),
  );

  app.post(
    "/cart",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Add a product or replace its quantity (clamped to 1..stock)",
        security: bearer,
        body: CartAddBody,
        response: { 200: CartLineAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const line = await addToCart(
        app.db.$client,
        currentUser(request).id,
        request.body.product_id,
        request.body.count,
        request.body.variant_id ?? null,
      );
      const clamped = line.count !== request.body.count;
      return {
        statusCode: 200,
        message: clamped ? `Only ${line.count} in stock: quantity set to ${line.count}` : "Added to cart",
        data: line,
      };
    },
  );

  app.delete(
    "/cart",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Remove one line (cart_id=<id>) or clear the cart (cart_id=all)",
        security: bearer,
        querystring: CartDeleteQuery,
        response: { 200: MessageAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (request.query.cart_id === "all") {
        await clearCart(app.db, userId);
        return { statusCode: 200, message: "Cart cleared" };
      }
      await removeCartLine(app.db, userId, request.query.cart_id);
      return { statusCode: 200, message: "Removed from cart" };
    },
  );
};

export default routes;
