/**
 * HTTP routes of a service's reviews and star reactions (spec §7 /api/posts/reviews,
 * /api/posts/reactions): the public list, and one review or reaction per signed-in user (a new one
 * replaces theirs). Handlers validate with the shared Zod schema and call one service function.
 */
import { RatingAnswer, ReactionInput, ReviewInput, ReviewListAnswer, ReviewListQuery } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogReader } from "../../db/read.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireUser } from "../../plugins/auth.js";
import { listReviews, react, writeReview } from "./reviews.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/posts/reviews",
    {
      config: { cache: { answers: "public", invalidates: [] } },
      schema: {
        tags: ["catalog"],
        summary: "A service's reviews, newest first (keyset pages)",
        querystring: ReviewListQuery,
        response: { 200: ReviewListAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { post_id, limit, cursor } = request.query;
      return { statusCode: 200, ...(await listReviews(catalogReader(request), post_id, limit, cursor, request.user)) };
    },
  );

  app.post(
    "/posts/reviews",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Review a service (1-5 stars and a comment; one per user, a new one replaces yours)",
        security: bearer,
        body: ReviewInput,
        response: { 200: RatingAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await writeReview(app.db, currentUser(request), request.body)) }),
  );

  app.post(
    "/posts/reactions",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Give a service 1-5 stars (one per user; a new one replaces yours)",
        security: bearer,
        body: ReactionInput,
        response: { 200: RatingAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { post_id, stars } = request.body;
      return { statusCode: 200, ...(await react(app.db, currentUser(request), post_id, stars)) };
    },
  );
};

export default routes;
