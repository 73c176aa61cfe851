/**
 * Buyer protection (ADR 0193-0195): the buyer confirms receipt or reports a problem on a line, the
 * seller accepts or answers, an admin decides. Amounts in naira.
 */
import { z } from "zod";
import { MAX_PROBLEM_PHOTOS, PROBLEM_REASONS } from "../protection.js";
import { UploadUrl } from "./catalog.js";
import { Id, Naira } from "./common.js";
import { plainText } from "./plain-text.js";

/** open: waiting for the seller; answered: the seller disagreed, waiting for an admin; accepted/decided: closed. */
export const PROBLEM_STATUSES = ["open", "answered", "accepted", "decided"] as const;

/** A problem with its thread: the buyer's report, the seller's answer, the decision. */
export const Problem = z.object({
  _id: z.string(),
  order_id: z.string(),
  line_id: z.string(),
  reason: z.enum(PROBLEM_REASONS),
  comment: z.string(),
  image_urls: z.array(z.string()),
  status: z.enum(PROBLEM_STATUSES),
  seller_comment: z.string().nullable(),
  seller_replied_at: z.string().nullable(),
  /** Until when the seller may answer before the request is accepted by itself (open problems), else null. */
  reply_by: z.string().nullable(),
  /** The refund decided or accepted (0: released to the seller), null while open. */
  refund: z.number().nullable(),
  decision_reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  createdAt: z.string(),
});
export type Problem = z.infer<typeof Problem>;

/** POST /api/orders/{id}/received: one line, or every delivered line of the buyer's order when absent. */
export const ReceivedBody = z.object({ line_id: Id.optional() });
export type ReceivedBody = z.infer<typeof ReceivedBody>;

/** POST /api/orders/{id}/problems. */
export const ReportProblemBody = z.object({
  line_id: Id,
  reason: z.enum(PROBLEM_REASONS, { message: `reason must be one of ${PROBLEM_REASONS.join(", ")}` }),
  comment: plainText("Comment").min(1, "Please say what is wrong").max(2000, "Comment: at most 2000 characters"),
  image_urls: z.array(UploadUrl).max(MAX_PROBLEM_PHOTOS, `At most ${MAX_PROBLEM_PHOTOS} photos`).default([]),
});
export type ReportProblemBody = z.input<typeof ReportProblemBody>;
export const ProblemAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: Problem });
export type ProblemAnswer = z.infer<typeof ProblemAnswer>;

/** POST /api/orders/problems/{id}/reply (the seller): accept (full refund) or answer with a comment for the admin. */
export const ReplyProblemBody = z.union([
  z.object({ accept: z.literal(true) }),
  z.object({ comment: plainText("Comment").min(1, "Please give your answer").max(2000, "Comment: at most 2000 characters") }),
]);
export type ReplyProblemBody = z.infer<typeof ReplyProblemBody>;

/** POST /api/admin/problems/{id}/decide: refund `refund_naira` (the line first, then its shipping share) or release. */
export const DecideProblemBody = z.union([
  z.object({ refund_naira: Naira.refine((n) => n > 0, "refund_naira must be more than 0"), reason: plainText("Reason").min(1).max(1000) }),
  z.object({ release: z.literal(true), reason: plainText("Reason").min(1).max(1000) }),
]);
export type DecideProblemBody = z.infer<typeof DecideProblemBody>;

/** POST /api/orders/lines/{id}/cancel (the seller, before shipping). */
export const CancelLineBody = z.object({ reason: plainText("Reason").min(1, "Please give a reason").max(500) });
export type CancelLineBody = z.infer<typeof CancelLineBody>;

/** A problem on the admin's Disputes screen: both sides, the line, the money involved. */
export const AdminProblem = Problem.extend({
  order_number: z.string(),
  line_name: z.string(),
  quantity: z.number().int(),
  line_amount: z.number(),
  /** The most a refund may be: what is left of the line plus its shipping share. */
  refundable: z.number(),
  shipping_share: z.number(),
  buyer: z.object({ _id: z.string(), names: z.string() }),
  seller: z.object({ _id: z.string(), names: z.string() }),
});
export type AdminProblem = z.infer<typeof AdminProblem>;
export const AdminProblemsQuery = z.object({ status: z.enum(["open", "closed"]).default("open") });
export const AdminProblemsAnswer = z.object({ statusCode: z.number().int(), data: z.array(AdminProblem) });
export type AdminProblemsAnswer = z.infer<typeof AdminProblemsAnswer>;
