/**
 * Buyer protection (ADR 0193-0196): every move of a paid order line, by the table of
 * line-life.ts, each in one transaction that locks the order, then the line, checks the move
 * (409 with a sentence when out of order, nothing changed), makes it, posts its money through the
 * ledger's services (refunds reverse the seller's share and the commission in proportion, a line's
 * shipping share may be given back), records the line's event and whom to tell. The timers
 * (auto-cancel, auto-received, auto-accept) make the same moves as the store, by a clock they are
 * given. Amounts: kobo inside, naira in answers.
 */
import type { AdminProblem, FulfilmentStatus, Problem, ProblemReason, Refund } from "@market/contract";
import { formatNaira, koboToNaira, PAY_ON_DELIVERY, POD_MESSAGES, PROBLEM_REASON_LABELS } from "@market/contract";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client.js";
import { orderLines, orderProblems, uploads } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { ledgerNow } from "../ledger/ledger.service.js";
import { refundInTx, shippingLeftKobo } from "../ledger/refunds.service.js";
import { confirmOrReport, lineCancelled, lineShipped, problemDecided, problemReported, problemToDecide } from "../notifications/events.js";
import { recordLineEvent } from "./line-events.js";
import { type Actor, canMove, LINE_TRANSITIONS, type LineEvent, refusal } from "./line-life.js";
import { shipBySql, shipClockSql } from "./ship-by.js";
import { restockLines } from "./stock.service.js";

/** The buyer-protection settings of the configuration, in days. */
export type ProtectionSettings = { returnWindowDays: number; shipByDays: number; sellerReplyDays: number };

/** RETURN_WINDOW_DAYS, SHIP_BY_DAYS and SELLER_REPLY_DAYS of `config`. */
export function protectionSettings(config: { RETURN_WINDOW_DAYS: number; SHIP_BY_DAYS: number; SELLER_REPLY_DAYS: number }) {
  return { returnWindowDays: config.RETURN_WINDOW_DAYS, shipByDays: config.SHIP_BY_DAYS, sellerReplyDays: config.SELLER_REPLY_DAYS };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (at: Date, days: number) => new Date(at.getTime() + days * DAY_MS);

/**
 * SQL of the shipping share (kobo, rounded down) of line `ol` of order `o` (ADR 0194, 0200): its part of
 * its seller's own delivery fee by its share of that seller's lines, or of the store's rate (the
 * order's shipping less the sellers' own fees) by its share of the lines shipped at the store's rate.
 */
const OWN_FEE = sql`(select s.fee_kobo from order_shipments s where s.order_id = o.id and s.seller_id = ol.seller_id and not s.store_rate)`;
const LINE_SHIPPING_SHARE = sql`coalesce(floor(case
  when ${OWN_FEE} is not null
    then ${OWN_FEE} * ol.unit_price_kobo * ol.quantity
         / nullif((select sum(x.unit_price_kobo * x.quantity) from order_lines x where x.order_id = o.id and x.seller_id = ol.seller_id), 0)
  else (o.shipping_kobo - coalesce((select sum(s.fee_kobo) from order_shipments s where s.order_id = o.id and not s.store_rate), 0))
       * ol.unit_price_kobo * ol.quantity
       / nullif((select sum(x.unit_price_kobo * x.quantity) from order_lines x where x.order_id = o.id
                   and not exists (select 1 from order_shipments s where s.order_id = o.id and s.seller_id = x.seller_id and not s.store_rate)), 0)
end)::bigint, 0)`;

const NOT_FOUND = "Order line not found";

/** A line under lock, with what its moves need. */
type LockedLine = {
  id: string;
  order_id: string;
  order_status: string;
  buyer_id: string;
  seller_id: string;
  product_id: string | null;
  name: string;
  quantity: number;
  fulfilment: FulfilmentStatus;
  total_kobo: number;
  refunded_kobo: number;
  /**
   * The line's part of the shipping, capped by what is left of it: of its seller's own delivery fee
   * by its share of that seller's lines, or of the store's rate by its share of the lines shipped at
   * it (ADR 0194, 0200); rounded down.
   */
  shipping_share_kobo: number;
  delivered_at: Date | null;
  /** Pay on delivery (ADR 0221): the order is, and its seller's courier has collected the cash. */
  pay_on_delivery: boolean;
  pod_paid: boolean;
};

/**
 * Lock the order of `lineId` and then the line (always in that order: a refund locks the order
 * too), and read it. Null when there is no such line.
 */
async function lockLine(tx: Tx, lineId: string): Promise<LockedLine | null> {
  await tx.execute(sql`select o.id from orders o join order_lines ol on ol.order_id = o.id where ol.id = ${lineId} for update of o`);
  const found = await tx.execute<Record<string, unknown>>(sql`
    select ol.id, ol.order_id, o.status as order_status, o.buyer_id, ol.seller_id, ol.product_id, ol.name, ol.quantity,
           ol.fulfilment, (ol.unit_price_kobo * ol.quantity)::text as total_kobo,
           coalesce((select sum(r.amount_kobo) from refunds r where r.order_line_id = ol.id), 0)::text as refunded_kobo,
           ${LINE_SHIPPING_SHARE}::text as share,
           ol.delivered_at, o.payment_type,
           exists (select 1 from pod_deliveries d where d.order_id = o.id and d.seller_id = ol.seller_id and d.paid_at is not null) as pod_paid
    from order_lines ol join orders o on o.id = ol.order_id
    where ol.id = ${lineId} for update of ol`);
  const r = found.rows[0];
  if (!r) return null;
  const shippingLeft = await shippingLeftKobo(tx, String(r.order_id));
  return {
    id: String(r.id),
    order_id: String(r.order_id),
    order_status: String(r.order_status),
    buyer_id: String(r.buyer_id),
    seller_id: String(r.seller_id),
    product_id: r.product_id === null ? null : String(r.product_id),
    name: String(r.name),
    quantity: Number(r.quantity),
    fulfilment: r.fulfilment as FulfilmentStatus,
    total_kobo: Number(r.total_kobo),
    refunded_kobo: Number(r.refunded_kobo),
    shipping_share_kobo: Math.max(0, Math.min(Number(r.share), shippingLeft)),
    delivered_at: r.delivered_at ? new Date(String(r.delivered_at)) : null,
    pay_on_delivery: r.payment_type === PAY_ON_DELIVERY,
    pod_paid: Boolean(r.pod_paid),
  };
}

/**
 * Make `event` happen to `line` for `actor`: refused with a 409 sentence when the table does not
 * allow it from the line's state (so a double click makes one event); then the line's state and
 * `set` columns change, and the event is recorded.
 */
async function move(
  tx: Tx,
  line: LockedLine,
  event: LineEvent,
  actor: Actor,
  by: { actorId: string | null; text: string; kind: Parameters<typeof recordLineEvent>[1]["kind"] },
  set: SQL = sql``,
): Promise<void> {
  if (line.order_status !== "paid") throw conflict("Only items of paid orders move on");
  if (!canMove(event, line.fulfilment, actor)) throw conflict(refusal(event, line.fulfilment));
  const to = LINE_TRANSITIONS[event].to;
  await tx.execute(
    sql`update order_lines set fulfilment = ${to}, updated_at = ${ledgerNow} ${set} where id = ${line.id} and fulfilment = ${line.fulfilment}`,
  );
  await recordLineEvent(tx, { orderId: line.order_id, lineId: line.id, kind: by.kind, actorId: by.actorId, text: by.text });
  line.fulfilment = to;
}

/** Refund what is left of the line and its shipping share; answers the kobo refunded. */
async function refundWhole(tx: Tx, line: LockedLine, by: string | null, reason: string): Promise<number> {
  // Nothing was paid yet for a pay-on-delivery line whose cash was not collected (ADR 0221).
  if (line.pay_on_delivery && !line.pod_paid) return 0;
  const left = line.total_kobo - line.refunded_kobo;
  if (left <= 0) return 0;
  await refundInTx(tx, by, { orderId: line.order_id, lineId: line.id, shippingKobo: line.shipping_share_kobo, reason });
  return left + line.shipping_share_kobo;
}

/* Seller ------------------------------------------------------------------------------------ */

/**
 * The seller ships (with optional carrier and tracking number or link) or marks delivered their
 * line, in the caller's transaction. Delivery opens the buyer's return window and asks them to
 * confirm or report. Answers the outbox ids to deliver after commit.
 * @throws 404 not the seller's line; 409 the order is not paid or the move is out of order.
 */
export async function shipOrDeliver(
  tx: Tx,
  sellerId: string,
  lineId: string,
  to: "shipped" | "delivered",
  opts: { carrier?: string; tracking?: string; now: Date; settings: ProtectionSettings },
): Promise<string[]> {
  const line = await lockLine(tx, lineId);
  if (!line || line.seller_id !== sellerId) throw notFound(NOT_FOUND);
  if (to === "shipped") {
    const carrier = opts.carrier ?? "";
    const tracking = opts.tracking ?? "";
    const how = [carrier, tracking && `tracking ${tracking}`].filter(Boolean).join(", ");
    await move(
      tx,
      line,
      "ship",
      "seller",
      { actorId: sellerId, kind: "shipped", text: `${line.name} shipped${how ? ` (${how})` : ""}` },
      sql`, shipped_at = ${ledgerNow}, carrier = ${carrier}, tracking = ${tracking}`,
    );
    return lineShipped(tx, line.id, carrier, tracking);
  }
  // A pay-on-delivery line is delivered only with the buyer's code, which records the cash (ADR 0221).
  if (line.pay_on_delivery) throw conflict(POD_MESSAGES.deliverWithCode);
  return deliverLocked(tx, line, sellerId, `${line.name} delivered`, opts);
}

async function deliverLocked(tx: Tx, line: LockedLine, sellerId: string, text: string, opts: { now: Date; settings: ProtectionSettings }) {
  await move(tx, line, "deliver", "seller", { actorId: sellerId, kind: "delivered", text }, sql`, delivered_at = ${ledgerNow}`);
  return confirmOrReport(tx, line.id, addDays(opts.now, opts.settings.returnWindowDays));
}

/**
 * Pay on delivery (ADR 0221), in the caller's transaction: the seller's lines of `orderId` still to
 * deliver are delivered and paid (the buyer gave the code), or refused at the door (cancelled, the
 * units back on sale, no money moved). Answers the outbox ids and the products whose stock changed.
 */
export async function settlePodLines(
  tx: Tx,
  sellerId: string,
  orderId: string,
  outcome: "paid" | "refused",
  opts: { now: Date; settings: ProtectionSettings },
): Promise<{ outboxIds: string[]; products: string[]; moved: number }> {
  const ids = await tx.execute<{ id: string }>(
    sql`select id from order_lines where order_id = ${orderId} and seller_id = ${sellerId} and fulfilment in ('unfulfilled', 'shipped') order by id`,
  );
  const outboxIds: string[] = [];
  const products: string[] = [];
  for (const { id } of ids.rows) {
    const line = (await lockLine(tx, id))!;
    if (outcome === "paid") {
      outboxIds.push(...(await deliverLocked(tx, line, sellerId, `${line.name} delivered and paid on delivery`, opts)));
      continue;
    }
    await move(
      tx,
      line,
      "refuse",
      "seller",
      { actorId: sellerId, kind: "line_cancelled", text: `${line.name} refused at delivery (not paid)` },
      sql`, cancelled_at = ${ledgerNow}, cancel_reason = ${"refused at delivery (not paid)"}`,
    );
    products.push(...(await restockLines(tx, [line.id])));
  }
  return { outboxIds, products, moved: ids.rows.length };
}

/**
 * The seller cancels a line not yet shipped, with a reason: the buyer gets the line and its
 * shipping share back, the units go back on sale. Answers the products whose stock changed.
 * @throws 404 not the seller's line; 409 shipped already (or not paid).
 */
export async function cancelLine(
  db: Db,
  sellerId: string,
  lineId: string,
  reason: string,
  queued: (outboxIds: string[]) => void,
): Promise<{ products: string[] }> {
  const { outboxIds, products } = await db.transaction(async (tx) => {
    const line = await lockLine(tx, lineId);
    if (!line || line.seller_id !== sellerId) throw notFound(NOT_FOUND);
    return cancelLocked(tx, line, "seller", sellerId, reason);
  });
  queued(outboxIds);
  return { products };
}

async function cancelLocked(tx: Tx, line: LockedLine, actor: Actor, actorId: string | null, reason: string) {
  await move(
    tx,
    line,
    "cancel",
    actor,
    { actorId, kind: "line_cancelled", text: `${line.name} cancelled: ${reason}` },
    sql`, cancelled_at = ${ledgerNow}, cancel_reason = ${reason}`,
  );
  const refunded = await refundWhole(tx, line, actorId, `Cancelled: ${reason}`);
  const products = await restockLines(tx, [line.id]);
  return { outboxIds: await lineCancelled(tx, line.id, reason, refunded), products };
}

/* Buyer ------------------------------------------------------------------------------------- */

/**
 * The buyer confirms receipt of one delivered line of their order, or of every delivered line when
 * `lineId` is absent. The seller's share's holding period starts.
 * @throws 404 not the buyer's order (or line); 409 the line is not delivered (or none is).
 */
export async function confirmReceived(db: Db, buyerId: string, orderId: string, lineId: string | undefined): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await tx.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));
    const own = await tx.execute<{ buyer_id: string }>(sql`select buyer_id from orders where id = ${orderId}`);
    if (own.rows[0]?.buyer_id !== buyerId) throw notFound("Order not found");
    const chosen = lineId ? ids.filter((l) => l.id === lineId) : ids;
    if (chosen.length === 0) throw notFound(NOT_FOUND);
    let received = 0;
    for (const { id } of chosen) {
      const line = (await lockLine(tx, id))!;
      if (!lineId && line.fulfilment !== "delivered") continue;
      await move(
        tx,
        line,
        "receive",
        "buyer",
        { actorId: buyerId, kind: "received", text: `${line.name} received` },
        sql`, received_at = ${ledgerNow}`,
      );
      received++;
    }
    if (received === 0) throw conflict("No delivered item to confirm: confirm receipt once the seller marks it delivered");
    return received;
  });
}

/**
 * The buyer reports a problem with a shipped or delivered line (before receipt, within the
 * return window): reason, comment, up to 3 photos they uploaded. The line is disputed (its money
 * frozen) and the seller is asked to answer within SELLER_REPLY_DAYS.
 * @throws 404 not the buyer's order or line; 409 a problem is already open, or the line cannot be
 * reported now (not shipped, received, cancelled, or the window closed); 400 a photo not theirs.
 */
export async function reportProblem(
  db: Db,
  buyerId: string,
  orderId: string,
  body: { line_id: string; reason: ProblemReason; comment: string; image_urls: string[] },
  opts: { now: Date; settings: ProtectionSettings },
  queued: (outboxIds: string[]) => void,
): Promise<Problem> {
  const { problem, outboxIds } = await db.transaction(async (tx) => {
    const line = await lockLine(tx, body.line_id);
    if (!line || line.order_id !== orderId || line.buyer_id !== buyerId) throw notFound(NOT_FOUND);
    if (line.fulfilment === "disputed") throw conflict("A problem with this item is already open: wait for the seller's answer");
    // Nothing was paid yet for an item paid on delivery: the buyer refuses it at the door (ADR 0221).
    if (line.pay_on_delivery && !line.pod_paid) throw conflict(POD_MESSAGES.reportBeforePaid);
    if (line.delivered_at && addDays(line.delivered_at, opts.settings.returnWindowDays) < opts.now && line.fulfilment === "delivered") {
      throw conflict("The time to report a problem with this item has passed");
    }
    await assertOwnUploads(tx, buyerId, body.image_urls);
    const from = line.fulfilment;
    await move(tx, line, "report", "buyer", {
      actorId: buyerId,
      kind: "problem_reported",
      text: `Problem reported on ${line.name}: ${PROBLEM_REASON_LABELS[body.reason]}`,
    });
    const [row] = await tx
      .insert(orderProblems)
      .values({
        orderId,
        lineId: line.id,
        buyerId,
        sellerId: line.seller_id,
        reason: body.reason,
        comment: body.comment,
        imageUrls: body.image_urls,
        fromState: from,
        createdAt: ledgerNow,
      })
      .returning();
    const replyBy = addDays(row!.createdAt, opts.settings.sellerReplyDays);
    const ids = await problemReported(tx, row!.id, line.id, PROBLEM_REASON_LABELS[body.reason], replyBy);
    return { problem: toProblem(row!, opts.settings), outboxIds: ids };
  });
  queued(outboxIds);
  return problem;
}

/** 400 unless every URL is an upload of `ownerId` (a buyer attaches only their own photos). */
async function assertOwnUploads(tx: Executor, ownerId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  const keys = urls.map((u) => u.slice("/uploads/".length, -".webp".length));
  const found = await tx.select({ key: uploads.key, ownerId: uploads.ownerId }).from(uploads).where(inArray(uploads.key, keys));
  const mine = new Set(found.filter((f) => f.ownerId === ownerId).map((f) => f.key));
  if (keys.some((k) => !mine.has(k))) {
    throw badRequest("Photos must be uploaded first", { image_urls: "Photos must be uploaded first" });
  }
}

/* Seller's answer and admin's decision ------------------------------------------------------ */

type ProblemRow = typeof orderProblems.$inferSelect;

/** Lock a problem and its line (order first). */
async function lockProblem(tx: Tx, problemId: string): Promise<{ problem: ProblemRow; line: LockedLine } | null> {
  const [p] = await tx.select().from(orderProblems).where(eq(orderProblems.id, problemId));
  if (!p) return null;
  const line = await lockLine(tx, p.lineId);
  const [locked] = await tx.select().from(orderProblems).where(eq(orderProblems.id, problemId)).for("update");
  return { problem: locked!, line: line! };
}

/** Close a problem as accepted (a full refund) for the seller who accepts, or the timer. */
async function acceptLocked(tx: Tx, problem: ProblemRow, line: LockedLine, actorId: string | null, reason: string): Promise<string[]> {
  await move(tx, line, "accept", actorId ? "seller" : "timer", {
    actorId,
    kind: "problem_accepted",
    text: actorId ? "The seller accepted the refund" : "No answer from the seller in time: the refund is accepted",
  });
  const refunded = await refundWhole(tx, line, actorId, reason);
  await tx
    .update(orderProblems)
    .set({ status: "accepted", refundKobo: refunded, decisionReason: reason, decidedBy: actorId, decidedAt: ledgerNow })
    .where(eq(orderProblems.id, problem.id));
  return problemDecided(tx, problem.id, line.id, refunded, reason);
}

/**
 * The seller answers a problem on their line: accept (the buyer gets the line and its shipping
 * share back) or a comment that sends it to an admin.
 * @throws 404 not the seller's problem; 409 already answered or closed.
 */
export async function replyProblem(
  db: Db,
  sellerId: string,
  problemId: string,
  body: { accept: true } | { comment: string },
  settings: ProtectionSettings,
  queued: (outboxIds: string[]) => void,
): Promise<Problem> {
  const { problem, outboxIds } = await db.transaction(async (tx) => {
    const found = await lockProblem(tx, problemId);
    if (!found || found.problem.sellerId !== sellerId) throw notFound("Problem not found");
    const { problem: p, line } = found;
    if (p.status !== "open")
      throw conflict(`This problem is already ${p.status === "answered" ? "answered: an admin decides it" : "closed"}`);
    let ids: string[];
    if ("accept" in body) {
      ids = await acceptLocked(tx, p, line, sellerId, "The seller accepted the buyer's request");
    } else {
      await tx
        .update(orderProblems)
        .set({ status: "answered", sellerComment: body.comment, sellerRepliedAt: ledgerNow })
        .where(eq(orderProblems.id, p.id));
      await recordLineEvent(tx, {
        orderId: line.order_id,
        lineId: line.id,
        kind: "problem_answered",
        actorId: sellerId,
        text: `The seller answered: ${body.comment}`,
      });
      ids = await problemToDecide(tx, p.id, line.id);
    }
    const [row] = await tx.select().from(orderProblems).where(eq(orderProblems.id, p.id));
    return { problem: toProblem(row!, settings), outboxIds: ids };
  });
  queued(outboxIds);
  return problem;
}

/**
 * An admin decides an open or answered problem with a reason: refund `refundKobo` (the line's
 * remainder first, then its shipping share; the whole line refunded ends "refunded", less ends
 * "received" with the rest following the hold) or release (0: "received", the seller is paid after
 * the hold).
 * @throws 404 unknown problem; 409 already closed; 400 a refund above the line's remainder plus its shipping share.
 */
export async function decideProblem(
  db: Db,
  adminId: string,
  problemId: string,
  decision: { refundKobo: number; reason: string },
  settings: ProtectionSettings,
  queued: (outboxIds: string[]) => void,
): Promise<Problem> {
  const { problem, outboxIds } = await db.transaction(async (tx) => {
    const found = await lockProblem(tx, problemId);
    if (!found) throw notFound("Problem not found");
    const { problem: p, line } = found;
    if (p.status !== "open" && p.status !== "answered") throw conflict("This problem is already decided");
    const left = line.total_kobo - line.refunded_kobo;
    const most = left + line.shipping_share_kobo;
    if (decision.refundKobo > most) {
      const message = `A refund can be at most ${formatNaira(koboToNaira(most))}: what is left of the item and its shipping`;
      throw badRequest(message, { refund_naira: message });
    }
    const lineKobo = Math.min(decision.refundKobo, left);
    const shippingKobo = decision.refundKobo - lineKobo;
    const whole = lineKobo === left && left > 0;
    const outcome = decision.refundKobo > 0 ? `${formatNaira(koboToNaira(decision.refundKobo))} refunded` : "released to the seller";
    await move(
      tx,
      line,
      whole ? "decide_refund_all" : "decide_rest",
      "admin",
      { actorId: adminId, kind: "problem_decided", text: `Decided: ${outcome}. ${decision.reason}` },
      whole ? sql`` : sql`, received_at = ${ledgerNow}`,
    );
    if (decision.refundKobo > 0) {
      await refundInTx(tx, adminId, {
        orderId: line.order_id,
        lineId: line.id,
        ...(lineKobo > 0 ? { amountKobo: lineKobo } : {}),
        shippingKobo,
        reason: decision.reason,
      });
    }
    await tx
      .update(orderProblems)
      .set({
        status: "decided",
        refundKobo: decision.refundKobo,
        decisionReason: decision.reason,
        decidedBy: adminId,
        decidedAt: ledgerNow,
      })
      .where(eq(orderProblems.id, p.id));
    const ids = await problemDecided(tx, p.id, line.id, decision.refundKobo, decision.reason);
    const [row] = await tx.select().from(orderProblems).where(eq(orderProblems.id, p.id));
    return { problem: toProblem(row!, settings), outboxIds: ids };
  });
  queued(outboxIds);
  return problem;
}

/* Admin refund from Transactions ------------------------------------------------------------- */

/**
 * The admin's refund from Transactions (ADR 0093, 0228): the ledger's refund of the order or of one
 * line (refunds.service.ts), and in the same transaction every line it leaves wholly refunded moves
 * to "refunded", so the seller no longer sees it to ship and no timer moves it on; the units of a
 * line not shipped yet go back on sale. A line with an open problem is decided in Disputes instead.
 * Amounts in kobo. Answers the refunds made and the products whose stock changed.
 * @throws as refundInTx (404, 409, 400); 409 when a line to refund is disputed.
 */
export async function refundFromTransactions(
  db: Db,
  adminId: string,
  body: { orderId: string; lineId?: string; amountKobo?: number; reason: string },
): Promise<{ refunds: Refund[]; products: string[] }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${body.orderId} for update`);
    const scope = body.lineId ? sql` and id = ${body.lineId}` : sql``;
    const disputed = await tx.execute<{ name: string }>(
      sql`select name from order_lines where order_id = ${body.orderId}${scope} and fulfilment = 'disputed' order by id limit 1`,
    );
    if (disputed.rows[0]) throw conflict(`${disputed.rows[0].name} has an open problem: decide it in Disputes`);
    const made = await refundInTx(tx, adminId, body);
    const done = await tx.execute<{ id: string }>(sql`
      select ol.id from order_lines ol
      where ol.order_id = ${body.orderId}${body.lineId ? sql` and ol.id = ${body.lineId}` : sql``}
        and ol.unit_price_kobo * ol.quantity <= coalesce((select sum(r.amount_kobo) from refunds r where r.order_line_id = ol.id), 0)
      order by ol.id`);
    const unshipped: string[] = [];
    for (const { id } of done.rows) {
      const line = await lockLine(tx, id);
      if (!line || !canMove("refund", line.fulfilment, "admin")) continue;
      if (line.fulfilment === "unfulfilled") unshipped.push(line.id);
      await move(tx, line, "refund", "admin", {
        actorId: adminId,
        kind: "refunded",
        text: `${line.name} refunded in full by the store: ${body.reason}`,
      });
    }
    return { refunds: made, products: await restockLines(tx, unshipped) };
  });
}

/* Reading ----------------------------------------------------------------------------------- */

function toProblem(r: ProblemRow, settings: ProtectionSettings): Problem {
  return {
    _id: r.id,
    order_id: r.orderId,
    line_id: r.lineId,
    reason: r.reason as ProblemReason,
    comment: r.comment,
    image_urls: r.imageUrls,
    status: r.status,
    seller_comment: r.sellerComment,
    seller_replied_at: r.sellerRepliedAt?.toISOString() ?? null,
    reply_by: r.status === "open" ? addDays(r.createdAt, settings.sellerReplyDays).toISOString() : null,
    refund: r.refundKobo === null ? null : koboToNaira(r.refundKobo),
    decision_reason: r.decisionReason,
    decided_at: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The problems of these lines, oldest first, grouped by line id (the order page's threads). */
export async function problemsByLine(db: Executor, lineIds: string[], settings: ProtectionSettings): Promise<Map<string, Problem[]>> {
  const byLine = new Map<string, Problem[]>();
  if (lineIds.length === 0) return byLine;
  const rows = await db.select().from(orderProblems).where(inArray(orderProblems.lineId, lineIds)).orderBy(asc(orderProblems.createdAt));
  for (const r of rows) byLine.set(r.lineId, [...(byLine.get(r.lineId) ?? []), toProblem(r, settings)]);
  return byLine;
}

/**
 * The admin's Disputes list: open ones (waiting for the seller or for a decision) oldest first, or
 * closed ones newest first, with both sides, the line and the money involved.
 */
export async function listProblems(db: Executor, status: "open" | "closed", settings: ProtectionSettings): Promise<AdminProblem[]> {
  const open = status === "open";
  const rows = await db.execute<Record<string, unknown>>(sql`
    select p.id, o.number, ol.name, ol.quantity, (ol.unit_price_kobo * ol.quantity)::text as total,
           coalesce((select sum(r.amount_kobo) from refunds r where r.order_line_id = ol.id), 0)::text as refunded,
           ${LINE_SHIPPING_SHARE}::text as share,
           o.shipping_kobo::text as shipping, coalesce((select sum(r.shipping_kobo) from refunds r where r.order_id = o.id), 0)::text as shipping_refunded,
           b.id as buyer_id, b.names as buyer_names, s.id as seller_id, s.names as seller_names
    from order_problems p join order_lines ol on ol.id = p.line_id join orders o on o.id = p.order_id
    join users b on b.id = p.buyer_id join users s on s.id = p.seller_id
    where p.status ${open ? sql`in ('open', 'answered')` : sql`in ('accepted', 'decided')`}
    order by p.created_at ${open ? sql`asc` : sql`desc`}
    limit 200`);
  const ids = rows.rows.map((r) => String(r.id));
  const full = ids.length ? await db.select().from(orderProblems).where(inArray(orderProblems.id, ids)) : [];
  const byId = new Map(full.map((p) => [p.id, p]));
  return rows.rows.map((r) => {
    const share = Math.max(0, Math.min(Number(r.share), Number(r.shipping) - Number(r.shipping_refunded)));
    return {
      ...toProblem(byId.get(String(r.id))!, settings),
      order_number: String(r.number),
      line_name: String(r.name),
      quantity: Number(r.quantity),
      line_amount: koboToNaira(Number(r.total)),
      refundable: koboToNaira(Number(r.total) - Number(r.refunded) + share),
      shipping_share: koboToNaira(share),
      buyer: { _id: String(r.buyer_id), names: String(r.buyer_names) },
      seller: { _id: String(r.seller_id), names: String(r.seller_names) },
    };
  });
}

/* Timers (ADR 0196) ------------------------------------------------------------------------- */

/**
 * Claim up to 100 candidates of a timer with SKIP LOCKED, then move each in its own transaction
 * (lock, check the state again, move): once per cluster by the job's lock, idempotent (a line
 * moved already is skipped by its state), and a process dying in the middle leaves every line
 * either moved with its money or untouched.
 */
async function eachDue(db: Db, due: SQL, work: (tx: Tx, id: string) => Promise<string[]>): Promise<{ moved: number; outboxIds: string[] }> {
  const found = await db.execute<{ id: string }>(sql`${due} limit 100`);
  let moved = 0;
  const outboxIds: string[] = [];
  for (const { id } of found.rows) {
    const ids = await db
      .transaction((tx) => work(tx, id))
      .catch((err: unknown) => {
        // A line moved meanwhile (409) is no longer due; anything else is retried at the next run.
        if ((err as { statusCode?: number }).statusCode === 409) return null;
        throw err;
      });
    if (ids) {
      moved++;
      outboxIds.push(...ids);
    }
  }
  return { moved, outboxIds };
}

/**
 * Lines of paid orders not shipped by their ship-by time (ship-by.ts, ADR 0219): cancelled and
 * refunded. A line paid on delivery counts from its order's placing and has nothing to refund (ADR 0220).
 */
export async function autoCancelUnshipped(db: Db, now: Date, settings: ProtectionSettings) {
  const products: string[] = [];
  const result = await eachDue(
    db,
    sql`select ol.id from order_lines ol join orders o on o.id = ol.order_id
        cross join lateral (select ${shipClockSql(sql`o`)} as at) c
        where ol.fulfilment = 'unfulfilled' and o.status = 'paid' and c.at is not null
          and ${shipBySql(sql`c.at`, sql`ol.protection_started_at`, settings)} <= ${now.toISOString()}::timestamptz
        order by c.at`,
    async (tx, id) => {
      const line = await lockLine(tx, id);
      if (line?.fulfilment !== "unfulfilled") return [];
      const done = await cancelLocked(tx, line, "timer", null, `not shipped within ${settings.shipByDays} days`);
      products.push(...done.products);
      return done.outboxIds;
    },
  );
  return { ...result, products };
}

/** Delivered lines whose return window closed with no problem open: received (the hold counts from the window's end). */
export async function autoReceive(db: Db, now: Date, settings: ProtectionSettings) {
  return eachDue(
    db,
    sql`select ol.id from order_lines ol
        where ol.fulfilment = 'delivered' and ol.delivered_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${settings.returnWindowDays})
        order by ol.delivered_at`,
    async (tx, id) => {
      const line = await lockLine(tx, id);
      if (line?.fulfilment !== "delivered" || !line.delivered_at) return [];
      const closed = addDays(line.delivered_at, settings.returnWindowDays);
      await move(
        tx,
        line,
        "receive",
        "timer",
        { actorId: null, kind: "received", text: `${line.name}: the return window closed, counted as received` },
        sql`, received_at = ${closed.toISOString()}::timestamptz`,
      );
      return [];
    },
  );
}

/** Problems the seller left unanswered for SELLER_REPLY_DAYS: the buyer's refund is accepted. */
export async function autoAccept(db: Db, now: Date, settings: ProtectionSettings) {
  return eachDue(
    db,
    sql`select p.id from order_problems p
        where p.status = 'open' and p.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => ${settings.sellerReplyDays})
        order by p.created_at`,
    async (tx, id) => {
      const found = await lockProblem(tx, id);
      if (found?.problem.status !== "open") return [];
      return acceptLocked(tx, found.problem, found.line, null, `The seller did not answer within ${settings.sellerReplyDays} days`);
    },
  );
}
