/**
 * Trust in sellers: reviews from verified buyers, one per order line (ADR 0212), and each seller's
 * score over the last 90 days (ADR 0211), kept by the `seller-scores` job so a page view never
 * computes it.
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, real, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products } from "./catalog.js";
import { orderLines } from "./commerce.js";
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

/**
 * A buyer's review of one order line they received: the product's stars (1..5), the seller's stars
 * (1..5) and a plain-text comment; editable by the buyer for 30 days; the seller's one public reply.
 * `seller_id` and `product_id` are the line's, copied so the lists need no join through orders.
 * `hidden_at`: an admin hid it (with `hidden_reason`); it then counts nowhere.
 */
export const purchaseReviews = pgTable(
  "purchase_reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderLineId: uuid("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    productRating: smallint("product_rating").notNull(),
    sellerRating: smallint("seller_rating").notNull(),
    comment: text("comment").notNull(),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("purchase_reviews_line_uq").on(t.orderLineId),
    index("purchase_reviews_product_idx").on(t.productId, t.createdAt.desc(), t.id.desc()),
    index("purchase_reviews_seller_idx").on(t.sellerId, t.createdAt.desc(), t.id.desc()),
    // The seller-scores job finds reviews written or changed since its last run (ADR 0211).
    index("purchase_reviews_updated_idx").on(t.updatedAt),
    check("purchase_reviews_product_rating_ck", sql`${t.productRating} between 1 and 5`),
    check("purchase_reviews_seller_rating_ck", sql`${t.sellerRating} between 1 and 5`),
  ],
);

/**
 * One reported item (ADR 0213): a listing (product or service) or a review, and what the admin
 * decided. `target_type` is "product", "post" or "review"; `status` "open" until an admin decides
 * ("hidden", "unlisted" or "dismissed", with `reason`). `auto_hidden`: 3 verified buyers reported the
 * listing, so it was hidden until the admin looks. One open case per item.
 */
export const reportCases = pgTable(
  "report_cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    /** The seller the item belongs to (the listing's owner, or the reviewed line's seller). */
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("open"),
    autoHidden: boolean("auto_hidden").notNull().default(false),
    reason: text("reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("report_cases_open_uq").on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index("report_cases_status_idx").on(t.status, t.createdAt),
    index("report_cases_seller_idx").on(t.sellerId, t.createdAt.desc()),
  ],
);

/** One account's report of an item: once per item and account (ADR 0213). */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => reportCases.id, { onDelete: "cascade" }),
    targetType: text("target_type").notNull(),
    targetId: uuid("target_id").notNull(),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    comment: text("comment").notNull().default(""),
    /** The reporter bought this product (a paid order line of it). */
    verifiedBuyer: boolean("verified_buyer").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reports_once_uq").on(t.targetType, t.targetId, t.reporterId),
    index("reports_case_idx").on(t.caseId, t.createdAt),
    index("reports_reporter_idx").on(t.reporterId, t.createdAt),
  ],
);
