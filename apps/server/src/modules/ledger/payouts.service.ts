/**
 * Payouts (design brief "Marketplace money", ADR 0092): a seller asks for their available balance
 * (or part of it, at least the minimum) to be paid to their verified bank account; the admin pays it
 * and records the bank's reference, or records it failed. Money moves on the ledger (ADR 0090):
 * request `payout:<id>` available -> in transit; paid `payout-paid:<id>` in transit -> store cash
 * out; failed `payout-returned:<id>` in transit -> available; a paid payout the bank sent back is
 * "reversed" with store cash -> available.
 */
import type { Payout } from "@market/contract";
import { FINANCE_MESSAGES, koboToNaira } from "@market/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client.js";
import { payouts, users } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { newestFirst } from "../../lib/keyset.js";
import { payoutRequested, payoutSettled } from "../notifications/events.js";
import { type FinanceSettings, releaseDueLines } from "./earnings.service.js";
import { balanceKobo, ledgerNow, lockAccount, postJournal } from "./ledger.service.js";
import { netSellerDebt } from "./pod-debt.service.js";

const columns = { p: payouts, names: users.names, email: users.email };
type PayoutRow = { p: typeof payouts.$inferSelect; names: string; email: string };

function toPayout(r: PayoutRow): Payout {
  return {
    _id: r.p.id,
    seller: { _id: r.p.sellerId, names: r.names, email: r.email },
    amount: koboToNaira(r.p.amountKobo),
    status: r.p.status,
    provider: r.p.provider,
    bank_code: r.p.bankCode,
    account_no: r.p.accountNo,
    account_name: r.p.accountName,
    reference: r.p.reference,
    failure_reason: r.p.failureReason,
    paid_at: r.p.paidAt?.toISOString() ?? null,
    createdAt: r.p.createdAt.toISOString(),
  };
}

async function readPayout(db: Executor, id: string): Promise<Payout> {
  const [row] = await db.select(columns).from(payouts).innerJoin(users, eq(users.id, payouts.sellerId)).where(eq(payouts.id, id));
  return toPayout(row!);
}

/**
 * A seller requests a payout of `amountKobo`, or of the whole available balance when undefined.
 * In one transaction that first locks the seller's payable account row, so parallel requests run
 * one after the other and the second sees the balance the first left (never paid twice).
 * Shares due by `now` are released first.
 * @throws 409 no payout account, an unverified one, or nothing available; 400 above the available
 * balance or below the minimum (nothing is changed).
 */
export async function requestPayout(
  db: Db,
  sellerId: string,
  amountKobo: number | undefined,
  settings: FinanceSettings,
  now: Date,
  provider = "manual",
): Promise<Payout> {
  const id = await db.transaction(async (tx) => {
    await lockAccount(tx, { kind: "seller_payable", ownerId: sellerId });
    const [seller] = await tx
      .select({
        bankCode: users.bankCode,
        accountNo: users.accountNo,
        accountName: users.accountName,
        verified: users.bankAccountVerified,
      })
      .from(users)
      .where(eq(users.id, sellerId));
    if (!seller?.bankCode || !seller.accountNo || !seller.accountName) throw conflict(FINANCE_MESSAGES.noAccount);
    if (!seller.verified) throw conflict(FINANCE_MESSAGES.unverifiedAccount);
    await releaseDueLines(tx, sellerId, now, settings.holdDays);
    // What the seller owes for cash collected on delivery comes first (ADR 0222).
    await netSellerDebt(tx, sellerId);
    const available = await balanceKobo(tx, { kind: "seller_payable", ownerId: sellerId });
    if (available <= 0) throw conflict(FINANCE_MESSAGES.nothingAvailable);
    const amount = amountKobo ?? available;
    if (amount > available) throw badRequest(FINANCE_MESSAGES.aboveAvailable, { amount: FINANCE_MESSAGES.aboveAvailable });
    if (amount < settings.minPayoutKobo) {
      const message = FINANCE_MESSAGES.belowMinimum(koboToNaira(settings.minPayoutKobo));
      throw badRequest(message, { amount: message });
    }
    const [payout] = await tx
      .insert(payouts)
      .values({
        sellerId,
        amountKobo: amount,
        provider,
        bankCode: seller.bankCode,
        accountNo: seller.accountNo,
        accountName: seller.accountName,
        createdAt: ledgerNow,
        updatedAt: ledgerNow,
      })
      .returning({ id: payouts.id });
    await postJournal(
      tx,
      `payout:${payout!.id}`,
      [
        { account: { kind: "seller_payable", ownerId: sellerId }, amountKobo: -amount, payoutId: payout!.id },
        { account: { kind: "payouts_in_transit" }, amountKobo: amount, payoutId: payout!.id },
      ],
      { kind: "payout" },
    );
    // The admins are told; the outbox-delivery job sends it after commit (ADR 0181).
    await payoutRequested(tx, payout!.id);
    return payout!.id;
  });
  return readPayout(db, id);
}

/**
 * Settle a payout inside `tx` (the admin's decision or the provider's webhook), once:
 * - "paid" (from requested): in transit -> out of the store's cash, with the bank's reference;
 * - "failed" (from requested): in transit -> back to the seller's available balance;
 * - "reversed" (from paid: the bank sent it back): the store's cash -> the seller's available balance.
 * Answers false when the payout is already in that state (a repeated event), true when changed.
 * @throws 404 unknown payout; 409 a move its status does not allow.
 */
export async function settlePayout(
  tx: Tx,
  payoutId: string,
  to: "paid" | "failed" | "reversed",
  detail: { adminId?: string | null; reference?: string | null; reason?: string | null },
): Promise<boolean> {
  const found = await tx.execute<{ status: string; seller_id: string; amount_kobo: string }>(
    sql`select status, seller_id, amount_kobo::text from payouts where id = ${payoutId} for update`,
  );
  const p = found.rows[0];
  if (!p) throw notFound("Payout not found");
  if (p.status === to) return false;
  const from = to === "reversed" ? "paid" : "requested";
  if (p.status !== from) throw conflict(FINANCE_MESSAGES.payoutDecided(p.status));
  const amount = Number(p.amount_kobo);
  const seller = { kind: "seller_payable" as const, ownerId: p.seller_id };
  await tx
    .update(payouts)
    .set({
      status: to,
      updatedAt: ledgerNow,
      decidedBy: detail.adminId ?? null,
      ...(to === "paid" ? { paidAt: ledgerNow, reference: detail.reference ?? null } : { failureReason: detail.reason ?? null }),
    })
    .where(eq(payouts.id, payoutId));
  const entries =
    to === "paid"
      ? [
          { account: { kind: "payouts_in_transit" as const }, amountKobo: -amount, payoutId },
          { account: { kind: "store_cash" as const }, amountKobo: amount, payoutId },
        ]
      : to === "failed"
        ? [
            { account: { kind: "payouts_in_transit" as const }, amountKobo: -amount, payoutId },
            { account: seller, amountKobo: amount, payoutId },
          ]
        : [
            { account: { kind: "store_cash" as const }, amountKobo: -amount, payoutId },
            { account: seller, amountKobo: amount, payoutId },
          ];
  await postJournal(tx, `${to === "paid" ? "payout-paid" : "payout-returned"}:${payoutId}`, entries, {
    kind: to === "paid" ? "payout_paid" : "payout_returned",
    memo: (to === "paid" ? detail.reference : detail.reason) ?? "",
  });
  // The seller is told; the outbox-delivery job sends it after commit (ADR 0181).
  await payoutSettled(tx, payoutId, to);
  return true;
}

/**
 * The admin records a manual payout: "paid" with the bank's reference, or "failed" (a requested
 * payout's money goes back to the seller; a paid one the bank returned becomes "reversed").
 * @throws 404 unknown payout; 409 already decided.
 */
export async function decidePayout(
  db: Db,
  adminId: string,
  body: { payout_id: string; action: "paid"; reference: string } | { payout_id: string; action: "failed"; reason: string },
): Promise<Payout> {
  await db.transaction(async (tx) => {
    if (body.action === "paid") {
      const changed = await settlePayout(tx, body.payout_id, "paid", { adminId, reference: body.reference });
      if (!changed) throw conflict(FINANCE_MESSAGES.payoutDecided("paid"));
      return;
    }
    const [row] = await tx.select({ status: payouts.status }).from(payouts).where(eq(payouts.id, body.payout_id));
    if (!row) throw notFound("Payout not found");
    const to = row.status === "paid" ? "reversed" : "failed";
    const changed = await settlePayout(tx, body.payout_id, to, { adminId, reason: body.reason });
    if (!changed) throw conflict(FINANCE_MESSAGES.payoutDecided(to));
  });
  return readPayout(db, body.payout_id);
}

/** Payouts newest first; ties by id. */
const PAYOUTS = newestFirst(payouts.createdAt, "timestamptz", payouts.id);

/**
 * Payouts newest first: every seller's (admin) or one seller's, optionally by status ("requested"
 * are the ones due). Keyset over (created_at, id), checked when decoded (ADR 0080).
 * @throws 400 "Invalid cursor" on a forged cursor.
 */
export async function listPayouts(
  db: Executor,
  filter: { status?: Payout["status"]; sellerId?: string; id?: string },
  page: { limit: number; cursor?: string },
): Promise<{ data: Payout[]; nextCursor: string | null }> {
  const rows = await db
    .select({ ...columns, ...PAYOUTS.columns })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.sellerId))
    .where(
      and(
        filter.status ? eq(payouts.status, filter.status) : undefined,
        filter.sellerId ? eq(payouts.sellerId, filter.sellerId) : undefined,
        filter.id ? eq(payouts.id, filter.id) : undefined,
        PAYOUTS.after(page.cursor),
      ),
    )
    .orderBy(...PAYOUTS.order)
    .limit(page.limit + 1);
  const { rows: kept, nextCursor } = PAYOUTS.page(rows, page.limit);
  return { data: kept.map(toPayout), nextCursor };
}
