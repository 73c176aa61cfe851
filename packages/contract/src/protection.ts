/**
 * Buyer protection's constants (ADR 0193): the reasons a buyer may report a problem, their labels,
 * the photo limit. Zod-free and apart from constants.ts, so the order page shows a problem's reason
 * without loading Zod and other pages do not carry them (ADR 0214).
 */
/** Why the buyer reports a problem. */
export const PROBLEM_REASONS = ["not_received", "wrong_item", "damaged", "counterfeit", "not_as_described", "other"] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];
/** The buyer's words for each reason. */
export const PROBLEM_REASON_LABELS: Record<ProblemReason, string> = {
  not_received: "Not received",
  wrong_item: "Wrong item",
  damaged: "Damaged",
  counterfeit: "Fake / counterfeit",
  not_as_described: "Not as described",
  other: "Other",
};
/** Photos a buyer may attach to a problem. */
export const MAX_PROBLEM_PHOTOS = 3;
