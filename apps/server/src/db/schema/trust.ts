/**
 * Trust in sellers: each seller's score over the last 90 days (ADR 0211), kept by the
 * `seller-scores` job so a page view never computes it.
 */
import { index, integer, pgTable, real, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * One seller's score as last computed. Rates are 0..1 (null: nothing measured), `value` 0..100
 * (null below the minimum number of orders), `rating` average stars 1..5 (null: nobody rated).
 * `label` is one of the contract's SELLER_SCORE_LABELS.
 */
export const sellerScores = pgTable(
  "seller_scores",
  {
    sellerId: uuid("seller_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    value: integer("value"),
    orders: integer("orders").notNull().default(0),
    fulfilledRate: real("fulfilled_rate"),
    onTimeRate: real("on_time_rate"),
    noProblemRate: real("no_problem_rate"),
    rating: real("rating"),
    ratingCount: integer("rating_count").notNull().default(0),
    computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("seller_scores_computed_idx").on(t.computedAt)],
);
