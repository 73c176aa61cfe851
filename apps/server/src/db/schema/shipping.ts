/**
 * Each seller's delivery by state (ADR 0199): a rate per state the seller delivers to, their pickup
 * points, and each order's shipments (one per seller, fee fixed at checkout). Amounts are kobo.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { orders } from "./commerce.js";
import { users } from "./users.js";

/** A state a seller delivers to; a seller without any row ships at the store's rate. */
export const shippingRates = pgTable(
  "shipping_rates",
  {
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** As NIGERIAN_STATES spells it ("FCT" for Abuja). */
    state: text("state").notNull(),
    feeKobo: bigint("fee_kobo", { mode: "number" }).notNull(),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    /** The seller's courier takes cash in this state (pay on delivery, ADR 0220). */
    payOnDelivery: boolean("pay_on_delivery").notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.state] }),
    check("shipping_rates_fee_ck", sql`${t.feeKobo} between 0 and 100000000`),
    check("shipping_rates_days_ck", sql`${t.minDays} >= 0 and ${t.minDays} <= ${t.maxDays}`),
  ],
);

/** A place where buyers collect a seller's parcels. */
export const pickupPoints = pgTable(
  "pickup_points",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address").notNull(),
    state: text("state").notNull(),
    feeKobo: bigint("fee_kobo", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pickup_points_seller_idx").on(t.sellerId), check("pickup_points_fee_ck", sql`${t.feeKobo} between 0 and 100000000`)],
);

/** The pickup point a buyer chose, as it was at checkout. */
export type PickupSnapshot = { id: string; name: string; address: string; state: string };

/**
 * One seller's shipment of an order, fixed at checkout: its fee (the order's `shipping_kobo` is
 * the sum of its shipments'), days, and whether the fee is the store's rate (the store keeps it)
 * or the seller's own (the seller gets it; ADR 0200).
 */
export const orderShipments = pgTable(
  "order_shipments",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    feeKobo: bigint("fee_kobo", { mode: "number" }).notNull(),
    storeRate: boolean("store_rate").notNull(),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    pickup: jsonb("pickup").$type<PickupSnapshot>(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.sellerId] }), check("order_shipments_fee_ck", sql`${t.feeKobo} >= 0`)],
);

/**
 * A pay-on-delivery order's delivery code (ADR 0221): only its salted hash, and when and how often
 * it was sent to the buyer by SMS.
 */
export const podCodes = pgTable("pod_codes", {
  orderId: uuid("order_id")
    .primaryKey()
    .references(() => orders.id, { onDelete: "cascade" }),
  codeHash: text("code_hash").notNull(),
  sends: integer("sends").notNull().default(1),
  sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One seller's delivery of a pay-on-delivery order (ADR 0221): wrong codes typed (five lock it until
 * an admin unlocks), and how it ended: paid (the code) or refused at the door (not paid).
 */
export const podDeliveries = pgTable(
  "pod_deliveries",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The buyer, so their refusals are counted without reading orders. */
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    wrongTries: integer("wrong_tries").notNull().default(0),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refusedAt: timestamp("refused_at", { withTimezone: true }),
    /** When the buyer said they did not refuse (within POD_CONTEST_DAYS): no strike, the admin decides (ADR 0221). */
    contestedAt: timestamp("contested_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.sellerId] }),
    index("pod_deliveries_refused_idx").on(t.buyerId).where(sql`${t.refusedAt} is not null`),
    check("pod_deliveries_one_end_ck", sql`${t.paidAt} is null or ${t.refusedAt} is null`),
  ],
);
