/**
 * Sellers' earnings on the ledger (design brief "Marketplace money", ADR 0091):
 * - an order paid credits each line's seller share (line total less commission) to the seller's
 *   *pending* account, the commission to the store, the shipping at the store's rate to the store
 *   and each seller's own delivery fee to that seller's pending account (ADR 0200);
 * - a received line's remaining pending share moves to *available* once the holding period has
 *   passed since receipt (checked whenever a seller's money is read or spent, by the `now` given),
 *   and the line is then completed (ADR 0194); a disputed line never is;
 * - the seller reads balances and a statement of every entry (keyset by entry id), or a CSV of it.
 * Rejected or cancelled orders never reach "paid", so they never credit.
 */
import type { EarningsAnswer, StatementEntry } from "@market/contract";
import { koboToNaira } from "@market/contract";
import { type SQL, sql } from "drizzle-orm";
import { allOf, type Db, type Executor, type Tx } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { newestFirst } from "../../lib/keyset.js";
import { recordLineEvent } from "../commerce/line-events.js";
import { LINE_TRANSITIONS } from "../commerce/line-life.js";
import { fixLineCommissions } from "./commission.service.js";
import { balanceKobo, type EntryInput, ledgerNow, lockAccount, postJournal } from "./ledger.service.js";
import { netSellerDebt } from "./pod-debt.service.js";

/** The clock of money rules; tests move it instead of waiting (holding periods are days). */
export const ledgerClock = { now: (): Date => new Date() };

/** Money settings read from the configuration. */
export type FinanceSettings = { holdDays: number; minPayoutKobo: number };

/** The money settings of `config`: PAYOUT_HOLD_DAYS (days) and MIN_PAYOUT_NAIRA (naira) in kobo. */
export function financeSettings(config: { PAYOUT_HOLD_DAYS: number; MIN_PAYOUT_NAIRA: number }): FinanceSettings {
  return { holdDays: config.PAYOUT_HOLD_DAYS, minPayoutKobo: config.MIN_PAYOUT_NAIRA * 100 };
}

/**
 * Record an order becoming paid, inside the transaction that marks it paid (admin confirmation or
 * the provider's webhook): fix each line's commission, then post `order-paid:<order>`: the store's
 * cash takes the total; each seller's pending account its lines' shares; the store its commission
 * and the store's-rate shipping; each seller their own delivery fee (ADR 0200). Idempotent by key.
 */
export async function recordOrderPaid(tx: Tx, orderId: string): Promise<void> {
  await fixLineCommissions(tx, orderId);
  const found = await tx.execute<{ total_kobo: string; shipping_kobo: string }>(
    sql`select total_kobo::text, shipping_kobo::text from orders where id = ${orderId}`,
  );
  const order = found.rows[0];
  if (!order) return;
  const lines = await tx.execute<{ id: string; seller_id: string; amount: string; commission: string }>(sql`
    select id, seller_id, (unit_price_kobo * quantity)::text as amount, commission_kobo::text as commission
    from order_lines where order_id = ${orderId} order by id`);
  const entries: EntryInput[] = [{ account: { kind: "store_cash" }, amountKobo: -Number(order.total_kobo) }];
  for (const l of lines.rows) {
    const amount = Number(l.amount);
    const commission = Number(l.commission);
    entries.push({ account: { kind: "seller_pending", ownerId: l.seller_id }, amountKobo: amount - commission, orderLineId: l.id });
    entries.push({ account: { kind: "store_commission" }, amountKobo: commission, orderLineId: l.id });
  }
  // Each seller's own delivery fee is theirs, with their first line of the order (released with
  // it); the store's rate, and any order placed before shipments were recorded, is the store's (ADR 0200).
  const own = await tx.execute<{ seller_id: string; fee: string; line_id: string }>(sql`
    select s.seller_id, s.fee_kobo::text as fee,
      (select id from order_lines where order_id = s.order_id and seller_id = s.seller_id order by id limit 1) as line_id
    from order_shipments s where s.order_id = ${orderId} and not s.store_rate and s.fee_kobo > 0 order by s.seller_id`);
  let storeShipping = Number(order.shipping_kobo);
  for (const s of own.rows) {
    entries.push({ account: { kind: "seller_pending", ownerId: s.seller_id }, amountKobo: Number(s.fee), orderLineId: s.line_id });
    storeShipping -= Number(s.fee);
  }
  entries.push({ account: { kind: "store_shipping" }, amountKobo: storeShipping });
  await postJournal(tx, `order-paid:${orderId}`, entries, { kind: "sale", orderId });
}

/**
 * Move to available every share of `sellerId` (or of all sellers when null) whose line was
 * received at least `holdDays` before `now` and still has money pending (`release:<line>`, once),
 * each under its seller's account lock (ADR 0092).
 * Answers how many lines were released.
 */
export async function releaseDueLines(tx: Tx, sellerId: string | null, now: Date, holdDays: number): Promise<number> {
  const due = await tx.execute<{ id: string; seller_id: string; order_id: string; pending: string }>(sql`
    select ol.id, ol.seller_id, ol.order_id, sum(e.amount_kobo)::text as pending
    from order_lines ol
    join ledger_entries e on e.order_line_id = ol.id
    join ledger_accounts a on a.id = e.account_id and a.kind = 'seller_pending' and a.owner_id = ol.seller_id
    where ol.fulfilment = 'received' and ol.received_at is not null
      and ol.received_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${holdDays})
      and (${sellerId}::uuid is null or ol.seller_id = ${sellerId}::uuid)
    group by ol.id
    having sum(e.amount_kobo) > 0
    order by ol.seller_id, ol.id`);
  let released = 0;
  for (const l of due.rows) {
    // Under the seller's lock (taken in seller order, like refunds), read the pending share again:
    // a refund may have taken part of it since the list above was read.
    await lockAccount(tx, { kind: "seller_payable", ownerId: l.seller_id });
    const amount = await linePendingKobo(tx, l.id);
    if (amount <= 0) continue;
    const posted = await postJournal(
      tx,
      `release:${l.id}`,
      [
        { account: { kind: "seller_pending", ownerId: l.seller_id }, amountKobo: -amount, orderLineId: l.id },
        { account: { kind: "seller_payable", ownerId: l.seller_id }, amountKobo: amount, orderLineId: l.id },
      ],
      { kind: "release", orderId: l.order_id },
    );
    if (posted.created) released++;
    await completeLine(tx, l.id, l.order_id);
    // Cash the seller's couriers collected on delivery is settled from what just became available (ADR 0222).
    await netSellerDebt(tx, l.seller_id);
  }
  return released;
}

/** received -> completed once its share is released (the "release" row of line-life.ts). */
async function completeLine(tx: Tx, lineId: string, orderId: string): Promise<void> {
  const moved = await tx.execute(
    sql`update order_lines set fulfilment = ${LINE_TRANSITIONS.release.to}, updated_at = ${ledgerNow} where id = ${lineId} and fulfilment = 'received'`,
  );
  if (moved.rowCount) {
    await recordLineEvent(tx, { orderId, lineId, kind: "completed", actorId: null, text: "Completed: the seller's share is released" });
  }
}

/** What is still pending of a line's seller share, kobo. */
async function linePendingKobo(tx: Executor, lineId: string): Promise<number> {
  const result = await tx.execute<{ pending: string }>(sql`
    select coalesce(sum(e.amount_kobo), 0)::text as pending
    from ledger_entries e join ledger_accounts a on a.id = e.account_id
    where e.order_line_id = ${lineId} and a.kind = 'seller_pending'`);
  return Number(result.rows[0]?.pending ?? 0);
}

/** A seller's balances in kobo: pending, available, in transit (requested payouts), paid out. */
async function sellerBalancesKobo(db: Executor, sellerId: string) {
  const [pending, available, debt] = await allOf(db, [
    () => balanceKobo(db, { kind: "seller_pending", ownerId: sellerId }),
    () => balanceKobo(db, { kind: "seller_payable", ownerId: sellerId }),
    () => balanceKobo(db, { kind: "seller_debt", ownerId: sellerId }),
  ]);
  const payouts = await db.execute<{ in_transit: string; paid_out: string }>(sql`
    select coalesce(sum(amount_kobo) filter (where status = 'requested'), 0)::text as in_transit,
           coalesce(sum(amount_kobo) filter (where status = 'paid'), 0)::text as paid_out
    from payouts where seller_id = ${sellerId}`);
  return {
    pending,
    available,
    owed: Math.max(0, -debt),
    inTransit: Number(payouts.rows[0]?.in_transit ?? 0),
    paidOut: Number(payouts.rows[0]?.paid_out ?? 0),
  };
}

type StatementRow = {
  id: string;
  kind: string;
  account_kind: string;
  amount_kobo: string;
  order_id: string | null;
  order_line_id: string | null;
  line_name: string | null;
  line_kobo: string | null;
  commission_kobo: string | null;
  payout_id: string | null;
  memo: string;
  created_at: Date;
  cursorKey: string;
  cursorId: string;
};

/** The statement newest first: by ledger entry id, which is unique and grows with every entry. */
const STATEMENT = newestFirst(sql`e.id`, "bigint");

/** Up to `limit` statement rows after `cursor` (a statement cursor; none: from the newest). */
async function statementRows(db: Executor, sellerId: string, limit: number, cursor: SQL | undefined): Promise<StatementRow[]> {
  const result = await db.execute<StatementRow>(sql`
    select e.id::text as id, j.kind, a.kind::text as account_kind, e.amount_kobo::text as amount_kobo, j.order_id,
           e.order_line_id, ol.name as line_name, (ol.unit_price_kobo * ol.quantity)::text as line_kobo,
           ol.commission_kobo::text as commission_kobo, e.payout_id, j.memo, e.created_at,
           ${STATEMENT.columns.cursorKey} as "cursorKey", ${STATEMENT.columns.cursorId} as "cursorId"
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_journals j on j.id = e.journal_id
    left join order_lines ol on ol.id = e.order_line_id
    where a.owner_id = ${sellerId} and a.kind in ('seller_pending', 'seller_payable')
      and ${cursor ?? sql`true`}
    order by ${sql.join(STATEMENT.order, sql`, `)}
    limit ${limit}`);
  return result.rows;
}

function toStatementEntry(r: StatementRow): StatementEntry {
  const sale = r.kind === "sale";
  return {
    _id: r.id,
    kind: r.kind as StatementEntry["kind"],
    balance: r.account_kind === "seller_pending" ? "pending" : "available",
    amount: koboToNaira(Number(r.amount_kobo)),
    order_id: r.order_id,
    line_id: r.order_line_id,
    line_name: r.line_name,
    line_amount: sale && r.line_kobo !== null ? koboToNaira(Number(r.line_kobo)) : null,
    commission: sale && r.commission_kobo !== null ? koboToNaira(Number(r.commission_kobo)) : null,
    payout_id: r.payout_id,
    memo: r.memo,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/**
 * The seller's earnings page: due shares released first (by `now`), then balances in naira and one
 * page of the statement (newest first; `cursor` from the previous page's `nextCursor`).
 * @throws 400 "Invalid cursor" on a forged cursor (ADR 0080).
 */
export async function sellerEarnings(
  db: Db,
  sellerId: string,
  page: { limit: number; cursor?: string },
  settings: FinanceSettings,
  now: Date,
): Promise<Omit<EarningsAnswer, "statusCode">> {
  const after = STATEMENT.after(page.cursor);
  await db.transaction((tx) => releaseDueLines(tx, sellerId, now, settings.holdDays));
  const b = await sellerBalancesKobo(db, sellerId);
  const [account] = await db.select({ verified: users.bankAccountVerified }).from(users).where(sql`${users.id} = ${sellerId}`);
  const { rows, nextCursor } = STATEMENT.page(await statementRows(db, sellerId, page.limit + 1, after), page.limit);
  return {
    data: {
      pending: koboToNaira(b.pending),
      available: koboToNaira(b.available),
      in_transit: koboToNaira(b.inTransit),
      paid_out: koboToNaira(b.paidOut),
      owed: koboToNaira(b.owed),
      holding_days: settings.holdDays,
      min_payout: koboToNaira(settings.minPayoutKobo),
      bank_account_verified: account?.verified ?? false,
    },
    statement: rows.map(toStatementEntry),
    nextCursor,
  };
}

/** A CSV field: quoted when needed; a leading = + - @ is neutralised (OWASP "CSV injection"). */
export function csvField(value: string | number | null): string {
  let s = value === null ? "" : String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The seller's whole statement as CSV (newest first), amounts in naira. */
export async function sellerStatementCsv(db: Db, sellerId: string, settings: FinanceSettings, now: Date): Promise<string> {
  await db.transaction((tx) => releaseDueLines(tx, sellerId, now, settings.holdDays));
  const header = ["date", "kind", "balance", "amount", "order_id", "line_id", "item", "line_amount", "commission", "payout_id", "memo"];
  const out = [header.join(",")];
  let cursor: string | null = null;
  do {
    const fetched: StatementRow[] = await statementRows(db, sellerId, 1001, STATEMENT.after(cursor));
    const page = STATEMENT.page(fetched, 1000);
    for (const r of page.rows.map(toStatementEntry)) {
      out.push(
        [r.createdAt, r.kind, r.balance, r.amount, r.order_id, r.line_id, r.line_name, r.line_amount, r.commission, r.payout_id, r.memo]
          .map(csvField)
          .join(","),
      );
    }
    cursor = page.nextCursor;
  } while (cursor);
  return `${out.join("\r\n")}\r\n`;
}
