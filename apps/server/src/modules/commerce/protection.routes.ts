/**
 * HTTP routes of buyer protection (ADR 0193-0196): the buyer confirms receipt or reports a problem,
 * the seller cancels a line not yet shipped or answers a problem, the admin lists and decides
 * disputes. Handlers validate with the contract's schemas, authorize by role and owner (another's
 * order or problem answers 404) and call one service function; out-of-order moves answer 409.
 */
import {
  AdminProblemsAnswer,
  AdminProblemsQuery,
  CancelLineBody,
  DecideProblemBody,
  MessageAnswer,
  nairaToKobo,
  OrderIdParams,
  ProblemAnswer,
  ReceivedBody,
  ReplyProblemBody,
  ReportProblemBody,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.js";
import { ledgerClock } from "../ledger/earnings.service.js";
import {
  cancelLine,
  confirmReceived,
  decideProblem,
  listProblems,
  protectionSettings,
  replyProblem,
  reportProblem,
} from "./protection.service.js";

const WRITE = { cache: { answers: "none", invalidates: ["sessions"] } } as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  const settings = protectionSettings(app.config);
  const deliver = (ids: string[]) => {
    void app.messenger.deliver(ids);
  };

  app.post(
    "/orders/:id/received",
    {
      config: WRITE,
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The buyer confirms receipt of a delivered line (`line_id`), or of every delivered line of the order",
        description: "Starts the seller's payout hold. A line not delivered (or already received) answers 409; another's order 404.",
        security: bearer,
        params: OrderIdParams,
        body: ReceivedBody,
        response: { 200: MessageAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const n = await confirmReceived(app.db, currentUser(request).id, request.params.id, request.body.line_id);
      return { statusCode: 200, message: n === 1 ? "Receipt confirmed" : `Receipt of ${n} items confirmed` };
    },
  );

  app.post(
    "/orders/:id/problems",
    {
      config: WRITE,
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The buyer reports a problem with a shipped or delivered line: reason, comment, up to 3 uploaded photos",
        description:
          "Within RETURN_WINDOW_DAYS of delivery and before receipt; one open problem per line (409). The line's money is frozen until it is decided. Answers the problem with its `_id`.",
        security: bearer,
        params: OrderIdParams,
        body: ReportProblemBody,
        response: { 200: ProblemAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const data = await reportProblem(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body,
        { now: ledgerClock.now(), settings },
        deliver,
      );
      return { statusCode: 200, message: "Problem reported: the seller has been asked to answer", data };
    },
  );

  app.post(
    "/orders/problems/:id/reply",
    {
      config: WRITE,
      preHandler: requireRole("business"),
      schema: {
        tags: ["orders"],
        summary: "The seller answers a problem on their line: `accept` (full refund with its shipping share) or a `comment` for the admin",
        security: bearer,
        params: OrderIdParams,
        body: ReplyProblemBody,
        response: { 200: ProblemAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const data = await replyProblem(app.db, currentUser(request).id, request.params.id, request.body, settings, deliver);
      return { statusCode: 200, message: data.status === "accepted" ? "Refund accepted" : "Answer sent: an admin decides", data };
    },
  );

  app.post(
    "/orders/lines/:id/cancel",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["orders"],
        summary: "The seller cancels their line before shipping, with a reason: the buyer is refunded the line and its shipping share",
        security: bearer,
        params: OrderIdParams,
        body: CancelLineBody,
        response: { 200: MessageAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { products } = await cancelLine(app.db, currentUser(request).id, request.params.id, request.body.reason, deliver);
      if (products.length > 0) await app.publicCache.invalidate(products);
      return { statusCode: 200, message: "Cancelled and refunded" };
    },
  );

  app.get(
    "/admin/problems",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["orders"],
        summary: "Disputes: open problems oldest first (or closed ones newest first), with both sides, photos and the money involved",
        security: bearer,
        querystring: AdminProblemsQuery,
        response: { 200: AdminProblemsAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, data: await listProblems(app.db, request.query.status, settings) }),
  );

  app.post(
    "/admin/problems/:id/decide",
    {
      config: WRITE,
      preHandler: requireRole("admin"),
      schema: {
        tags: ["orders"],
        summary:
          "The admin decides a problem with a reason: refund `refund_naira` (the line first, then its shipping share) or `release` to the seller",
        description: "A refund above what is left of the line plus its shipping share answers 400; a decided problem 409.",
        security: bearer,
        params: OrderIdParams,
        body: DecideProblemBody,
        response: { 200: ProblemAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const body = request.body;
      const refundKobo = "refund_naira" in body ? nairaToKobo(body.refund_naira) : 0;
      const data = await decideProblem(
        app.db,
        currentUser(request).id,
        request.params.id,
        { refundKobo, reason: body.reason },
        settings,
        deliver,
      );
      return { statusCode: 200, message: "Decided", data };
    },
  );
};

export default routes;
