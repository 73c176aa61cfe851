/**
 * Wishlist routes (spec §2 "Customer area" wishlist), signed-in users only:
 * GET /api/wishlist, POST /api/wishlist {product_id}, DELETE /api/wishlist?product_id=.
 * Each answers the caller's whole wishlist so the screen can show it without a second call.
 */
import { ErrorAnswer, TEXT, WishlistAddBody, WishlistAnswer, WishlistRemoveQuery } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { currentUser, requireUser } from "../../plugins/auth.js";
import { addToWishlist, listWishlist, removeFromWishlist } from "./service.js";

const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 404: ErrorAnswer };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/wishlist",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "The signed-in user's wishlist, newest first",
        security: [{ bearer: [] }],
        response: { 200: WishlistAnswer, 401: ErrorAnswer },
      },
    },
    async (request) => ({ statusCode: 200, data: await listWishlist(app.db, currentUser(request).id) }),
  );

  app.post(
    "/wishlist",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "Add a public product to the wishlist (idempotent)",
        security: [{ bearer: [] }],
        body: WishlistAddBody,
        response: { 200: WishlistAnswer, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await addToWishlist(app.db, userId, request.body.product_id);
      return { statusCode: 200, message: TEXT.wishlist.added, data: await listWishlist(app.db, userId) };
    },
  );

  app.delete(
    "/wishlist",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["wishlist"],
        summary: "Remove a product from the wishlist",
        security: [{ bearer: [] }],
        querystring: WishlistRemoveQuery,
        response: { 200: WishlistAnswer, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await removeFromWishlist(app.db, userId, request.query.product_id);
      return { statusCode: 200, message: TEXT.wishlist.removed, data: await listWishlist(app.db, userId) };
    },
  );
};

export default routes;
