/**
 * Reports of listings and reviews, and the admins' queue (ADR 0213): POST /api/reports,
 * GET /api/admin/reports, POST /api/admin/reports/{id}/decide. Shared by server and web.
 */
import { z } from "zod";
import { Id } from "./common.js";
import { isPlainText, notAllowedMessage, plainText } from "./plain-text.js";

export const REPORT_REASONS = ["counterfeit", "prohibited", "wrong_category", "scam", "offensive"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** The reasons as a shopper reads them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  counterfeit: "Counterfeit or fake",
  prohibited: "Prohibited item",
  wrong_category: "Wrong category",
  scam: "Scam",
  offensive: "Offensive",
};
/** Reports one account may send per 24 hours (a flood is refused with 429). */
export const REPORTS_PER_DAY = 10;
/** Reports of a listing by different verified buyers that hide it until an admin looks. */
export const REPORTS_TO_HIDE = 3;

/** POST /api/reports body. */
export const ReportInput = z.object({
  target_type: z.enum(["listing", "review"], { message: "Report a listing or a review" }),
  target_id: Id,
  reason: z.enum(REPORT_REASONS, { message: "Choose a reason" }),
  comment: z
    .string()
    .normalize("NFKC")
    .trim()
    .max(1000, "Keep it under 1,000 characters")
    .refine((s) => s.split(/\r?\n/).every(isPlainText), notAllowedMessage("Your comment"))
    .optional()
    .default(""),
});
export type ReportInput = z.input<typeof ReportInput>;

export const ReportAnswer = z.object({ statusCode: z.number().int(), message: z.string() });

/** One reported item in the admins' queue, with its reports (oldest first). `_id` is what decide takes. */
export const ReportCase = z.object({
  _id: z.string(),
  /** "product" or "post" (a listing), or "review". */
  target_type: z.enum(["product", "post", "review"]),
  target_id: z.string(),
  /** The listing's name, or the review's text (plain text). */
  title: z.string(),
  seller: z.object({ _id: z.string(), names: z.string(), username: z.string() }),
  status: z.enum(["open", "hidden", "unlisted", "dismissed"]),
  auto_hidden: z.boolean(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  reports: z.array(
    z.object({
      _id: z.string(),
      reason: z.enum(REPORT_REASONS),
      comment: z.string(),
      verified_buyer: z.boolean(),
      reporter: z.object({ _id: z.string(), names: z.string() }),
      createdAt: z.string(),
    }),
  ),
});
export type ReportCase = z.infer<typeof ReportCase>;

/** Report cases a page of the admins' queue and the seller's list. */
export const REPORT_CASES_PAGE = 100;

/**
 * GET /api/admin/reports query: the open ones (default) or the decided ones, 100 a page; `cursor`
 * is the previous page's `nextCursor`.
 */
export const ReportCasesQuery = z.object({
  status: z.enum(["open", "decided"]).default("open"),
  cursor: z.string().max(200).optional(),
  /** Entries a page (at most and by default 100). */
  limit: z.coerce.number().int().min(1).max(REPORT_CASES_PAGE).default(REPORT_CASES_PAGE),
});

/** GET /api/me/reports query: `cursor` is the previous page's `nextCursor`. */
export const MyReportCasesQuery = ReportCasesQuery.pick({ cursor: true, limit: true });

/** A page of report cases; `nextCursor` opens the next page, null on the last. */
export const ReportCasesAnswer = z.object({ statusCode: z.number().int(), data: z.array(ReportCase), nextCursor: z.string().nullable() });
export type ReportCasesAnswer = z.infer<typeof ReportCasesAnswer>;

/** POST /api/admin/reports/{id}/decide body: hide a review, unlist a listing, or dismiss; the reason the seller sees. */
export const DecideReportInput = z.object({
  action: z.enum(["hide", "unlist", "dismiss"], { message: "Choose hide, unlist or dismiss" }),
  reason: plainText("Reason", "Give a reason").min(3, "Give a reason").max(300, "Keep the reason under 300 characters"),
});
export type DecideReportInput = z.input<typeof DecideReportInput>;

export const DecideReportAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: ReportCase });
export type DecideReportAnswer = z.infer<typeof DecideReportAnswer>;
