/**
 * Pay on delivery on the ledger (ADR 0222). The buyer pays the seller's courier in cash, so the
 * store never holds that money: when the seller enters the buyer's code, `pod-collected:<order>:<seller>`
 * records that the seller holds the cash of their lines and own delivery fee (their `seller_debt`
 * goes negative by it), credits their pending share and fee as for a paid order, and the store its
 * commission. The share then follows the line's life (release after receipt and hold, refunds), and
 * `netSellerDebt` settles the debt from the seller's available balance whenever there is some, so
 * what stays owed is the store's commission, netted from later sales before any payout, and the
 * available balance never goes below zero (the debt waits). Kobo throughout.
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { fixLineCommissions } from "./commission.service.js";
import { balanceKobo, type EntryInput, postJournal } from "./ledger.service.js";

/**
 * Record, in the caller's transaction, that `sellerId`'s courier collected the cash of their lines
 * of `orderId` (those not cancelled) and their own delivery fee. Idempotent by key. Answers the
 * kobo collected. The caller holds the seller's payable lock (netting follows).
 */
export async function recordPodCollected(tx: Tx, orderId: string, sellerId: string): Promise<number> {
  await fixLineCommissions(tx, orderId, sellerId);
  const lines = await tx.execute<{ id: string; amount: string; commission: string }>(sql`
    select id, (unit_price_kobo * quantity)::text as amount, commission_kobo::text as commission
    from order_lines where order_id = ${orderId} and seller_id = ${sellerId} and fulfilment <> 'cancelled' order by id`);
  if (lines.rows.length === 0) return 0;
  const fee = await tx.execute<{ fee: string }>(sql`
    select coalesce(sum(fee_kobo), 0)::text as fee from order_shipments
    where order_id = ${orderId} and seller_id = ${sellerId} and not store_rate`);
  const feeKobo = Number(fee.rows[0]?.fee ?? 0);
  const entries: EntryInput[] = [];
  let cash = feeKobo;
  for (const l of lines.rows) {
    const amount = Number(l.amount);
    const commission = Number(l.commission);
    cash += amount;
    entries.push({ account: { kind: "seller_pending", ownerId: sellerId }, amountKobo: amount - commission, orderLineId: l.id });
    entries.push({ account: { kind: "store_commission" }, amountKobo: commission, orderLineId: l.id });
  }
  // The fee is the seller's, with their first line (released with it), as for a paid order (ADR 0200).
  entries.push({ account: { kind: "seller_pending", ownerId: sellerId }, amountKobo: feeKobo, orderLineId: lines.rows[0]!.id });
  entries.push({ account: { kind: "seller_debt", ownerId: sellerId }, amountKobo: -cash });
  await postJournal(tx, `pod-collected:${orderId}:${sellerId}`, entries, {
    kind: "sale",
    orderId,
    memo: "Paid on delivery: the cash is with you",
  });
  return cash;
}

/** What `sellerId` owes the store for cash their couriers collected, kobo (0 or more). */
export async function sellerDebtKobo(tx: Tx | Parameters<typeof balanceKobo>[0], sellerId: string): Promise<number> {
  return Math.max(0, -(await balanceKobo(tx, { kind: "seller_debt", ownerId: sellerId })));
}

/**
 * Settle what `sellerId` owes from their available balance, as far as it goes (never below zero):
 * `pod-net:<id>` available -> debt. The caller holds the seller's payable lock. Answers the kobo netted.
 */
export async function netSellerDebt(tx: Tx, sellerId: string): Promise<number> {
  const debt = await sellerDebtKobo(tx, sellerId);
  if (debt === 0) return 0;
  const available = await balanceKobo(tx, { kind: "seller_payable", ownerId: sellerId });
  const netted = Math.min(debt, Math.max(0, available));
  if (netted === 0) return 0;
  await postJournal(
    tx,
    `pod-net:${randomUUID()}`,
    [
      { account: { kind: "seller_payable", ownerId: sellerId }, amountKobo: -netted },
      { account: { kind: "seller_debt", ownerId: sellerId }, amountKobo: netted },
    ],
    { kind: "debt", memo: "Cash collected on delivery: the store's part netted" },
  );
  return netted;
}
