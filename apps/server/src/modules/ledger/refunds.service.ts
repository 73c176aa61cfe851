/**
 * Refunds (design brief "Marketplace money", ADR 0093): the admin refunds a paid order, whole or one
 * line (full or partial), with a reason. A line's refund reverses the seller's share and the
 * commission in proportion to the amount (cumulative rounding, so a line refunded in parts gives
 * back exactly its commission in the end); a whole-order refund also gives back the shipping (a
 * seller's own delivery fee from that seller, the store's rate from the store: ADR 0200). The
 * seller's share comes out of pending first, then out of available; when the seller has already
 * been paid and the available balance cannot cover it, the refund is refused (never a negative
 * balance). The buyer sees the refunds on their order.
 */
import type { Refund, RefundableOrder } from "@market/contract";
import { FINANCE_MESSAGES, koboToNaira, POD_MESSAGES } from "@market/contract";
import { asc, inArray, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client.js";
import { refunds } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { refundMade } from "../notifications/events.js";
import { balanceKobo, type EntryInput, ledgerNow, lockAccount, postJournal } from "./ledger.service.js";

/**
 * Pay on delivery (ADR 0222): the store refunds only what a seller's courier collected, that is the
 * lines of a delivery with paid_at that were not cancelled before it (a line is cancelled only before
 * shipping), and those sellers' own delivery fees. Any other order's lines and shipping all count.
 * SQL over `ol` (an order line) and `o` (its order).
 */
const LINE_COLLECTED = sql`(o.payment_type <> 'pay_on_delivery' or (ol.fulfilment <> 'cancelled' and exists (
  select 1 from pod_deliveries d where d.order_id = ol.order_id and d.seller_id = ol.seller_id and d.paid_at is not null)))`;

/** The shipping the order's buyer paid the store or the couriers that collected (kobo), over `o`. */
const SHIPPING_PAID = sql`(case when o.payment_type <> 'pay_on_delivery' then o.shipping_kobo else coalesce((
  select sum(s.fee_kobo) from order_shipments s join pod_deliveries d on d.order_id = s.order_id and d.seller_id = s.seller_id
  where s.order_id = o.id and d.paid_at is not null and not s.store_rate), 0) end)`;

type LineState = {
  collected: boolean;
  id: string;
  seller_id: string;
  total: number;
  commission: number;
  refunded: number;
  refunded_commission: number;
  pending: number;
};

function toRefund(r: typeof refunds.$inferSelect): Refund {
  return {
    _id: r.id,
    order_id: r.orderId,
    line_id: r.orderLineId,
    amount: koboToNaira(r.amountKobo),
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Refunds of these orders, oldest first, grouped by order id. */
export async function refundsByOrder(db: Executor, orderIds: string[]): Promise<Map<string, Refund[]>> {
  const byOrder = new Map<string, Refund[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const r of rows) byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), toRefund(r)]);
  return byOrder;
}

/** The commission part of refunding `amount` more of a line: what makes the cumulative share exact. */
function commissionPart(line: LineState, amount: number): number {
  const after = (BigInt(line.commission) * BigInt(line.refunded + amount) * 2n + BigInt(line.total)) / (2n * BigInt(line.total));
  return Number(after) - line.refunded_commission;
}

/**
 * Refund a paid order, in the caller's transaction: one line (`lineId`; `amountKobo`, or what is
 * left of the line) or the whole order (every line's remainder and the shipping), with the order row
 * locked. The buyer-protection transitions and the admin's refund from Transactions
 * (protection.service.ts) refund in the transaction that moves the line (ADR 0194, 0228). `by`: who decided (an admin, the seller who
 * accepted), or null for the store's timers. With `lineId`, `shippingKobo` also gives back that
 * much of the order's shipping (a line's shipping share), as its own refund.
 * @throws 404 unknown order; 409 not paid, nothing left to refund, or the seller's balances cannot
 * cover their share; 400 a line of another order or an amount above what is left, or `shippingKobo`
 * above the shipping not yet refunded.
 */
export async function refundInTx(
  tx: Tx,
  by: string | null,
  body: { orderId: string; lineId?: string; amountKobo?: number; shippingKobo?: number; reason: string },
): Promise<Refund[]> {
  const found = await tx.execute<{ status: string; uncollected: boolean }>(
    sql`select status,
          exists (select 1 from pod_deliveries d join order_lines ol on ol.order_id = d.order_id and ol.seller_id = d.seller_id
                  where d.order_id = orders.id and d.paid_at is null and ol.fulfilment <> 'cancelled'
                    and (${body.lineId ?? null}::uuid is null or ol.id = ${body.lineId ?? null}::uuid)) as uncollected
        from orders where id = ${body.orderId} for update`,
  );
  const order = found.rows[0];
  if (!order) throw notFound("Order not found");
  if (order.status !== "paid") throw conflict(FINANCE_MESSAGES.orderNotPaid);
  // Pay on delivery: the store refunds only what a seller's courier collected (ADR 0222).
  if (order.uncollected) throw conflict(POD_MESSAGES.notCollected);
  // Lock the sellers' accounts (in seller order, like the release) before reading what is pending,
  // so no release or payout moves their money between the reading and the posting.
  const sellers = await tx.execute<{ seller_id: string }>(
    sql`select distinct seller_id from order_lines where order_id = ${body.orderId} order by seller_id`,
  );
  for (const s of sellers.rows) await lockAccount(tx, { kind: "seller_payable", ownerId: s.seller_id });
  const lines = await lineStates(tx, body.orderId);

  const plan: Array<{ line: LineState | null; amount: number }> = [];
  if (body.lineId) {
    const line = lines.find((l) => l.id === body.lineId);
    if (!line) throw badRequest(FINANCE_MESSAGES.lineNotInOrder, { line_id: FINANCE_MESSAGES.lineNotInOrder });
    if (!line.collected) throw conflict(POD_MESSAGES.notCollected);
    const left = line.total - line.refunded;
    if (left <= 0) throw conflict(FINANCE_MESSAGES.nothingRefundable);
    const amount = body.amountKobo ?? left;
    if (amount > left) {
      const message = FINANCE_MESSAGES.aboveRefundable(koboToNaira(left));
      throw badRequest(message, { amount: message });
    }
    plan.push({ line, amount });
    if (body.shippingKobo) {
      const shippingLeft = await shippingLeftKobo(tx, body.orderId);
      if (body.shippingKobo > shippingLeft) {
        const message = FINANCE_MESSAGES.aboveRefundable(koboToNaira(left + shippingLeft));
        throw badRequest(message, { amount: message });
      }
      plan.push({ line: null, amount: body.shippingKobo });
    }
  } else {
    for (const line of lines) if (line.collected && line.total > line.refunded) plan.push({ line, amount: line.total - line.refunded });
    const shippingLeft = await shippingLeftKobo(tx, body.orderId);
    if (shippingLeft > 0) plan.push({ line: null, amount: shippingLeft });
    if (plan.length === 0) throw conflict(FINANCE_MESSAGES.nothingRefundable);
  }

  const made: Refund[] = [];
  for (const { line, amount } of plan) {
    const commission = line ? commissionPart(line, amount) : 0;
    const seller = line ? amount - commission : 0;
    const entries: EntryInput[] = [{ account: { kind: "refunds" }, amountKobo: amount, orderLineId: line?.id ?? null }];
    if (line) {
      const fromPending = Math.min(seller, line.pending);
      const fromAvailable = seller - fromPending;
      if (fromAvailable > 0) {
        const ref = { kind: "seller_payable" as const, ownerId: line.seller_id };
        await lockAccount(tx, ref);
        if ((await balanceKobo(tx, ref)) < fromAvailable) throw conflict(FINANCE_MESSAGES.sellerAlreadyPaid);
        entries.push({ account: ref, amountKobo: -fromAvailable, orderLineId: line.id });
      }
      entries.push({ account: { kind: "seller_pending", ownerId: line.seller_id }, amountKobo: -fromPending, orderLineId: line.id });
      entries.push({ account: { kind: "store_commission" }, amountKobo: -commission, orderLineId: line.id });
    } else {
      // The shipping part. A seller's own delivery fee was theirs (ADR 0200): it comes back from them,
      // pending first then available (refused when already paid out), up to what is left of it; the
      // store's rate from the store. A line's shipping share (ADR 0194) comes from that line's seller.
      let fromStore = amount;
      const lineSeller = body.lineId ? plan.find((p) => p.line)?.line?.seller_id : undefined;
      for (const o of await ownFeesLeft(tx, body.orderId, lineSeller)) {
        const fee = Math.min(o.left, fromStore);
        if (fee <= 0) continue;
        const fromPending = Math.min(fee, Math.max(0, o.pending));
        const fromAvailable = fee - fromPending;
        if (fromAvailable > 0) {
          const ref = { kind: "seller_payable" as const, ownerId: o.seller_id };
          await lockAccount(tx, ref);
          if ((await balanceKobo(tx, ref)) < fromAvailable) throw conflict(FINANCE_MESSAGES.sellerAlreadyPaid);
          entries.push({ account: ref, amountKobo: -fromAvailable, orderLineId: o.line_id });
        }
        if (fromPending > 0)
          entries.push({ account: { kind: "seller_pending", ownerId: o.seller_id }, amountKobo: -fromPending, orderLineId: o.line_id });
        fromStore -= fee;
      }
      entries.push({ account: { kind: "store_shipping" }, amountKobo: -fromStore });
    }
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: body.orderId,
        orderLineId: line?.id ?? null,
        amountKobo: amount,
        sellerKobo: seller,
        commissionKobo: commission,
        shippingKobo: line ? 0 : amount,
        reason: body.reason,
        createdBy: by,
        createdAt: ledgerNow,
      })
      .returning();
    await postJournal(tx, `refund:${row!.id}`, entries, { kind: "refund", orderId: body.orderId, memo: body.reason });
    made.push(toRefund(row!));
  }
  // The buyer and the sellers are told; the outbox-delivery job sends it after commit (ADR 0181).
  await refundMade(
    tx,
    body.orderId,
    made.map((r) => r._id),
  );
  return made;
}

/**
 * The sellers of an order who charged their own delivery fee (ADR 0200), or only `sellerId`: what is
 * left of the fee to give back (kobo: the fee less what earlier shipping refunds took from that
 * seller), the line the fee was credited on (their first line credited by the sale) and that line's pending share.
 */
async function ownFeesLeft(tx: Tx, orderId: string, sellerId?: string) {
  const rows = await tx.execute<{ seller_id: string; fee: string; taken: string; line_id: string; pending: string }>(sql`
    select s.seller_id, s.fee_kobo::text as fee, l.id as line_id,
           coalesce((select -sum(e.amount_kobo) from ledger_entries e
                       join ledger_accounts a on a.id = e.account_id
                       join ledger_journals j on j.id = e.journal_id
                       join refunds r on j.key = 'refund:' || r.id::text
                     where r.order_id = s.order_id and r.order_line_id is null and a.owner_id = s.seller_id
                       and a.kind in ('seller_pending', 'seller_payable')), 0)::text as taken,
           coalesce((select sum(e.amount_kobo) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.order_line_id = l.id and a.kind = 'seller_pending'), 0)::text as pending
    from order_shipments s
    -- The line the fee was credited on: the seller's first line with a sale credit (a paid order's
    -- first line; pay on delivery's first line not cancelled at collection: recordPodCollected).
    join lateral (select ol.id from order_lines ol where ol.order_id = s.order_id and ol.seller_id = s.seller_id
      and exists (select 1 from ledger_entries e join ledger_journals j on j.id = e.journal_id join ledger_accounts a on a.id = e.account_id
                  where e.order_line_id = ol.id and j.kind = 'sale' and a.kind = 'seller_pending')
      order by ol.id limit 1) l on true
    join orders o on o.id = s.order_id
    where s.order_id = ${orderId} and not s.store_rate and s.fee_kobo > 0
      and (o.payment_type <> 'pay_on_delivery' or exists (
        select 1 from pod_deliveries d where d.order_id = s.order_id and d.seller_id = s.seller_id and d.paid_at is not null))
      ${sellerId ? sql`and s.seller_id = ${sellerId}` : sql``}
    order by s.seller_id`);
  return rows.rows.map((r) => ({
    seller_id: r.seller_id,
    left: Number(r.fee) - Number(r.taken),
    line_id: r.line_id,
    pending: Number(r.pending),
  }));
}

/** The order's shipping paid (for pay on delivery: collected) and not yet refunded, kobo. */
export async function shippingLeftKobo(tx: Executor, orderId: string): Promise<number> {
  const left = await tx.execute<{ s: string }>(sql`
    select (${SHIPPING_PAID} - coalesce((select sum(r.shipping_kobo) from refunds r where r.order_id = o.id), 0))::text as s
    from orders o where o.id = ${orderId}`);
  return Number(left.rows[0]?.s ?? 0);
}

/** Each line of the order: total, fixed commission, what was refunded so far, and its pending share. */
async function lineStates(tx: Tx, orderId: string): Promise<LineState[]> {
  const result = await tx.execute<Record<Exclude<keyof LineState, "collected">, string> & { collected: boolean }>(sql`
    select ol.id, ol.seller_id, ${LINE_COLLECTED} as collected,
           (ol.unit_price_kobo * ol.quantity)::text as total,
           coalesce(ol.commission_kobo, 0)::text as commission,
           coalesce((select sum(r.amount_kobo) from refunds r where r.order_line_id = ol.id), 0)::text as refunded,
           coalesce((select sum(r.commission_kobo) from refunds r where r.order_line_id = ol.id), 0)::text as refunded_commission,
           coalesce((select sum(e.amount_kobo) from ledger_entries e join ledger_accounts a on a.id = e.account_id
                     where e.order_line_id = ol.id and a.kind = 'seller_pending'), 0)::text as pending
    from order_lines ol join orders o on o.id = ol.order_id where ol.order_id = ${orderId} order by ol.id`);
  return result.rows.map((r) => ({
    collected: Boolean(r.collected),
    id: r.id,
    seller_id: r.seller_id,
    total: Number(r.total),
    commission: Number(r.commission),
    refunded: Number(r.refunded),
    refunded_commission: Number(r.refunded_commission),
    pending: Number(r.pending),
  }));
}

/**
 * What is left to refund of an order, for the admin's refund dialog: each line's amount, what was
 * refunded and what still can be (naira), the shipping not yet given back, and the refunds made.
 * @throws 404 unknown order.
 */
export async function refundableOrder(db: Db, orderId: string): Promise<RefundableOrder> {
  const found = await db.execute<{ status: string; total_kobo: string; shipping_kobo: string }>(sql`
    select o.status, o.total_kobo::text, o.shipping_kobo::text from orders o where o.id = ${orderId}`);
  const order = found.rows[0];
  if (!order) throw notFound("Order not found");
  const lines = await db.execute<{
    id: string;
    name: string;
    seller_id: string;
    seller_names: string;
    quantity: number;
    total: string;
    refunded: string;
    collected: boolean;
  }>(sql`
    select ol.id, ol.name, ol.seller_id, u.names as seller_names, ol.quantity, ${LINE_COLLECTED} as collected,
           (ol.unit_price_kobo * ol.quantity)::text as total,
           coalesce((select sum(r.amount_kobo) from refunds r where r.order_line_id = ol.id), 0)::text as refunded
    from order_lines ol join orders o on o.id = ol.order_id join users u on u.id = ol.seller_id
    where ol.order_id = ${orderId} order by ol.created_at, ol.id`);
  const made = await refundsByOrder(db, [orderId]);
  return {
    order_id: orderId,
    status: order.status,
    total: koboToNaira(Number(order.total_kobo)),
    shipping: koboToNaira(Number(order.shipping_kobo)),
    shipping_refundable: koboToNaira(await shippingLeftKobo(db, orderId)),
    lines: lines.rows.map((l) => ({
      _id: l.id,
      name: l.name,
      seller: { _id: l.seller_id, names: l.seller_names },
      quantity: Number(l.quantity),
      amount: koboToNaira(Number(l.total)),
      refunded: koboToNaira(Number(l.refunded)),
      refundable: l.collected ? koboToNaira(Number(l.total) - Number(l.refunded)) : 0,
    })),
    refunds: made.get(orderId) ?? [],
  };
}
