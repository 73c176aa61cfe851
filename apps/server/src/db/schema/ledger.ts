/**
 * Double-entry ledger of the marketplace's money (design brief "Marketplace money", ADR 0090).
 * Accounts by kind and owner; journals with a unique business key; entries in integer kobo that
 * sum to zero per journal and are never updated or deleted (database triggers in the migration
 * `ledger_guards` refuse both, and refuse at commit a journal whose entries do not sum to zero).
 * A balance is the sum of an account's entries.
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
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
 * - refunds: money owed back to buyers (and so handed back by the admin).
 */
export const ledgerAccountKind = pgEnum("ledger_account_kind", [
  "store_cash",
  "seller_pending",
  "seller_payable",
  "store_commission",
  "store_shipping",
  "payouts_in_transit",
  "refunds",
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
    check("ledger_accounts_owner_ck", sql`(${t.kind} in ('seller_pending', 'seller_payable')) = (${t.ownerId} is not null)`),
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
