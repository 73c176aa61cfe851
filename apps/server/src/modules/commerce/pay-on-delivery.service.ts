/**
 * Pay on delivery after checkout (ADR 0221): the buyer's 6-digit delivery code (sent by SMS
 * through the outbox, stored only as a hash; sent again on request, a minute apart, at most
 * POD_MAX_SENDS times), the seller entering it at the door (their lines delivered and paid, the
 * cash on the ledger as the seller's debt for the store's part: ADR 0222), five wrong codes locking
 * that seller's delivery until an admin unlocks it, and "Refused at delivery (not paid)": the lines
 * cancelled, restocked, no money moved, one refusal counted against the buyer. Kobo inside.
 */
import { randomInt, timingSafeEqual } from "node:crypto";
import {
  formatNaira,
  koboToNaira,
  PAY_ON_DELIVERY,
  type PayOnDeliveryView,
  POD_CODE_LENGTH,
  POD_CONTEST_DAYS,
  POD_MAX_SENDS,
  POD_MAX_TRIES,
  POD_MESSAGES,
  POD_RESEND_SECONDS,
} from "@market/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client.js";
import { badRequest, conflict, notFound, tooMany } from "../../lib/errors.js";
import { sha256 } from "../auth/sessions.js";
import { lockAccount } from "../ledger/ledger.service.js";
import { netSellerDebt, recordPodCollected } from "../ledger/pod-debt.service.js";
import { queueOutbox } from "../messages/service.js";
import { podOrderPlaced, podRefusalContested, podRefused } from "../notifications/events.js";
import { type ProtectionSettings, settlePodLines } from "./protection.service.js";

/**
 * SQL: the delivery `d` (a pod_deliveries row) is still to collect: neither paid nor refused, and
 * with a line not cancelled (a delivery whose lines were all cancelled, by the seller or the ship-by
 * timer, has nothing left to collect: ADR 0221).
 */
export const podOpenSql = (d: SQL) => sql`(${d}.paid_at is null and ${d}.refused_at is null and exists (
  select 1 from order_lines ol where ol.order_id = ${d}.order_id and ol.seller_id = ${d}.seller_id and ol.fulfilment <> 'cancelled'))`;

/**
 * SQL: what the courier of delivery `d` collects, kobo: its seller's lines not cancelled, and their
 * own delivery fee while such a line is left (the same as `recordPodCollected` records).
 */
const podAmountSql = (d: SQL) => sql`(coalesce((select sum(ol.unit_price_kobo * ol.quantity) from order_lines ol
    where ol.order_id = ${d}.order_id and ol.seller_id = ${d}.seller_id and ol.fulfilment <> 'cancelled'), 0)
  + case when exists (select 1 from order_lines ol where ol.order_id = ${d}.order_id and ol.seller_id = ${d}.seller_id and ol.fulfilment <> 'cancelled')
    then coalesce((select sum(s.fee_kobo) from order_shipments s where s.order_id = ${d}.order_id and s.seller_id = ${d}.seller_id and not s.store_rate), 0)
    else 0 end)`;

/** The order's number, the buyer's phone, and what is left to pay at the door: the open deliveries' amounts (kobo) and their count. */
async function readToPay(db: Executor, orderId: string) {
  const found = await db.execute<{ phone: string; number: string; buyer_id: string; due: string; couriers: number }>(sql`
    select u.phone, o.number, o.buyer_id,
      coalesce((select sum(${podAmountSql(sql`d`)}) from pod_deliveries d where d.order_id = o.id and ${podOpenSql(sql`d`)}), 0)::text as due,
      (select count(*)::int from pod_deliveries d where d.order_id = o.id and ${podOpenSql(sql`d`)}) as couriers
    from orders o join users u on u.id = o.buyer_id where o.id = ${orderId}`);
  const r = found.rows[0]!;
  return { ...r, due: Number(r.due) };
}

const codeHash = (orderId: string, code: string) => sha256(`pod:${orderId}:${code}`);
const newCode = () => String(randomInt(0, 10 ** POD_CODE_LENGTH)).padStart(POD_CODE_LENGTH, "0");

/**
 * What pay on delivery's rules need to know of a buyer: a verified phone, and their unpaid refusals
 * (each counts once POD_CONTEST_DAYS passed without the buyer contesting it: ADR 0221).
 */
export async function readPodBuyer(db: Executor, buyerId: string): Promise<{ phoneVerified: boolean; refusals: number }> {
  const found = await db.execute<{ verified: boolean; refusals: number }>(sql`
    select u.phone_verified as verified,
      (select count(*)::int from pod_deliveries d where d.buyer_id = u.id and d.refused_at is not null and d.contested_at is null
         and d.refused_at <= now() - make_interval(days => ${POD_CONTEST_DAYS})) as refusals
    from users u where u.id = ${buyerId}`);
  const r = found.rows[0];
  return { phoneVerified: Boolean(r?.verified), refusals: Number(r?.refusals ?? 0) };
}

/** The SMS with the code: what is left to pay (with several couriers, in all: each collects their part) and to whom to give the code. */
function codeMessage(to: { phone: string; number: string; due: number; couriers: number }, code: string) {
  const pay =
    to.couriers > 1
      ? `Pay ${formatNaira(koboToNaira(to.due))} in all to the ${to.couriers} couriers (each collects their part, shown on your order)`
      : `Pay the courier ${formatNaira(koboToNaira(to.due))}`;
  return {
    channel: "sms" as const,
    recipient: to.phone,
    body: `Naija Market: your delivery code is ${code} (order ${to.number}). ${pay} and give the code only when you receive your items.`,
  };
}

/**
 * In checkout's transaction once the pay-on-delivery order is written: one delivery per seller,
 * the code's hash, the SMS to the buyer's verified phone, and each seller told. Answers the outbox ids.
 */
export async function startPodOrder(tx: Executor, orderId: string): Promise<string[]> {
  const buyer = await tx.execute<{ buyer_id: string }>(sql`select buyer_id from orders where id = ${orderId}`);
  await tx.execute(sql`
    insert into pod_deliveries (order_id, seller_id, buyer_id)
    select distinct ${orderId}::uuid, seller_id, ${buyer.rows[0]!.buyer_id}::uuid from order_lines where order_id = ${orderId}`);
  const code = newCode();
  await tx.execute(sql`insert into pod_codes (order_id, code_hash) values (${orderId}, ${codeHash(orderId, code)})`);
  const id = await queueOutbox(tx, codeMessage(await readToPay(tx, orderId), code));
  return [...(id ? [id] : []), ...(await podOrderPlaced(tx, orderId))];
}

/**
 * The buyer has the code sent again (a new code replaces the old): at most POD_MAX_SENDS sends per
 * order, POD_RESEND_SECONDS apart (database clock). Answers the outbox ids.
 * @throws 404 not the buyer's pay-on-delivery order; 409 nothing left to deliver or no more sends; 429 too soon.
 */
export async function resendDeliveryCode(db: Db, buyerId: string, orderId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ buyer_id: string; sends: number; wait: number; open: boolean }>(sql`
      select o.buyer_id, c.sends,
        ceil(extract(epoch from c.sent_at + make_interval(secs => ${POD_RESEND_SECONDS}) - now()))::int as wait,
        exists (select 1 from pod_deliveries d where d.order_id = o.id and ${podOpenSql(sql`d`)}) as open
      from orders o join pod_codes c on c.order_id = o.id where o.id = ${orderId} for update of c`);
    const r = found.rows[0];
    if (!r || r.buyer_id !== buyerId) throw notFound("Order not found");
    if (!r.open) throw conflict(POD_MESSAGES.done);
    if (r.sends >= POD_MAX_SENDS) throw conflict(POD_MESSAGES.resendMax);
    if (r.wait > 0) throw tooMany(POD_MESSAGES.resendWait(r.wait), r.wait);
    const code = newCode();
    await tx.execute(
      sql`update pod_codes set code_hash = ${codeHash(orderId, code)}, sends = sends + 1, sent_at = now() where order_id = ${orderId}`,
    );
    const id = await queueOutbox(tx, codeMessage(await readToPay(tx, orderId), code));
    return id ? [id] : [];
  });
}

type LockedDelivery = { wrong_tries: number; locked: boolean; settled: boolean; code_hash: string };

/** Lock the order, then the seller's delivery of it; null when the seller has none on this order. */
async function lockDelivery(tx: Tx, orderId: string, sellerId: string): Promise<LockedDelivery | null> {
  await tx.execute(sql`select id from orders where id = ${orderId} for update`);
  const found = await tx.execute<LockedDelivery>(sql`
    select d.wrong_tries, d.locked_at is not null as locked, not ${podOpenSql(sql`d`)} as settled, c.code_hash
    from pod_deliveries d join pod_codes c on c.order_id = d.order_id
    where d.order_id = ${orderId} and d.seller_id = ${sellerId} for update of d`);
  return found.rows[0] ?? null;
}

/**
 * The seller enters the buyer's code at the door: right, their lines are delivered and paid and
 * the cash recorded (ADR 0222); wrong, one try fewer (the fifth locks it). The wrong try is
 * committed before the refusal is answered.
 * @throws 404 not the seller's delivery; 409 settled or locked; 400 wrong code (tries left said).
 */
export async function enterDeliveryCode(
  db: Db,
  sellerId: string,
  orderId: string,
  code: string,
  opts: { now: Date; settings: ProtectionSettings },
  queued: (outboxIds: string[]) => void,
): Promise<void> {
  const result = await db.transaction(async (tx) => {
    const d = await lockDelivery(tx, orderId, sellerId);
    if (!d) throw notFound("Order not found");
    if (d.settled) throw conflict(POD_MESSAGES.done);
    if (d.locked) throw conflict(POD_MESSAGES.locked);
    const given = Buffer.from(codeHash(orderId, code));
    const stored = Buffer.from(d.code_hash);
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) {
      const tries = d.wrong_tries + 1;
      await tx.execute(sql`
        update pod_deliveries set wrong_tries = ${tries}, locked_at = case when ${tries} >= ${POD_MAX_TRIES} then now() end
        where order_id = ${orderId} and seller_id = ${sellerId}`);
      return { wrong: POD_MAX_TRIES - tries, outboxIds: [] };
    }
    const moved = await settlePodLines(tx, sellerId, orderId, "paid", opts);
    if (moved.moved === 0) throw conflict(POD_MESSAGES.done);
    await tx.execute(sql`update pod_deliveries set paid_at = now() where order_id = ${orderId} and seller_id = ${sellerId}`);
    await lockAccount(tx, { kind: "seller_payable", ownerId: sellerId });
    await recordPodCollected(tx, orderId, sellerId);
    await netSellerDebt(tx, sellerId);
    return { wrong: undefined, outboxIds: moved.outboxIds };
  });
  if (result.wrong !== undefined) {
    if (result.wrong <= 0) throw conflict(POD_MESSAGES.locked);
    throw badRequest(POD_MESSAGES.wrongCode(result.wrong), { code: POD_MESSAGES.wrongCode(result.wrong) });
  }
  queued(result.outboxIds);
}

/**
 * The seller says the buyer refused their items at the door without paying: the lines are
 * cancelled and restocked, nothing is paid, the buyer is told (in-app and SMS), and the refusal
 * counts against the buyer (after POD_MAX_REFUSALS, pay on delivery is no longer offered to them).
 * Answers the products whose stock changed and the outbox ids to deliver.
 * @throws 404 not the seller's delivery; 409 already settled, or locked by wrong codes (ADR 0221).
 */
export async function refuseAtDelivery(
  db: Db,
  sellerId: string,
  orderId: string,
  opts: { now: Date; settings: ProtectionSettings },
): Promise<{ products: string[]; outboxIds: string[] }> {
  return db.transaction(async (tx) => {
    const d = await lockDelivery(tx, orderId, sellerId);
    if (!d) throw notFound("Order not found");
    if (d.settled) throw conflict(POD_MESSAGES.done);
    // A delivery locked by wrong codes waits for the admin: no way round the lock by refusing.
    if (d.locked) throw conflict(POD_MESSAGES.locked);
    const moved = await settlePodLines(tx, sellerId, orderId, "refused", opts);
    if (moved.moved === 0) throw conflict(POD_MESSAGES.done);
    await tx.execute(sql`update pod_deliveries set refused_at = now() where order_id = ${orderId} and seller_id = ${sellerId}`);
    return { products: moved.products, outboxIds: [...moved.outboxIds, ...(await podRefused(tx, orderId, sellerId))] };
  });
}

/**
 * The buyer says they did not refuse `sellerId`'s delivery (within POD_CONTEST_DAYS of the refusal):
 * it never counts against them, and the admins are told to look into it (ADR 0221). Answers the outbox ids.
 * @throws 404 not the buyer's order or no such delivery; 409 not refused, already contested, or too late.
 */
export async function contestRefusal(db: Db, buyerId: string, orderId: string, sellerId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const found = await tx.execute<{ buyer_id: string; refused: boolean; contested: boolean; open: boolean }>(sql`
      select o.buyer_id, d.refused_at is not null as refused, d.contested_at is not null as contested,
        coalesce(d.refused_at > now() - make_interval(days => ${POD_CONTEST_DAYS}), false) as open
      from orders o join pod_deliveries d on d.order_id = o.id and d.seller_id = ${sellerId}
      where o.id = ${orderId} for update of d`);
    const d = found.rows[0];
    if (!d || d.buyer_id !== buyerId) throw notFound("Order not found");
    if (!d.refused) throw conflict(POD_MESSAGES.notRefused);
    if (d.contested) throw conflict(POD_MESSAGES.contested);
    if (!d.open) throw conflict(POD_MESSAGES.contestClosed);
    await tx.execute(sql`update pod_deliveries set contested_at = now() where order_id = ${orderId} and seller_id = ${sellerId}`);
    return podRefusalContested(tx, orderId, sellerId);
  });
}

/**
 * An admin unlocks a seller's delivery locked by five wrong codes (ADR 0221): the tries start again.
 * @throws 404 no such delivery; 409 it is not locked.
 */
export async function unlockDelivery(db: Db, orderId: string, sellerId: string): Promise<void> {
  const done = await db.execute(sql`
    update pod_deliveries set wrong_tries = 0, locked_at = null
    where order_id = ${orderId} and seller_id = ${sellerId} and locked_at is not null returning 1`);
  if (done.rows.length > 0) return;
  const exists = await db.execute(sql`select 1 from pod_deliveries where order_id = ${orderId} and seller_id = ${sellerId}`);
  if (exists.rows.length === 0) throw notFound("Order not found");
  throw conflict("This delivery is not locked");
}

/**
 * The order page's pay-on-delivery block (null for other orders): the amount left to pay at the
 * door (the open deliveries'; a seller's own delivery only), the code's sending (not shown to
 * sellers) and the deliveries, only `sellerId`'s when given, each with what its courier collects.
 */
export async function podView(db: Executor, orderId: string, sellerId: string | null): Promise<PayOnDeliveryView | null> {
  const found = await db.execute<{
    payment_type: string;
    sent_at: Date | null;
    sends: number | null;
  }>(sql`select o.payment_type, c.sent_at, c.sends from orders o left join pod_codes c on c.order_id = o.id where o.id = ${orderId}`);
  const o = found.rows[0];
  if (!o || o.payment_type !== PAY_ON_DELIVERY) return null;
  const rows = await db.execute<{
    seller_id: string;
    names: string;
    amount: string;
    wrong_tries: number;
    locked: boolean;
    paid: boolean;
    refused: boolean;
    open: boolean;
    contested: boolean;
    contest_until: Date | null;
  }>(sql`
    select d.seller_id, u.names, d.wrong_tries, d.locked_at is not null as locked, d.paid_at is not null as paid, d.refused_at is not null as refused,
      ${podOpenSql(sql`d`)} as open, ${podAmountSql(sql`d`)}::text as amount, d.contested_at is not null as contested,
      case when d.refused_at is not null and d.contested_at is null and d.refused_at > now() - make_interval(days => ${POD_CONTEST_DAYS})
        then d.refused_at + make_interval(days => ${POD_CONTEST_DAYS}) end as contest_until
    from pod_deliveries d join users u on u.id = d.seller_id
    where d.order_id = ${orderId} and (${sellerId}::uuid is null or d.seller_id = ${sellerId}::uuid)
    order by u.names, d.seller_id`);
  const sent = o.sent_at ? new Date(o.sent_at) : null;
  const more = sent && (o.sends ?? 0) < POD_MAX_SENDS;
  const due = rows.rows.filter((r) => r.open).reduce((s, r) => s + Number(r.amount), 0);
  return {
    amount: koboToNaira(due),
    code_sent_at: sellerId ? null : (sent?.toISOString() ?? null),
    resend_at: !sellerId && more ? new Date(sent.getTime() + POD_RESEND_SECONDS * 1000).toISOString() : null,
    deliveries: rows.rows.map((r) => ({
      seller_id: r.seller_id,
      seller_name: r.names,
      amount: koboToNaira(Number(r.amount)),
      status: r.paid ? "paid" : r.refused ? "refused" : r.open ? "awaiting" : "cancelled",
      locked: r.locked,
      tries_left: Math.max(0, POD_MAX_TRIES - r.wrong_tries),
      contest_until: r.contest_until ? new Date(r.contest_until).toISOString() : null,
      contested: r.contested,
    })),
  };
}
