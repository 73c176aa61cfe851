/**
 * Cart, orders, order lines, transactions and payment-provider events (design brief "store's rules").
 * All amounts are integer kobo.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgSequence, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { products, productVariants } from "./catalog.js";
import { fulfilmentStatus, orderStatus, problemStatus, transactionStatus } from "./enums.js";
import { users } from "./users.js";

export const cartLines = pgTable(
  "cart_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The variant in the cart (the default variant for a product without options; ADR 0215). */
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariants.id, { onDelete: "cascade" }),
    count: integer("count").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("cart_lines_user_variant_uq").on(t.userId, t.variantId), check("cart_lines_count_ck", sql`${t.count} > 0`)],
);

/** Shipping address snapshot kept on the order (spec §3 "Bank transfer record" address object). */
export type ShippingAddress = {
  first_name: string;
  last_name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  phone: string;
};

/** Counts orders for their human numbers; never reused, so a number names one order for good. */
export const orderNumberSeq = pgSequence("order_number_seq", { startWith: 1 });

/**
 * Counts bank-transfer references; each value is turned into an 8-character reference by the
 * database function `draw_payment_reference` (a permutation of 40 bits, migration 0011), so two
 * orders never get the same one, whatever the number of processes (ADR 0177).
 */
export const paymentReferenceSeq = pgSequence("payment_reference_seq", { startWith: 1, maxValue: 1099511627775 });

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The order's short human number, e.g. "NM-26-000123" ("NM", the year in Lagos when it was
     * placed, then the store-wide count): shown wherever the order is, said on the phone, searched
     * by the admin. Drawn by the database, so two processes can never give out the same one.
     */
    number: text("number")
      .notNull()
      .default(sql`'NM-' || to_char(now() AT TIME ZONE 'Africa/Lagos', 'YY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0')`),
    /**
     * The bank transfer's reference the buyer puts in the narration, e.g. "K7QX4M9T": 8 characters
     * of `23456789ABCDEFGHJKLMNPQRSTUVWXYZ` (no 0/O, 1/I), drawn by the database (ADR 0177).
     */
    paymentReference: text("payment_reference").notNull().default(sql`draw_payment_reference(nextval('payment_reference_seq'))`),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    status: orderStatus("status").notNull().default("awaiting_payment"),
    subtotalKobo: bigint("subtotal_kobo", { mode: "number" }).notNull(),
    shippingKobo: bigint("shipping_kobo", { mode: "number" }).notNull(),
    totalKobo: bigint("total_kobo", { mode: "number" }).notNull(),
    paymentType: text("payment_type").notNull().default("bank_transfer"),
    productType: text("product_type").notNull().default("market-place"),
    /** Account the shopper says they transfer from (NUBAN). */
    payerAccountNo: text("payer_account_no"),
    shippingAddress: jsonb("shipping_address").$type<ShippingAddress>().notNull(),
    /** While awaiting payment, the stock is held until this time (15-minute window). */
    reservedUntil: timestamp("reserved_until", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_number_uq").on(t.number),
    uniqueIndex("orders_payment_reference_uq").on(t.paymentReference),
    index("orders_buyer_idx").on(t.buyerId, t.createdAt.desc()),
    // The seller-scores job finds orders changed since its last run (ADR 0211).
    index("orders_updated_idx").on(t.updatedAt),
    index("orders_awaiting_idx").on(t.reservedUntil).where(sql`${t.status} = 'awaiting_payment'`),
    check("orders_total_ck", sql`${t.totalKobo} = ${t.subtotalKobo} + ${t.shippingKobo}`),
  ],
);

export const orderLines = pgTable(
  "order_lines",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: uuid("product_id").references(() => products.id, { onDelete: "set null" }),
    /** The variant whose stock the line holds; null once it is deleted (the snapshot below stays). */
    variantId: uuid("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /**
     * Snapshot of the variant at checkout (`sku`, `options`, `names`: the option names in the
     * seller's order); null for a product without options.
     */
    variant: jsonb("variant").$type<{ sku: string; options: Record<string, string>; names?: string[] }>(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** Snapshots at checkout time, so later edits of the product do not rewrite history. */
    name: text("name").notNull(),
    imageUrl: text("image_url"),
    unitPriceKobo: bigint("unit_price_kobo", { mode: "number" }).notNull(),
    quantity: integer("quantity").notNull(),
    fulfilment: fulfilmentStatus("fulfilment").notNull().default("unfulfilled"),
    /** When the seller marked it shipped (null if it went straight to delivered, or before the column existed). */
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** When the seller marked it delivered: the buyer's return window starts (ADR 0193). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** The carrier and the tracking number or link the seller gave when shipping (empty: none). */
    carrier: text("carrier").notNull().default(""),
    tracking: text("tracking").notNull().default(""),
    /** When the buyer confirmed receipt (or the return window closed): the share's holding period starts (ADR 0194). */
    receivedAt: timestamp("received_at", { withTimezone: true }),
    /** When it was cancelled (by its seller, or not shipped in time) and why. */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /**
     * For a line already paid when buyer protection began (migration 0016): that moment, from which
     * its ship-by time counts instead of its payment's, so no old unshipped line is cancelled at
     * once. Null for lines paid since (ADR 0196).
     */
    protectionStartedAt: timestamp("protection_started_at", { withTimezone: true }),
    /** Commission rate (basis points) and amount (kobo) fixed when the order was paid; null before (ADR 0091). */
    commissionBps: integer("commission_bps"),
    commissionKobo: bigint("commission_kobo", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("order_lines_order_idx").on(t.orderId),
    index("order_lines_seller_idx").on(t.sellerId, t.createdAt.desc()),
    // The timers look lines up by state (a plain index: a partial one would name enum values added in the same migration).
    index("order_lines_fulfilment_idx").on(t.fulfilment),
    // The seller-scores job finds lines changed since its last run (ADR 0211).
    index("order_lines_updated_idx").on(t.updatedAt),
    index("order_lines_variant_idx").on(t.variantId),
    check("order_lines_quantity_ck", sql`${t.quantity} > 0`),
  ],
);

/** The bank-transfer record: one per order ("the same submission sent twice creates one record"). */
export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    /** Receiving account shown to the shopper. */
    clientAccountNo: text("client_account_no").notNull(),
    clientBank: text("client_bank").notNull(),
    clientAccountName: text("client_account_name").notNull(),
    /** Payer's origin account (NUBAN). */
    payerAccountNo: text("payer_account_no").notNull(),
    provider: text("provider").notNull().default("manual"),
    providerRef: text("provider_ref"),
    status: transactionStatus("status").notNull().default("submitted"),
    reviewedBy: uuid("reviewed_by").references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** When no admin had decided it within UNCONFIRMED_TRANSFER_HOURS and its order's stock was released (ADR 0081). */
    flaggedAt: timestamp("flagged_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("transactions_order_uq").on(t.orderId), index("transactions_status_idx").on(t.status, t.createdAt.desc())],
);

/** Webhook events already handled, for idempotency (Paystack event id or reference). */
export const paymentEvents = pgTable("payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  payload: jsonb("payload").notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What happened to an order line, by whom, oldest first (the order page's timeline, ADR 0193): one
 * row per transition of the line's state machine, written in the transition's transaction.
 * `actor_id` null: the store's timers.
 */
export const orderLineEvents = pgTable(
  "order_line_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineId: uuid("line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_line_events_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * A problem the buyer reported on a line (ADR 0195): the buyer's reason, comment and photos, the
 * seller's answer, the admin's decision; at most one not yet closed per line.
 */
export const orderProblems = pgTable(
  "order_problems",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    lineId: uuid("line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    reason: text("reason").notNull(),
    comment: text("comment").notNull(),
    imageUrls: jsonb("image_urls").$type<string[]>().notNull().default([]),
    status: problemStatus("status").notNull().default("open"),
    /** The line's state when it was reported (shipped or delivered), to know where a release returns. */
    fromState: fulfilmentStatus("from_state").notNull(),
    sellerComment: text("seller_comment"),
    sellerRepliedAt: timestamp("seller_replied_at", { withTimezone: true }),
    /** The decision: refunded kobo (0: released to the seller), the reason, who (null: the timer) and when. */
    refundKobo: bigint("refund_kobo", { mode: "number" }),
    decisionReason: text("decision_reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("order_problems_open_uq").on(t.lineId).where(sql`${t.status} in ('open', 'answered')`),
    index("order_problems_status_idx").on(t.status, t.createdAt),
  ],
);
