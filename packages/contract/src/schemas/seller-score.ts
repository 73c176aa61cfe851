/**
 * The seller score (ADR 0211): a seller's record over the last SELLER_SCORE_WINDOW_DAYS days, shown
 * on the shop page and next to the seller's name on item pages. Shared by server and web.
 */
import { z } from "zod";

/** The score's labels: "New seller" below SELLER_SCORE_MIN_ORDERS orders in the window (ADR 0211). */
export const SELLER_SCORE_LABELS = ["Excellent", "Good", "Fair", "New seller"] as const;
export type SellerScoreLabel = (typeof SELLER_SCORE_LABELS)[number];

/** Days of orders the score looks at. */
export const SELLER_SCORE_WINDOW_DAYS = 90;
/** Below this many paid orders in the window a seller is a "New seller" (no figure shown). */
export const SELLER_SCORE_MIN_ORDERS = 5;

/**
 * A seller's score over the last SELLER_SCORE_WINDOW_DAYS days (ADR 0211). Rates are 0..1 (null when
 * nothing was measured yet), `value` 0..100 (null for a new seller), `rating` 1..5 stars (null when
 * nobody rated).
 */
export const SellerScore = z.object({
  label: z.enum(SELLER_SCORE_LABELS),
  value: z.number().int().nullable(),
  /** Paid orders with a line of this seller in the window. */
  orders: z.number().int(),
  /** Lines not cancelled by the seller, of all paid lines. */
  fulfilled_rate: z.number().nullable(),
  /** Lines shipped by their ship-by deadline (ADR 0219), of the lines shipped or past it. */
  on_time_rate: z.number().nullable(),
  /** Lines without a problem or return, of all paid lines. */
  no_problem_rate: z.number().nullable(),
  /** Average stars of the seller's ratings (1 decimal). */
  rating: z.number().nullable(),
  rating_count: z.number().int(),
});
export type SellerScore = z.infer<typeof SellerScore>;
