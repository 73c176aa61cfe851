/**
 * One order as the caller may see it (GET /api/orders/{id}, ADR 0178):
 * - the buyer: their own order, every line with its seller, each seller's shipment (fee, days or
 *   pickup point, expected dates once paid; ADR 0199), the delivery address, totals, the payment
 *   (method, reference, transfer) and the timeline;
 * - a seller: only their own lines and shipment of a PAID order, with the buyer's name, delivery
 *   address and phone (so they can ship), the timeline of those lines; any other order is "not found";
 * - the admin: everything, with the buyer's and the sellers' e-mail and phone.
 * Anything else answers 404 (never someone else's address). Money: kobo inside, naira in answers.
 * The timeline is built from stored times only: the order's creation, the transfer's submission,
 * review and flag, each line's `shipped_at`/`delivered_at`, the refunds, and `updated_at` for an
 * order cancelled or expired (its last change).
 */
import type { AccountType, OrderEvent, OrderShipment, OrderView, OrderViewLine, Refund } from "@market/contract";
import { formatNaira, koboToNaira, nairaToKobo, normalizePhone } from "@market/contract";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { orderLineEvents, orderLines, orderShipments, orders, transactions, users } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { lineVariant } from "../catalog/variants.service.js";
import { refundsByOrder } from "../ledger/refunds.service.js";
import { podView } from "./pay-on-delivery.service.js";
import { type ProtectionSettings, problemsByLine } from "./protection.service.js";
import { shipByOf, shipClockSql } from "./ship-by.js";

const NOT_FOUND = "Order not found";

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * The order `orderId` seen by `viewer`.
 * @throws 404 unknown order, or one the viewer neither bought nor sells a line of (a seller: of a
 * paid order); never tells which.
 */
export async function orderView(
  db: Executor,
  viewer: { id: string; accType: AccountType },
  orderId: string,
  settings: ProtectionSettings,
): Promise<OrderView> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw notFound(NOT_FOUND);
  const allLines = await db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.createdAt, orderLines.id);

  const view: OrderView["view"] | null =
    viewer.accType === "admin"
      ? "admin"
      : order.buyerId === viewer.id
        ? "buyer"
        : order.status === "paid" && allLines.some((l) => l.sellerId === viewer.id)
          ? "seller"
          : null;
  if (!view) throw notFound(NOT_FOUND);

  const lines = view === "seller" ? allLines.filter((l) => l.sellerId === viewer.id) : allLines;
  const people = await db
    .select({ id: users.id, names: users.names, email: users.email, phone: users.phone })
    .from(users)
    .where(inArray(users.id, [order.buyerId, ...new Set(lines.map((l) => l.sellerId))]));
  const byId = new Map(people.map((p) => [p.id, p]));
  // Contacts: the admin sees everyone's; a seller the buyer's phone (in the address); the buyer none.
  const person = (id: string) => {
    const p = byId.get(id);
    return {
      _id: id,
      names: p?.names ?? "",
      ...(view === "admin" && p ? { email: p.email, phone: p.phone } : {}),
    };
  };

  const [transfer] = await db.select().from(transactions).where(eq(transactions.orderId, orderId));
  const lineIds = new Set(lines.map((l) => l.id));
  const allRefunds = (await refundsByOrder(db, [orderId])).get(orderId) ?? [];
  const refunds: Refund[] = view === "seller" ? allRefunds.filter((r) => r.line_id !== null && lineIds.has(r.line_id)) : allRefunds;

  // Buyer protection (ADR 0193): the lines' recorded events, their problems, the ship-by and report-by times.
  const events: OrderEvent[] = (
    await db
      .select()
      .from(orderLineEvents)
      .where(eq(orderLineEvents.orderId, orderId))
      .orderBy(asc(orderLineEvents.createdAt), asc(orderLineEvents.id))
  )
    .filter((e) => lineIds.has(e.lineId))
    .map((e) => ({ kind: e.kind as OrderEvent["kind"], at: e.createdAt.toISOString(), text: e.text, line_id: e.lineId }));
  const problems = await problemsByLine(db, [...lineIds], settings);
  // The ship-by clock's start: the payment, or the placing of an order paid on delivery (ship-by.ts).
  const paid = await db.execute<{ at: Date | string | null }>(
    sql`select ${shipClockSql(sql`o`)} as at from orders o where o.id = ${orderId}`,
  );
  const paidAt = paid.rows[0]?.at ? new Date(paid.rows[0].at) : null;
  const after = (at: Date | null, days: number) => (at ? new Date(at.getTime() + days * 24 * 60 * 60 * 1000).toISOString() : null);

  const viewLines: OrderViewLine[] = lines.map((l) => ({
    _id: l.id,
    product_id: l.productId,
    name: l.name,
    variant: lineVariant(l.variantId, l.variant),
    image_url: l.imageUrl,
    unit_price: koboToNaira(l.unitPriceKobo),
    quantity: l.quantity,
    amount: koboToNaira(l.unitPriceKobo * l.quantity),
    fulfilment: l.fulfilment,
    seller: person(l.sellerId),
    shipped_at: iso(l.shippedAt),
    delivered_at: iso(l.deliveredAt),
    carrier: l.carrier,
    tracking: l.tracking,
    tracking_url: /^https?:\/\//i.test(l.tracking) ? l.tracking : null,
    received_at: iso(l.receivedAt),
    cancelled_at: iso(l.cancelledAt),
    cancel_reason: l.cancelReason,
    ship_by: l.fulfilment === "unfulfilled" && order.status === "paid" ? shipByOf(paidAt, l.protectionStartedAt, settings) : null,
    report_until: l.fulfilment === "delivered" ? after(l.deliveredAt, settings.returnWindowDays) : null,
    problems: problems.get(l.id) ?? [],
  }));

  // In the order of the lines, so each seller's shipment follows the lines it carries.
  const sellerOrder = [...new Set(lines.map((l) => l.sellerId))];
  const shipments: OrderShipment[] = (await db.select().from(orderShipments).where(eq(orderShipments.orderId, orderId)))
    .filter((s) => sellerOrder.includes(s.sellerId))
    .sort((a, b) => sellerOrder.indexOf(a.sellerId) - sellerOrder.indexOf(b.sellerId))
    .map((s) => ({
      seller: person(s.sellerId),
      fee: koboToNaira(s.feeKobo),
      min_days: s.minDays,
      max_days: s.maxDays,
      store_rate: s.storeRate,
      pickup: s.pickup ? { name: s.pickup.name, address: s.pickup.address, state: s.pickup.state } : null,
      expected_from: after(paidAt, s.minDays),
      expected_to: after(paidAt, s.maxDays),
    }));

  const refundedKobo = refunds.reduce((sum, r) => sum + nairaToKobo(r.amount), 0);
  return {
    view,
    _id: order.id,
    number: order.number,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    buyer: person(order.buyerId),
    address: { ...order.shippingAddress, phone_international: internationalPhone(order.shippingAddress.phone) },
    lines: viewLines,
    // Pay on delivery (ADR 0221): a seller sees only their own delivery, never when the code was sent.
    pay_on_delivery: await podView(db, order.id, view === "seller" ? viewer.id : null),
    shipments,
    totals:
      view === "seller"
        ? null
        : {
            subtotal: koboToNaira(order.subtotalKobo),
            shipping: koboToNaira(order.shippingKobo),
            total: koboToNaira(order.totalKobo),
            refunded: koboToNaira(refundedKobo),
          },
    payment:
      view === "seller"
        ? null
        : {
            method: order.paymentType,
            reference: order.paymentReference,
            payer_account_no: order.payerAccountNo,
            transfer: transfer
              ? {
                  _id: transfer.id,
                  status: transfer.status,
                  amount: koboToNaira(transfer.amountKobo),
                  client_bank: transfer.clientBank,
                  client_account_no: transfer.clientAccountNo,
                  submitted_at: transfer.createdAt.toISOString(),
                  reviewed_at: iso(transfer.reviewedAt),
                  flagged_at: iso(transfer.flaggedAt),
                }
              : null,
          },
    refunds,
    timeline: timeline(order, viewLines, transfer, refunds, view, events),
    events,
  };
}

/**
 * The delivery phone in E.164 for the tel: and WhatsApp links, by the store's one normalisation
 * (ADR 0189), or null when it is not a valid number (an old order's phone kept as typed).
 */
function internationalPhone(phone: string): string | null {
  return normalizePhone(phone, { nigerianOnly: false });
}

/** The order's story, oldest first; of the transfer a seller sees only its confirmation (when the order became theirs to ship). */
function timeline(
  order: typeof orders.$inferSelect,
  lines: OrderViewLine[],
  transfer: typeof transactions.$inferSelect | undefined,
  refunds: Refund[],
  view: OrderView["view"],
  lineEvents: OrderEvent[],
): OrderEvent[] {
  const events: OrderEvent[] = [{ kind: "placed", at: order.createdAt.toISOString(), text: `Order ${order.number} placed` }];
  if (transfer) {
    if (view !== "seller")
      events.push({ kind: "transfer_submitted", at: transfer.createdAt.toISOString(), text: "Bank transfer submitted" });
    if (transfer.flaggedAt && view !== "seller") {
      events.push({
        kind: "transfer_flagged",
        at: transfer.flaggedAt.toISOString(),
        text: "Transfer not confirmed in time: items released",
      });
    }
    if (transfer.reviewedAt && (transfer.status === "confirmed" || transfer.status === "rejected")) {
      const confirmed = transfer.status === "confirmed";
      events.push({
        kind: confirmed ? "payment_confirmed" : "payment_rejected",
        at: transfer.reviewedAt.toISOString(),
        text: confirmed ? "Payment confirmed" : "Payment rejected",
      });
    }
  }
  if (order.status === "cancelled" || order.status === "expired") {
    events.push({
      kind: order.status,
      at: order.updatedAt.toISOString(),
      text: order.status === "cancelled" ? "Order cancelled" : "Payment window expired: items released",
    });
  }
  // A line's recorded events say its moves; lines moved before they were recorded tell them by their times.
  const recorded = new Set(lineEvents.map((e) => `${e.line_id}:${e.kind}`));
  for (const l of lines) {
    const who = view === "buyer" || view === "admin" ? ` by ${l.seller.names}` : "";
    if (l.shipped_at && !recorded.has(`${l._id}:shipped`))
      events.push({ kind: "shipped", at: l.shipped_at, text: `${l.name} shipped${who}` });
    if (l.delivered_at && !recorded.has(`${l._id}:delivered`))
      events.push({ kind: "delivered", at: l.delivered_at, text: `${l.name} delivered` });
  }
  events.push(...lineEvents);
  for (const r of refunds) {
    const line = lines.find((l) => l._id === r.line_id);
    events.push({
      kind: "refunded",
      at: r.createdAt,
      text: `${formatNaira(r.amount)} refunded ${line ? `for ${line.name}` : "for shipping"}`,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}
