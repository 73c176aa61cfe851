/**
 * Double-entry ledger of the marketplace's money (design brief "Marketplace money", ADR 0090).
 * Accounts by kind and owner; journals with a unique business key; entries in integer kobo that
 * sum to zero per journal and are never updated or deleted (database triggers in the migration
 * `ledger_guards` refuse both, and refuse at commit a journal whose entries do not sum to zero).
 * A balance is the sum of an account's entries.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { categories } from "./catalog.js";
import { orderLines, orders } from "./commerce.js";
import { users } from "./users.js";

/**
 * Kinds of ledger account. Sign convention: a positive balance is money the account holds or is
 * owed (a seller's payable, the store's commission); `store_cash` is the store's bank account,
 * negative while it holds buyers' money (each journal moves money, it never creates it).
 * - store_cash: buyers' payments in, payouts and refunds out (the "buyer-payments" account);
 * - seller_pending / seller_payable: per seller, a share not yet / already available for payout;
 * - store_commission, store_shipping: what the store earned;
 * - payouts_in_transit: requested payouts not yet paid;
 * - refunds: money owed back to buyers (and so handed back by the admin);
 * - seller_debt: per seller, negative while the seller owes the store cash their courier collected
 *   on delivery (pay on delivery, ADR 0222), netted from their available balance.
 */
export const ledgerAccountKind = pgEnum("ledger_account_kind", [
  "store_cash",
  "seller_pending",
  "seller_payable",
  "store_commission",
  "store_shipping",
  "payouts_in_transit",
  "refunds",
  "seller_debt",
]);

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: ledgerAccountKind("kind").notNull(),
    /** The seller of a per-seller account; null for the store's accounts. */
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("ledger_accounts_kind_owner_uq").on(t.kind, t.ownerId).nullsNotDistinct(),
    // Compared as text: the enum value seller_debt is added in the same migration.
    check(
      "ledger_accounts_owner_ck",
      sql`(${t.kind}::text in ('seller_pending', 'seller_payable', 'seller_debt')) = (${t.ownerId} is not null)`,
    ),
  ],
);

export const ledgerJournals = pgTable(
  "ledger_journals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Business key, e.g. `order-paid:<order id>`: the same event posted twice is one journal. */
    key: text("key").notNull().unique(),
    /** What happened: sale, release, refund, payout, payout_paid, payout_returned. */
    kind: text("kind").notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "restrict" }),
    memo: text("memo").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_journals_order_idx").on(t.orderId)],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    /** Ascending with insertion: the statement's keyset. */
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    journalId: uuid("journal_id")
      .notNull()
      .references(() => ledgerJournals.id, { onDelete: "restrict" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    /** Signed integer kobo, never zero. */
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "restrict" }),
    payoutId: uuid("payout_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_account_idx").on(t.accountId, t.id.desc()),
    index("ledger_entries_journal_idx").on(t.journalId),
    index("ledger_entries_line_idx").on(t.orderLineId).where(sql`${t.orderLineId} is not null`),
    check("ledger_entries_amount_ck", sql`${t.amountKobo} <> 0`),
  ],
);

/* Commission settings (ADR 0091) ------------------------------------------------------------- */

/** The store's one row of money settings: the store-wide commission rate in basis points, the free shipping threshold. */
export const financeSettings = pgTable(
  "finance_settings",
  {
    id: integer("id").primaryKey().default(1),
    commissionBps: integer("commission_bps").notNull().default(1000),
    /** Free standard shipping in Lagos over this subtotal, whole naira; 0: none (ADR 0135). */
    freeShippingOverNaira: integer("free_shipping_over_naira").notNull().default(50_000),
    /** Pay on delivery only for orders under this total, whole naira (ADR 0220). */
    podCapNaira: integer("pod_cap_naira").notNull().default(100_000),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("finance_settings_one_ck", sql`${t.id} = 1`),
    check("finance_settings_bps_ck", sql`${t.commissionBps} between 0 and 10000`),
    check("finance_settings_free_shipping_ck", sql`${t.freeShippingOverNaira} >= 0`),
    check("finance_settings_pod_cap_ck", sql`${t.podCapNaira} >= 0`),
  ],
);

/** A category's own commission rate, in place of the store-wide one. */
export const categoryCommissions = pgTable(
  "category_commissions",
  {
    categoryId: uuid("category_id")
      .primaryKey()
      .references(() => categories.id, { onDelete: "cascade" }),
    commissionBps: integer("commission_bps").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("category_commissions_bps_ck", sql`${t.commissionBps} between 0 and 10000`)],
);

/* Payouts and refunds (ADR 0092) ------------------------------------------------------------- */

/** requested -> paid | failed; paid -> reversed (the bank or provider sent it back). */
export const payoutStatus = pgEnum("payout_status", ["requested", "paid", "failed", "reversed"]);

export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    status: payoutStatus("status").notNull().default("requested"),
    /** "manual" (the admin pays and records the bank reference) or "paystack" (Transfers API). */
    provider: text("provider").notNull().default("manual"),
    /** The verified payout account at the time of the request. */
    bankCode: text("bank_code").notNull(),
    accountNo: text("account_no").notNull(),
    accountName: text("account_name").notNull(),
    /** The bank's reference (manual) or the provider's transfer reference. */
    reference: text("reference"),
    failureReason: text("failure_reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payouts_status_idx").on(t.status, t.createdAt.desc()),
    index("payouts_seller_idx").on(t.sellerId, t.createdAt.desc()),
    check("payouts_amount_ck", sql`${t.amountKobo} > 0`),
  ],
);

/** A refund of a paid order or of one of its lines, with its split (kobo) and the admin's reason. */
export const refunds = pgTable(
  "refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    orderLineId: uuid("order_line_id").references(() => orderLines.id, { onDelete: "restrict" }),
    amountKobo: bigint("amount_kobo", { mode: "number" }).notNull(),
    sellerKobo: bigint("seller_kobo", { mode: "number" }).notNull(),
    commissionKobo: bigint("commission_kobo", { mode: "number" }).notNull(),
    shippingKobo: bigint("shipping_kobo", { mode: "number" }).notNull(),
    reason: text("reason").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId, t.createdAt),
    check("refunds_amount_ck", sql`${t.amountKobo} > 0 and ${t.amountKobo} = ${t.sellerKobo} + ${t.commissionKobo} + ${t.shippingKobo}`),
    check("refunds_parts_ck", sql`${t.sellerKobo} >= 0 and ${t.commissionKobo} >= 0 and ${t.shippingKobo} >= 0`),
  ],
);
