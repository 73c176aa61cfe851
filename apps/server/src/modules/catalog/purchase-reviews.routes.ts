/**
 * HTTP routes of reviews from verified buyers (ADR 0212): GET /api/reviews (a product's or a
 * seller's, public), POST /api/reviews (the buyer of a delivered line), PUT /api/reviews/{id} (its
 * writer, for 30 days), POST /api/reviews/{id}/reply (the line's seller, once). Handlers validate
 * with the contract's schemas and call one service function.
 */
import {
  PurchaseReviewAnswer,
  PurchaseReviewInput,
  PurchaseReviewListAnswer,
  PurchaseReviewQuery,
  PurchaseReviewUpdate,
  ReviewReplyInput,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { catalogReader } from "../../db/read.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireUser } from "../../plugins/auth.js";
import { listPurchaseReviews, replyToReview, updatePurchaseReview, writePurchaseReview } from "./purchase-reviews.service.js";

const IdParams = z.object({ id: z.uuid({ message: "Review not found" }) });
/** A review write changes a product's stars and what the product and shop pages show. */
const WRITE = { answers: "none", invalidates: ["catalog"] } as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/reviews",
    {
      config: { cache: { answers: "public", invalidates: [] } },
      schema: {
        tags: ["catalog"],
        summary: "Reviews from verified buyers of a product (`product_id`) or a seller (`seller_id`), newest first (keyset pages)",
        querystring: PurchaseReviewQuery,
        response: { 200: PurchaseReviewListAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { product_id, seller_id, limit, cursor } = request.query;
      const page = await listPurchaseReviews(catalogReader(request), { productId: product_id, sellerId: seller_id }, limit, cursor);
      return { statusCode: 200, ...page };
    },
  );

  app.post(
    "/reviews",
    {
      config: { cache: WRITE },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary:
          "Review a delivered order line of yours: product and seller stars (1-5) and a comment (403 without a qualifying line, 409 for a second review of the line)",
        security: bearer,
        body: PurchaseReviewInput,
        response: { 200: PurchaseReviewAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await writePurchaseReview(app.db, currentUser(request), request.body)) }),
  );

  app.put(
    "/reviews/:id",
    {
      config: { cache: WRITE },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Change your review within 30 days of writing it (409 after)",
        security: bearer,
        params: IdParams,
        body: PurchaseReviewUpdate,
        response: { 200: PurchaseReviewAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      ...(await updatePurchaseReview(app.db, currentUser(request), request.params.id, request.body)),
    }),
  );

  app.post(
    "/reviews/:id/reply",
    {
      config: { cache: WRITE },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "The seller's one public reply to a review of their item (409 for a second)",
        security: bearer,
        params: IdParams,
        body: ReviewReplyInput,
        response: { 200: PurchaseReviewAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await replyToReview(app.db, currentUser(request), request.params.id, request.body)) }),
  );
};

export default routes;
