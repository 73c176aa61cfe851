/**
 * HTTP routes of sellers: a seller's public shop (GET /api/sellers/{username}, ADR 0210) and
 * following sellers (spec §7 /api/user/follow, /api/user/followers): a signed-in user follows or
 * unfollows a seller; a seller lists their followers. Handlers validate with the
 * shared Zod schema and call one service function.
 */
import { FollowAnswer, FollowersAnswer, FollowersQuery, FollowQuery, SellerShopAnswer, SellerShopParams } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogReader } from "../../db/read.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireUser } from "../../plugins/auth.js";
import { getSellerShop, listFollowers, setFollow } from "./sellers.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/sellers/:username",
    {
      // `following` is the viewer's: kept for anonymous callers only would need a personal key, so never kept.
      config: { cache: NO_CACHE_EFFECT },
      schema: {
        tags: ["catalog"],
        summary:
          "A seller's shop: profile, state and city, member since, followers, rating, score and its parts, counts (404 unless an approved, active seller)",
        params: SellerShopParams,
        response: { 200: SellerShopAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      data: await getSellerShop(catalogReader(request), request.params.username, request.user?.id ?? null),
    }),
  );

  app.get(
    "/user/follow",
    {
      config: { cache: { answers: "none", invalidates: ["catalog"] } },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Follow or unfollow a seller (`id` = the seller); answers the seller's followers",
        security: bearer,
        querystring: FollowQuery,
        response: { 200: FollowAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { id, state } = request.query;
      return { statusCode: 200, ...(await setFollow(app.db, currentUser(request).id, id, state)) };
    },
  );

  app.get(
    "/user/followers",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "The signed-in seller's followers, most recent first (back office 'Followers')",
        security: bearer,
        querystring: FollowersQuery,
        response: { 200: FollowersAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { statusCode: 200, page, limit, ...(await listFollowers(app.db, currentUser(request).id, page, limit)) };
    },
  );
};

export default routes;
