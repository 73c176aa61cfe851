/**
 * HTTP routes of refunds (design brief "Marketplace money"; ADRs 0093, 0155): what can still be
 * refunded of an order, and a refund of a paid order or one line (with an Idempotency-Key, a retry
 * answers the first result). Admins only. Amounts are naira here, kobo inside.
 */
import {
  ErrorAnswer,
  IdempotencyHeaders,
  nairaToKobo,
  RefundAnswer,
  RefundableAnswer,
  RefundableQuery,
  RefundBody,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { idempotent } from "../../plugins/idempotency.js";
import { refundFromTransactions } from "../commerce/protection.service.js";
import { refundableOrder } from "./refunds.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/refunds",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["finance"],
        summary: "What can still be refunded of an order: each line's amount, refunded and refundable, the shipping left, the refunds made",
        security: bearer,
        querystring: RefundableQuery,
        response: { 200: RefundableAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, data: await refundableOrder(app.db, request.query.order_id) }),
  );

  app.post(
    "/admin/refunds",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: [requireRole("admin"), idempotent],
      schema: {
        tags: ["finance"],
        summary:
          "Refund a paid order (no line_id: every line's remainder and the shipping) or one line (all that is left, or `amount` naira), with the reason; reverses the seller's share and the commission in proportion; a retry with the same Idempotency-Key answers the first result",
        security: bearer,
        headers: IdempotencyHeaders,
        body: RefundBody,
        response: { 200: RefundAnswer, ...errorAnswers, 422: ErrorAnswer },
      },
    },
    async (request) => {
      const { order_id, line_id, amount, reason } = request.body;
      const { refunds: data, products } = await refundFromTransactions(app.db, currentUser(request).id, {
        orderId: order_id,
        lineId: line_id,
        amountKobo: amount === undefined ? undefined : nairaToKobo(amount),
        reason,
      });
      if (products.length > 0) await app.publicCache.invalidate(products);
      return { statusCode: 200, message: "Refund recorded. Send the money back to the buyer's account.", data };
    },
  );
};

export default routes;
