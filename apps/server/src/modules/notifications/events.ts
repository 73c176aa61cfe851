/**
 * The events the store tells people about (issue "everyone is told at every step"; ADRs 0180-0182),
 * each read from stored data inside the transaction that makes the event and recorded with
 * `notify` there: the caller delivers the answered outbox ids after its commit. Texts are plain
 * text with the order's number (orders.number) and a link; SMS are short. Amounts are kobo.
 */
import { BACKOFFICE_BASE, BACKOFFICE_PATHS, formatNaira, koboToNaira, truncate } from "@market/contract";
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { adminIds, notify } from "./service.js";
import { lagosTime, SHIP_WITHIN_WORKING_DAYS, shipBy } from "./ship-by.js";

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
 * The admin decided the order's transfer: the buyer is told it is paid or not accepted; when paid,
 * each seller of the order is told to ship their lines by the ship-by time (ADR 0180). `late`: the
 * transfer had been flagged as not confirmed in time (the buyer was told its items went back on sale).
 */
export async function paymentDecided(
  tx: Executor,
  orderId: string,
  decision: "confirmed" | "rejected",
  opts: { late?: boolean; now?: Date } = {},
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
  const by = lagosTime(shipBy(opts.now ?? new Date()));
  const sellers = await tx.execute<{ seller_id: string; items: string; units: string }>(sql`
    select seller_id, string_agg(name || ' x' || quantity, ', ' order by id) as items, sum(quantity)::text as units
    from order_lines where order_id = ${o.id} group by seller_id order by seller_id`);
  for (const s of sellers.rows) {
    const units = Number(s.units);
    ids.push(
      ...(await notify(tx, {
        kind: "new_order",
        event: `new_order:${o.id}`,
        userIds: [s.seller_id],
        message: {
          text: `New order ${o.number} to ship (${units} item${units === 1 ? "" : "s"}): ship by ${by}.`,
          sms: `New paid order ${o.number}: ${units} item${units === 1 ? "" : "s"} to ship by ${by}.`,
          subject: `new order ${o.number} to ship by ${by}`,
          email: `Order ${o.number} is paid. Please ship your items by ${by} (Lagos time, ${SHIP_WITHIN_WORKING_DAYS} working days):\n${s.items}\n\nThe delivery address and the buyer's phone are on the order's page. Mark each item shipped there when it leaves.`,
          url: backofficeOrderUrl(o.id),
        },
      })),
    );
  }
  return ids;
}

/** A seller marked a line shipped or delivered: the buyer is told. */
export async function lineMoved(tx: Executor, lineId: string, to: "shipped" | "delivered"): Promise<string[]> {
  const found = await tx.execute<{ order_id: string; number: string; buyer_id: string; name: string; quantity: number }>(sql`
    select o.id as order_id, o.number, o.buyer_id, l.name, l.quantity
    from order_lines l join orders o on o.id = l.order_id where l.id = ${lineId}`);
  const l = found.rows[0];
  if (!l) return [];
  const what = `${item(l.name)}${l.quantity > 1 ? ` x${l.quantity}` : ""}`;
  const shipped = to === "shipped";
  return notify(tx, {
    kind: shipped ? "line_shipped" : "line_delivered",
    event: `line_${to}:${lineId}`,
    userIds: [l.buyer_id],
    message: {
      text: shipped ? `Shipped: ${what} (order ${l.number}) is on its way.` : `Delivered: ${what} (order ${l.number}).`,
      sms: shipped ? `${what} from order ${l.number} is shipped.` : `${what} from order ${l.number} is delivered.`,
      subject: shipped ? `${item(l.name)} from order ${l.number} is shipped` : `${item(l.name)} from order ${l.number} is delivered`,
      email: shipped
        ? `The seller has shipped ${what} from your order ${l.number}. It is on its way to you.`
        : `${what} from your order ${l.number} is marked delivered. If you did not receive it, reply to this e-mail.`,
      url: buyerOrderUrl(l.order_id),
    },
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
