/**
 * The events the store tells people about (issue "everyone is told at every step"; ADRs 0181, 0182, 0219),
 * each read from stored data inside the transaction that makes the event and recorded with
 * `notify` there: the caller delivers the answered outbox ids after its commit. Texts are plain
 * text with the order's number (orders.number) and a link; SMS are short. Amounts are kobo.
 */
import { BACKOFFICE_BASE, BACKOFFICE_PATHS, formatNaira, koboToNaira, PAY_ON_DELIVERY, POD_MESSAGES, truncate } from "@market/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { type ShipBySettings, shipBySql } from "../commerce/ship-by.js";
import { lagosTime } from "./lagos-time.js";
import { adminIds, type NotifyMessage, notify } from "./service.js";

const naira = (kobo: number | string) => formatNaira(koboToNaira(Number(kobo)));
/** A product name as messages show it: plain text, cut for short texts. */
const item = (name: string) => truncate(name, 40);

/** The buyer's page of an order. */
const buyerOrderUrl = (orderId: string) => `/account/orders/${orderId}`;
/** The back office's page of an order (the seller's lines, or every line for the admin). */
const backofficeOrderUrl = (orderId: string) => `${BACKOFFICE_BASE}/orders/${orderId}`;

type OrderRow = {
  id: string;
  number: string;
  payment_reference: string;
  buyer_id: string;
  total_kobo: string;
  reserved_until: Date | string;
};

async function readOrder(tx: Executor, orderId: string): Promise<OrderRow | undefined> {
  const found = await tx.execute<OrderRow>(
    sql`select id, number, payment_reference, buyer_id, total_kobo::text, reserved_until from orders where id = ${orderId}`,
  );
  return found.rows[0];
}

/**
 * Order placed (buyer): what to transfer, to which account, and by when (the order's window).
 * `account`: the receiving account the Bank Transfer modal showed.
 */
export async function orderPlaced(
  tx: Executor,
  orderId: string,
  account: { client_bank: string; client_account_no: string; client_account_name: string },
): Promise<string[]> {
  const o = await readOrder(tx, orderId);
  if (!o) return [];
  const by = lagosTime(new Date(o.reserved_until));
  const amount = naira(o.total_kobo);
  const to = `${account.client_bank} ${account.client_account_no} (${account.client_account_name})`;
  return notify(tx, {
    kind: "order_placed",
    event: `order_placed:${o.id}`,
    userIds: [o.buyer_id],
    message: {
      text: `Order ${o.number} placed: transfer ${amount} to ${to} by ${by}, with ${o.payment_reference} in the narration.`,
      sms: `Order ${o.number}: transfer ${amount} to ${to} by ${by}. Narration: ${o.payment_reference}`,
      subject: `order ${o.number}: transfer ${amount} by ${by}`,
      email: `Thank you for your order ${o.number}.\n\nTo pay, transfer ${amount} to:\n${account.client_bank}\nAccount number: ${account.client_account_no}\nAccount name: ${account.client_account_name}\nNarration (reference): ${o.payment_reference}\n\nPlease put the reference in the transfer's narration so we can match your payment, transfer by ${by} (Lagos time) and then press "I have made payment". After that time the order is cancelled and its items go back on sale.`,
      url: buyerOrderUrl(o.id),
    },
  });
}

/**
 * The admin (or the card provider) decided the order's payment: the buyer is told it is paid or not
 * accepted; when paid, each seller of the order is told to ship their lines by their ship-by
 * deadline (commerce/ship-by.ts, ADR 0219: SHIP_BY_DAYS of `settings` after the payment, the
 * earliest of the seller's lines), after which an unshipped line is cancelled and refunded. Call it
 * after the payment's sale journal is posted (`recordOrderPaid`), in the same transaction. `late`:
 * the transfer had been flagged as not confirmed in time (the buyer was told its items went back on sale).
 */
export async function paymentDecided(
  tx: Executor,
  orderId: string,
  decision: "confirmed" | "rejected",
  settings: ShipBySettings,
  opts: { late?: boolean } = {},
): Promise<string[]> {
  const o = await readOrder(tx, orderId);
  if (!o) return [];
  const amount = naira(o.total_kobo);
  if (decision === "rejected") {
    return notify(tx, {
      kind: "payment_rejected",
      event: `payment_rejected:${o.id}`,
      userIds: [o.buyer_id],
      message: {
        text: `Payment for order ${o.number} not accepted: the order is closed.`,
        sms: `We could not accept your payment for order ${o.number}. The order is closed.`,
        subject: `order ${o.number} is closed`,
        email: `We could not accept your payment of ${amount} for order ${o.number}, so the order is closed. If the money left your account, we will refund it in full; reply to this e-mail if you have any question.`,
        url: buyerOrderUrl(o.id),
      },
    });
  }
  const ids = await notify(tx, {
    kind: "payment_confirmed",
    event: `payment_confirmed:${o.id}`,
    userIds: [o.buyer_id],
    message: {
      text: `Payment confirmed for order ${o.number}: the sellers will now ship it.`,
      sms: `Payment of ${amount} for order ${o.number} confirmed. The sellers will now ship it.`,
      subject: `your payment for order ${o.number} is confirmed`,
      email: `${opts.late ? "Good news: we found your payment" : "We received your payment"} of ${amount} for order ${o.number}. The order is paid and the sellers will now ship it. We will tell you when each item is shipped.`,
      url: buyerOrderUrl(o.id),
    },
  });
  // Each seller's earliest deadline (ADR 0219), null without a posted payment (the caller posts it first).
  const shipBy = shipBySql(sql`j.created_at`, sql`l.protection_started_at`, settings);
  const sellers = await tx.execute<{ seller_id: string; items: string; units: string; ship_by: Date | string | null }>(sql`
    select l.seller_id, string_agg(l.name || ' x' || l.quantity, ', ' order by l.id) as items, sum(l.quantity)::text as units,
           min(${shipBy}) as ship_by
    from order_lines l left join ledger_journals j on j.key = 'order-paid:' || l.order_id::text
    where l.order_id = ${o.id} group by l.seller_id order by l.seller_id`);
  ids.push(
    ...(await tellSellers(tx, o.id, sellers.rows, (s) => {
      const units = Number(s.units);
      const by = s.ship_by ? lagosTime(new Date(s.ship_by)) : null;
      const text = by ? `ship by ${by}` : "ship it soon";
      return {
        text: `New order ${o.number} to ship (${units} item${units === 1 ? "" : "s"}): ${text}.`,
        sms: `New paid order ${o.number}: ${units} item${units === 1 ? "" : "s"} to ${text}, or it is cancelled and refunded.`,
        subject: `new order ${o.number} to ${text}`,
        email: `Order ${o.number} is paid. Please ${text}${by ? " (Lagos time)" : ""}:\n${s.items}\n\nAn item not shipped by then is cancelled and its price refunded to the buyer, and it counts against your seller score. The delivery address and the buyer's phone are on the order's page. Mark each item shipped there when it leaves.`,
        url: backofficeOrderUrl(o.id),
      };
    })),
  );
  return ids;
}

/**
 * Tell each seller of order `orderId` about their part: one "new order" notification each (same
 * kind and event for a paid order and one paid on delivery, so a seller's preferences apply).
 */
async function tellSellers<R extends { seller_id: string }>(
  tx: Executor,
  orderId: string,
  rows: R[],
  message: (row: R) => NotifyMessage,
): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows)
    ids.push(...(await notify(tx, { kind: "new_order", event: `new_order:${orderId}`, userIds: [r.seller_id], message: message(r) })));
  return ids;
}

/**
 * A pay-on-delivery order was placed (ADR 0221): each seller is told what to deliver and that their
 * courier collects the cash (their lines and own fee) and takes the buyer's code. Same kind and event
 * as a paid order's "new order to ship", so a seller's preferences apply.
 */
export async function podOrderPlaced(tx: Executor, orderId: string): Promise<string[]> {
  const o = await readOrder(tx, orderId);
  if (!o) return [];
  const sellers = await tx.execute<{ seller_id: string; items: string; cash: string }>(sql`
    select l.seller_id, string_agg(l.name || ' x' || l.quantity, ', ' order by l.id) as items,
      (sum(l.unit_price_kobo * l.quantity) + coalesce((select sum(s.fee_kobo) from order_shipments s
        where s.order_id = l.order_id and s.seller_id = l.seller_id and not s.store_rate), 0))::text as cash
    from order_lines l where l.order_id = ${o.id} group by l.seller_id, l.order_id order by l.seller_id`);
  return tellSellers(tx, o.id, sellers.rows, (s) => {
    const cash = naira(s.cash);
    return {
      text: `New pay-on-delivery order ${o.number}: collect ${cash} in cash at delivery.`,
      sms: `New pay-on-delivery order ${o.number}: deliver it, collect ${cash} in cash and enter the buyer's code.`,
      subject: `new pay-on-delivery order ${o.number}`,
      email: `Order ${o.number} is to be paid on delivery:\n${s.items}\n\nYour courier collects ${cash} in cash. Once paid, enter the 6-digit code the buyer received by SMS on the order's page; if the buyer refuses the parcel, mark it "Refused at delivery (not paid)" there.`,
      url: backofficeOrderUrl(o.id),
    };
  });
}

/**
 * A seller marked their delivery of a pay-on-delivery order "Refused at delivery" (ADR 0221): the
 * buyer is told in-app and by SMS (the seller's word alone; the buyer can say otherwise), under the
 * kind of a cancelled item.
 */
export async function podRefused(tx: Executor, orderId: string, sellerId: string): Promise<string[]> {
  const found = await tx.execute<{ number: string; buyer_id: string; names: string }>(sql`
    select o.number, o.buyer_id, u.names from orders o join users u on u.id = ${sellerId} where o.id = ${orderId}`);
  const o = found.rows[0];
  if (!o) return [];
  const text = POD_MESSAGES.refusedBuyer(o.number, o.names);
  return notify(tx, {
    kind: "line_cancelled",
    event: `pod_refused:${orderId}:${sellerId}`,
    userIds: [o.buyer_id],
    message: { text, sms: text, subject: `order ${o.number} marked refused at delivery`, email: text, url: buyerOrderUrl(orderId) },
  });
}

/** The buyer said they did not refuse a seller's delivery (ADR 0221): the admins are told to look into it. */
export async function podRefusalContested(tx: Executor, orderId: string, sellerId: string): Promise<string[]> {
  const found = await tx.execute<{ number: string; names: string }>(sql`
    select o.number, u.names from orders o join users u on u.id = ${sellerId} where o.id = ${orderId}`);
  const o = found.rows[0];
  if (!o) return [];
  const text = `Order ${o.number}: the buyer says they did not refuse ${o.names}'s delivery marked refused at the door.`;
  return notify(tx, {
    kind: "problem_to_decide",
    event: `pod_contested:${orderId}:${sellerId}`,
    userIds: await adminIds(tx),
    message: { text, sms: text, subject: `order ${o.number}: a refusal contested`, email: text, url: backofficeOrderUrl(orderId) },
  });
}

/**
 * Refunds were made on an order (one call of the admin's refund): the buyer is told the total, each
 * seller whose lines were refunded their part. `refundIds`: the refunds made together.
 */
export async function refundMade(tx: Executor, orderId: string, refundIds: readonly string[]): Promise<string[]> {
  if (refundIds.length === 0) return [];
  const o = await readOrder(tx, orderId);
  if (!o) return [];
  const rows = await tx.execute<{ seller_id: string | null; amount: string; seller_share: string; reason: string }>(sql`
    select l.seller_id, sum(r.amount_kobo)::text as amount, sum(r.seller_kobo)::text as seller_share, min(r.reason) as reason
    from refunds r left join order_lines l on l.id = r.order_line_id
    where r.id in (${sql.join(
      refundIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    group by l.seller_id order by l.seller_id`);
  const total = rows.rows.reduce((s, r) => s + Number(r.amount), 0);
  const reason = rows.rows[0]?.reason ?? "";
  const event = `refund_made:${[...refundIds].sort()[0]}`;
  const ids = await notify(tx, {
    kind: "refund_made",
    event,
    userIds: [o.buyer_id],
    message: {
      text: `Refund of ${naira(total)} made for order ${o.number}.`,
      sms: `We refunded ${naira(total)} for order ${o.number}.`,
      subject: `refund of ${naira(total)} for order ${o.number}`,
      email: `We have refunded ${naira(total)} for your order ${o.number}.\nReason: ${reason}\n\nThe money goes back to the account you paid from.`,
      url: buyerOrderUrl(o.id),
    },
  });
  for (const r of rows.rows) {
    if (!r.seller_id) continue;
    ids.push(
      ...(await notify(tx, {
        kind: "refund_made",
        event,
        userIds: [r.seller_id],
        message: {
          text: `Refund of ${naira(r.amount)} on order ${o.number}: ${naira(r.seller_share)} of your earnings.`,
          sms: `A refund of ${naira(r.amount)} was made on order ${o.number}.`,
          subject: `refund on order ${o.number}`,
          email: `The buyer of order ${o.number} was refunded ${naira(r.amount)} for your items; ${naira(r.seller_share)} comes off your earnings.\nReason: ${reason}`,
          url: backofficeOrderUrl(o.id),
        },
      })),
    );
  }
  return ids;
}

type PayoutRow = {
  id: string;
  seller_id: string;
  names: string;
  amount_kobo: string;
  reference: string | null;
  failure_reason: string | null;
};

async function readPayout(tx: Executor, payoutId: string): Promise<PayoutRow | undefined> {
  const found = await tx.execute<PayoutRow>(sql`
    select p.id, p.seller_id, u.names, p.amount_kobo::text, p.reference, p.failure_reason
    from payouts p join users u on u.id = p.seller_id where p.id = ${payoutId}`);
  return found.rows[0];
}

/** A seller requested a payout: every admin is told. */
export async function payoutRequested(tx: Executor, payoutId: string): Promise<string[]> {
  const p = await readPayout(tx, payoutId);
  if (!p) return [];
  return notify(tx, {
    kind: "payout_requested",
    event: `payout_requested:${p.id}`,
    userIds: await adminIds(tx),
    message: {
      text: `Payout of ${naira(p.amount_kobo)} requested by ${p.names}.`,
      sms: `${p.names} requested a payout of ${naira(p.amount_kobo)}.`,
      subject: `payout of ${naira(p.amount_kobo)} requested by ${p.names}`,
      email: `${p.names} requested a payout of ${naira(p.amount_kobo)}. Pay it and record it on the Payouts page.`,
      url: BACKOFFICE_PATHS.payouts,
    },
  });
}

/** A payout was paid, failed or came back from the bank: the seller is told. */
export async function payoutSettled(tx: Executor, payoutId: string, to: "paid" | "failed" | "reversed"): Promise<string[]> {
  const p = await readPayout(tx, payoutId);
  if (!p) return [];
  const amount = naira(p.amount_kobo);
  if (to === "paid") {
    return notify(tx, {
      kind: "payout_paid",
      event: `payout_paid:${p.id}`,
      userIds: [p.seller_id],
      message: {
        text: `Payout of ${amount} paid${p.reference ? ` (reference ${p.reference})` : ""}.`,
        sms: `Your payout of ${amount} is paid.`,
        subject: `your payout of ${amount} is paid`,
        email: `Your payout of ${amount} was sent to your bank account${p.reference ? `, reference ${p.reference}` : ""}.`,
        url: BACKOFFICE_PATHS.earnings,
      },
    });
  }
  const reason = p.failure_reason ? ` Reason: ${p.failure_reason}.` : "";
  return notify(tx, {
    kind: "payout_failed",
    event: `payout_${to}:${p.id}`,
    userIds: [p.seller_id],
    message: {
      text: `Payout of ${amount} failed: the money is back in your available balance.${reason}`,
      sms: `Your payout of ${amount} failed. The money is back in your balance.`,
      subject: `your payout of ${amount} failed`,
      email: `Your payout of ${amount} ${to === "reversed" ? "came back from the bank" : "could not be paid"}, so the money is back in your available balance.${reason} Check your payout bank account and request it again.`,
      url: BACKOFFICE_PATHS.earnings,
    },
  });
}

/** A submitted transfer nobody decided in time was flagged (ADR 0081): every admin is told. */
export async function transferFlagged(tx: Executor, orderId: string, hours: number): Promise<string[]> {
  const o = await readOrder(tx, orderId);
  if (!o) return [];
  const amount = naira(o.total_kobo);
  return notify(tx, {
    kind: "transfer_flagged",
    event: `transfer_flagged:${o.id}`,
    userIds: await adminIds(tx),
    message: {
      text: `Transfer of ${amount} for order ${o.number} not confirmed in ${hours} hours: flagged.`,
      sms: `Transfer for order ${o.number} (${amount}) not confirmed in ${hours} hours. Please check it.`,
      subject: `transfer for order ${o.number} not confirmed in ${hours} hours`,
      email: `The bank transfer of ${amount} for order ${o.number} was not confirmed within ${hours} hours, so its items went back on sale and the transfer is flagged. Check the bank statement and confirm or reject it on the Transactions page.`,
      url: backofficeOrderUrl(o.id),
    },
  });
}

/** The admin approved a seller account, or declined it with `reason`: the seller is told. */
export async function sellerReviewed(
  tx: Executor,
  sellerId: string,
  decision: { approved: true } | { approved: false; reason: string },
): Promise<string[]> {
  return notify(tx, {
    kind: "seller_review",
    event: `seller_review:${sellerId}:${decision.approved ? "approved" : `declined:${Date.now()}`}`,
    userIds: [sellerId],
    message: decision.approved
      ? {
          text: "Your seller account is approved: you can now add products and services.",
          sms: "Your seller account is approved. You can now add products and services.",
          subject: "your seller account is approved",
          email:
            "Your seller account is approved. Your products and services now show in the store, and you can add more from your dashboard.",
          url: BACKOFFICE_BASE,
        }
      : {
          text: `Your seller account was not approved: ${decision.reason}`,
          sms: "Your seller account was not approved. See the reason in your e-mail.",
          subject: "your seller account was not approved",
          email: `Your seller account was not approved.\nReason: ${decision.reason}\n\nUpdate your details and reply to this e-mail to ask again.`,
          url: BACKOFFICE_BASE,
        },
  });
}

/* Buyer protection (ADR 0193-0196) ----------------------------------------------------------- */

type LineRow = {
  order_id: string;
  number: string;
  buyer_id: string;
  seller_id: string;
  name: string;
  quantity: number;
  payment_type: string;
};

async function readLine(tx: Executor, lineId: string): Promise<LineRow | undefined> {
  const found = await tx.execute<LineRow>(sql`
    select o.id as order_id, o.number, o.buyer_id, l.seller_id, l.name, l.quantity, o.payment_type
    from order_lines l join orders o on o.id = l.order_id where l.id = ${lineId}`);
  return found.rows[0];
}

const what = (l: LineRow) => `${item(l.name)}${l.quantity > 1 ? ` x${l.quantity}` : ""}`;

/**
 * A line was delivered: the buyer is asked to confirm receipt or report a problem by `until`
 * (the end of the return window).
 */
export async function confirmOrReport(tx: Executor, lineId: string, until: Date): Promise<string[]> {
  const l = await readLine(tx, lineId);
  if (!l) return [];
  const by = lagosTime(until);
  return notify(tx, {
    kind: "line_delivered",
    event: `line_delivered:${lineId}`,
    userIds: [l.buyer_id],
    message: {
      text: `Delivered: ${what(l)} (order ${l.number}). Confirm receipt or report a problem by ${by}.`,
      sms: `${what(l)} (order ${l.number}) is delivered. Confirm or report a problem by ${by}.`,
      subject: `${item(l.name)} from order ${l.number} is delivered`,
      email: `${what(l)} from your order ${l.number} is marked delivered.\n\nPlease open the order and press "Confirm receipt" if all is well, or "Report a problem" by ${by} (Lagos time) if it did not arrive, is damaged, wrong or not genuine. After that time the order counts as received and the seller is paid.`,
      url: buyerOrderUrl(l.order_id),
    },
  });
}

/** A line was shipped: the buyer is told, with the carrier and tracking when given. */
export async function lineShipped(tx: Executor, lineId: string, carrier: string, tracking: string): Promise<string[]> {
  const l = await readLine(tx, lineId);
  if (!l) return [];
  const track = [carrier, tracking].filter(Boolean).join(", tracking ");
  const withTrack = track ? ` (${track})` : "";
  return notify(tx, {
    kind: "line_shipped",
    event: `line_shipped:${lineId}`,
    userIds: [l.buyer_id],
    message: {
      text: `Shipped: ${what(l)} (order ${l.number}) is on its way${withTrack}.`,
      sms: `${what(l)} from order ${l.number} is shipped${withTrack}.`,
      subject: `${item(l.name)} from order ${l.number} is shipped`,
      email: `The seller has shipped ${what(l)} from your order ${l.number}. It is on its way to you.${track ? `\nCarrier and tracking: ${track}` : ""}`,
      url: buyerOrderUrl(l.order_id),
    },
  });
}

/**
 * A line was cancelled (by its seller with `reason`, or not shipped in time): the buyer is told of the
 * refund, or, when nothing was paid for it (pay on delivery not collected: ADR 0220), of no refund.
 */
export async function lineCancelled(tx: Executor, lineId: string, reason: string, refundKobo: number): Promise<string[]> {
  const l = await readLine(tx, lineId);
  if (!l) return [];
  const unpaid = refundKobo === 0 && l.payment_type === PAY_ON_DELIVERY;
  const refund = unpaid ? "" : `; ${naira(refundKobo)} refunded`;
  return notify(tx, {
    kind: "line_cancelled",
    event: `line_cancelled:${lineId}`,
    userIds: [l.buyer_id, l.seller_id],
    message: {
      text: `Cancelled: ${what(l)} (order ${l.number})${refund}.`,
      sms: unpaid
        ? `${what(l)} from order ${l.number} was cancelled: nothing to pay for it at the door.`
        : `${what(l)} from order ${l.number} was cancelled and ${naira(refundKobo)} refunded.`,
      subject: `${item(l.name)} from order ${l.number} is cancelled`,
      email: `${what(l)} from order ${l.number} was cancelled.\nReason: ${reason}${unpaid ? "\n\nIt was to be paid on delivery: there is nothing to pay for it." : `\n\n${naira(refundKobo)} is refunded to the buyer.`}`,
      url: buyerOrderUrl(l.order_id),
    },
  });
}

/** The buyer reported a problem: the seller is told to accept or answer by `replyBy`. */
export async function problemReported(tx: Executor, problemId: string, lineId: string, reason: string, replyBy: Date): Promise<string[]> {
  const l = await readLine(tx, lineId);
  if (!l) return [];
  const by = lagosTime(replyBy);
  return notify(tx, {
    kind: "problem_reported",
    event: `problem_reported:${problemId}`,
    userIds: [l.seller_id],
    message: {
      text: `Problem reported on ${what(l)} (order ${l.number}): answer by ${by}.`,
      sms: `The buyer of order ${l.number} reported a problem (${reason}). Answer by ${by} or the refund is accepted.`,
      subject: `problem reported on order ${l.number}: answer by ${by}`,
      email: `The buyer of order ${l.number} reported a problem with ${what(l)}: ${reason}.\n\nOpen the order to read it and see the photos, then accept the refund or give your answer by ${by} (Lagos time). Without an answer by then, the buyer's refund is accepted.`,
      url: backofficeOrderUrl(l.order_id),
    },
  });
}

/** The seller answered a problem without accepting: every admin is told a dispute waits. */
export async function problemToDecide(tx: Executor, problemId: string, lineId: string): Promise<string[]> {
  const l = await readLine(tx, lineId);
  if (!l) return [];
  return notify(tx, {
    kind: "problem_to_decide",
    event: `problem_to_decide:${problemId}`,
    userIds: await adminIds(tx),
    message: {
      text: `Dispute on order ${l.number} waits for a decision.`,
      sms: `Dispute on order ${l.number} waits for a decision.`,
      subject: `dispute on order ${l.number} to decide`,
      email: `The seller answered the buyer's problem with ${what(l)} (order ${l.number}) without accepting it. Decide it on the Disputes page.`,
      url: BACKOFFICE_PATHS.disputes,
    },
  });
}

/** A problem was decided (accepted by the seller or the timer, or by an admin): both sides are told. */
export async function problemDecided(
  tx: Executor,
  problemId: string,
  lineId: string,
  refundKobo: number,
  reason: string,
): Promise<string[]> {
  const l = await readLine(tx, lineId);
  if (!l) return [];
  const outcome = refundKobo > 0 ? `${naira(refundKobo)} refunded to the buyer` : "released to the seller";
  const ids = await notify(tx, {
    kind: "problem_decided",
    event: `problem_decided:${problemId}`,
    userIds: [l.buyer_id],
    message: {
      text: `Problem on ${what(l)} (order ${l.number}) decided: ${outcome}.`,
      sms: `Your problem on order ${l.number} is decided: ${outcome}.`,
      subject: `your problem on order ${l.number} is decided`,
      email: `The problem you reported with ${what(l)} (order ${l.number}) is decided: ${outcome}.\nReason: ${reason}`,
      url: buyerOrderUrl(l.order_id),
    },
  });
  ids.push(
    ...(await notify(tx, {
      kind: "problem_decided",
      event: `problem_decided:${problemId}`,
      userIds: [l.seller_id],
      message: {
        text: `Problem on ${what(l)} (order ${l.number}) decided: ${outcome}.`,
        sms: `The problem on order ${l.number} is decided: ${outcome}.`,
        subject: `the problem on order ${l.number} is decided`,
        email: `The buyer's problem with ${what(l)} (order ${l.number}) is decided: ${outcome}.\nReason: ${reason}`,
        url: backofficeOrderUrl(l.order_id),
      },
    })),
  );
  return ids;
}
