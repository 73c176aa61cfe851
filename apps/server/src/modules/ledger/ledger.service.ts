/**
 * The double-entry ledger (design brief "Marketplace money", ADR 0090): accounts by kind and
 * owner, journals posted once per business key, entries in integer kobo that sum to zero. Balances
 * are sums of entries, never a stored number. Callers post inside their own transaction, so a
 * journal commits or rolls back with the business change it records.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client.js";
import { ledgerAccounts, ledgerEntries, ledgerJournals } from "../../db/schema/index.js";

type StoreAccountKind = "store_cash" | "store_commission" | "store_shipping" | "payouts_in_transit" | "refunds";
type SellerAccountKind = "seller_pending" | "seller_payable" | "seller_debt";
/** A ledger account: one of the store's, or a seller's own. */
export type AccountRef = { kind: StoreAccountKind } | { kind: SellerAccountKind; ownerId: string };

/** One entry of a journal: signed integer kobo (positive: the account holds or is owed more). */
export type EntryInput = {
  account: AccountRef;
  amountKobo: number;
  orderLineId?: string | null;
  payoutId?: string | null;
};

export type JournalMeta = { kind: string; orderId?: string | null; memo?: string };

/**
 * When a money row (journal, entry, payout, refund) happens: the transaction's time, unless the
 * connection has set `ledger.as_of` (a timestamptz). Only the demo history sets it, to post months
 * of past sales through these same services (ADR 0098); nothing in the app does.
 */
export const ledgerNow = sql`coalesce(nullif(current_setting('ledger.as_of', true), '')::timestamptz, now())`;

/** A journal the ledger refuses to post (a programming error, answered as 500, never partly written). */
export class LedgerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LedgerError";
  }
}

/**
 * The id of an account, created on first use (concurrent first uses agree: ON CONFLICT DO NOTHING
 * on the unique (kind, owner) pair, then read).
 */
export async function accountId(tx: Executor, ref: AccountRef): Promise<string> {
  const ownerId = "ownerId" in ref ? ref.ownerId : null;
  const inserted = await tx
    .insert(ledgerAccounts)
    .values({ kind: ref.kind, ownerId })
    .onConflictDoNothing()
    .returning({ id: ledgerAccounts.id });
  if (inserted[0]) return inserted[0].id;
  const [row] = await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, ref.kind), ownerId ? eq(ledgerAccounts.ownerId, ownerId) : isNull(ledgerAccounts.ownerId)));
  return row!.id;
}

/**
 * Post a journal under the business key `key` (e.g. `order-paid:<order id>`), inside `tx`.
 * Idempotent: a key already posted changes nothing and answers `created: false`. Entries with
 * amount 0 are dropped; what is left must be at least two whole-kobo amounts summing to zero.
 * The database checks the same sum again at commit (migration `ledger_guards`).
 * @throws LedgerError when the entries are not integers or do not sum to zero.
 */
export async function postJournal(
  tx: Tx,
  key: string,
  entries: EntryInput[],
  meta: JournalMeta = { kind: key.split(":")[0] ?? "journal" },
): Promise<{ journalId: string | null; created: boolean }> {
  const kept = entries.filter((e) => e.amountKobo !== 0);
  for (const e of kept) {
    if (!Number.isSafeInteger(e.amountKobo)) throw new LedgerError(`Ledger amounts are whole kobo (got ${e.amountKobo})`);
  }
  const total = kept.reduce((sum, e) => sum + e.amountKobo, 0);
  if (total !== 0) throw new LedgerError(`Journal ${key} does not sum to zero (${total} kobo)`);
  if (kept.length === 0) return { journalId: null, created: false };
  if (kept.length < 2) throw new LedgerError(`Journal ${key} needs at least two entries`);
  const [journal] = await tx
    .insert(ledgerJournals)
    .values({ key, kind: meta.kind, orderId: meta.orderId ?? null, memo: meta.memo ?? "", createdAt: ledgerNow })
    .onConflictDoNothing({ target: ledgerJournals.key })
    .returning({ id: ledgerJournals.id });
  if (!journal) return { journalId: null, created: false };
  const rows = [];
  for (const e of kept) {
    rows.push({
      journalId: journal.id,
      accountId: await accountId(tx, e.account),
      amountKobo: e.amountKobo,
      orderLineId: e.orderLineId ?? null,
      payoutId: e.payoutId ?? null,
      createdAt: ledgerNow,
    });
  }
  await tx.insert(ledgerEntries).values(rows);
  return { journalId: journal.id, created: true };
}

/** The balance of an account in kobo: the sum of its entries (0 for an account never used). */
export async function balanceKobo(db: Executor, ref: AccountRef): Promise<number> {
  const ownerId = "ownerId" in ref ? ref.ownerId : null;
  const result = await db.execute<{ total: string | null }>(sql`
    select coalesce(sum(e.amount_kobo), 0)::text as total
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where a.kind = ${ref.kind} and a.owner_id is not distinct from ${ownerId}::uuid`);
  return Number(result.rows[0]?.total ?? 0);
}

/**
 * Lock a seller's account row (FOR UPDATE) for the rest of `tx`, creating it first if needed: every
 * write that reads a seller's balance and then spends it takes this lock first, so two at once
 * are serialized (two payout requests never both see the same money).
 */
export async function lockAccount(tx: Tx, ref: AccountRef): Promise<string> {
  const id = await accountId(tx, ref);
  await tx.execute(sql`select id from ledger_accounts where id = ${id} for update`);
  return id;
}
