/**
 * Reading and moving orders after checkout (design brief "store's rules"; brief "Commerce" contract):
 * - the buyer's order history (/account),
 * - a seller's lines of PAID orders (back office "Ordered Products"), moved unfulfilled -> shipped
 *   -> delivered by that seller only,
 * - the admin's bank transfers (back office "Transactions"), confirmed (order "paid") or rejected
 *   (order "rejected", stock released) once; a transfer flagged for not being decided in time can
 *   still be decided: confirming reserves its stock again or is refused (ADR 0081).
 * Lists are newest first with keyset pagination (lib/keyset.ts: the last row's created_at and id).
 * Money: kobo in the database, naira in answers.
 */
import type { AdminTransaction, BuyerOrder, Problem, SellerOrderLine } from "@market/contract";
import { koboToNaira, PAY_ON_DELIVERY } from "@market/contract";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.js";
import { orderLines, orders, podDeliveries, transactions, users } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { newestFirst } from "../../lib/keyset.js";
import { lineVariant } from "../catalog/variants.service.js";
import { recordOrderPaid } from "../ledger/earnings.service.js";
import { refundsByOrder } from "../ledger/refunds.service.js";
import type { Messenger } from "../messages/service.js";
import { paymentDecided } from "../notifications/events.js";
import { podOpenSql } from "./pay-on-delivery.service.js";
import { type ProtectionSettings, problemsByLine, shipOrDeliver } from "./protection.service.js";
import { type ShipBySettings, shipByOf, shipClockSql } from "./ship-by.js";
import { releaseOrders, reserveReleasedOrder } from "./stock.service.js";
import { expireOverdueOrders } from "./sweeps.service.js";

type Page = { limit: number; cursor?: string };

/* Each list newest first; ties (the lines of one order share its created_at) by id. */
const ORDERS = newestFirst(orders.createdAt, "timestamptz", orders.id);
const LINES = newestFirst(orderLines.createdAt, "timestamptz", orderLines.id);
const TRANSFERS = newestFirst(transactions.createdAt, "timestamptz", transactions.id);

/* ------------------------------------------------------------------------------------------- */
/* Buyer                                                                                        */
/* ------------------------------------------------------------------------------------------- */

/**
 * The buyer's orders, newest first, each with its lines. Overdue windows of this buyer are expired
 * first (the check on access, ADR 0032), so the history never shows a stale "awaiting payment";
 * `stockChanged` is told the products whose stock that gave back (ADR 0144).
 */
export async function listBuyerOrders(
  db: Db,
  buyerId: string,
  page: Page,
  stockChanged: (productIds: readonly string[]) => void = () => {},
): Promise<{ data: BuyerOrder[]; nextCursor: string | null }> {
  await expireOverdueOrders(db, { buyerId }, stockChanged);
  const fetched = await db
    .select({ o: orders, ...ORDERS.columns })
    .from(orders)
    .where(and(eq(orders.buyerId, buyerId), ORDERS.after(page.cursor)))
    .orderBy(...ORDERS.order)
    .limit(page.limit + 1);
  const { rows: kept, nextCursor } = ORDERS.page(fetched, page.limit);
  const rows = kept.map((r) => r.o);
  const lines = rows.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.orderId,
            rows.map((o) => o.id),
          ),
        )
        .orderBy(orderLines.createdAt, orderLines.id)
    : [];
  const refunds = await refundsByOrder(
    db,
    rows.map((o) => o.id),
  );
  const atDoor = await ordersToPayAtDoor(
    db,
    rows.filter((o) => o.paymentType === PAY_ON_DELIVERY).map((o) => o.id),
  );
  const data = rows.map(
    (o): BuyerOrder => ({
      _id: o.id,
      number: o.number,
      status: o.status,
      total: koboToNaira(o.totalKobo),
      subtotal: koboToNaira(o.subtotalKobo),
      shipping: koboToNaira(o.shippingKobo),
      createdAt: o.createdAt.toISOString(),
      reserved_until: o.reservedUntil.toISOString(),
      lines: lines
        .filter((l) => l.orderId === o.id)
        .map((l) => ({
          _id: l.id,
          product_id: l.productId,
          name: l.name,
          variant: lineVariant(l.variantId, l.variant),
          image_url: l.imageUrl,
          unit_price: koboToNaira(l.unitPriceKobo),
          quantity: l.quantity,
          fulfilment: l.fulfilment,
        })),
      refunds: refunds.get(o.id) ?? [],
      pay_at_door: atDoor.has(o.id),
    }),
  );
  return { data, nextCursor };
}

/** Of `orderIds` (paid on delivery), those with a seller's delivery neither paid nor refused yet (ADR 0221). */
async function ordersToPayAtDoor(db: Executor, orderIds: string[]): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ orderId: podDeliveries.orderId })
    .from(podDeliveries)
    .where(and(inArray(podDeliveries.orderId, orderIds), podOpenSql(sql`${podDeliveries}`)));
  return new Set(rows.map((r) => r.orderId));
}

/* ------------------------------------------------------------------------------------------- */
/* Seller                                                                                       */
/* ------------------------------------------------------------------------------------------- */

const sellerLineColumns = {
  line: orderLines,
  orderStatus: orders.status,
  orderNumber: orders.number,
  city: sql<string>`coalesce(${orders.shippingAddress}->>'city', '')`,
  buyerNames: users.names,
  // When the order was paid: its sale journal's time (the ship-by clock, ADR 0193).
  paidAt: sql<string | null>`${shipClockSql(sql`${orders}`)}`,
  // Paid on delivery and not collected from this seller yet (ADR 0221).
  collectAtDoor: sql<boolean>`exists (select 1 from pod_deliveries d where d.order_id = ${orders.id} and d.seller_id = ${orderLines.sellerId}
    and ${podOpenSql(sql`d`)})`,
};

type SellerLineRow = {
  line: typeof orderLines.$inferSelect;
  orderStatus: (typeof orders.$inferSelect)["status"];
  orderNumber: string;
  city: string;
  buyerNames: string;
  paidAt: string | null;
  collectAtDoor: boolean;
};

function toSellerLine(r: SellerLineRow, settings: ProtectionSettings, problems: Map<string, Problem[]>): SellerOrderLine {
  const open = (problems.get(r.line.id) ?? []).find((p) => p.status === "open" || p.status === "answered") ?? null;
  return {
    _id: r.line.id,
    order_id: r.line.orderId,
    order_number: r.orderNumber,
    product_id: r.line.productId,
    name: r.line.name,
    variant: lineVariant(r.line.variantId, r.line.variant),
    image_url: r.line.imageUrl,
    quantity: r.line.quantity,
    unit_price: koboToNaira(r.line.unitPriceKobo),
    amount: koboToNaira(r.line.unitPriceKobo * r.line.quantity),
    fulfilment: r.line.fulfilment,
    order_status: r.orderStatus,
    buyer: { names: r.buyerNames, city: r.city },
    createdAt: r.line.createdAt.toISOString(),
    ship_by: r.line.fulfilment === "unfulfilled" ? shipByOf(r.paidAt, r.line.protectionStartedAt, settings) : null,
    carrier: r.line.carrier,
    tracking: r.line.tracking,
    open_problem: open,
    collect_at_door: r.collectAtDoor,
  };
}

/**
 * Lines of PAID orders: a seller's own, or every seller's for an admin. Newest first, each with its
 * ship-by time and the problem to answer, if any.
 */
export async function listSellerLines(
  db: Executor,
  viewer: { id: string; accType: string },
  page: Page,
  settings: ProtectionSettings,
): Promise<{ data: SellerOrderLine[]; nextCursor: string | null }> {
  const rows = await db
    .select({ ...sellerLineColumns, ...LINES.columns })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .where(
      and(eq(orders.status, "paid"), viewer.accType === "admin" ? undefined : eq(orderLines.sellerId, viewer.id), LINES.after(page.cursor)),
    )
    .orderBy(...LINES.order)
    .limit(page.limit + 1);
  const { rows: kept, nextCursor } = LINES.page(rows, page.limit);
  const problems = await problemsByLine(
    db,
    kept.map((r) => r.line.id),
    settings,
  );
  return { data: kept.map((r) => toSellerLine(r, settings, problems)), nextCursor };
}

/**
 * The seller ships (carrier and tracking optional) or marks delivered one of their lines of a paid
 * order, by the line's state machine (protection.service.ts, ADR 0193). The buyer's notification is
 * recorded in the same transaction; `queued` is told its outbox ids after commit, to deliver them.
 * @throws 404 not the caller's line; 409 order not paid or a move out of order.
 */
export async function moveSellerLine(
  db: Db,
  sellerId: string,
  lineId: string,
  to: "shipped" | "delivered",
  opts: { carrier?: string; tracking?: string; now: Date; settings: ProtectionSettings },
  queued: (outboxIds: string[]) => void = () => {},
): Promise<SellerOrderLine> {
  let outboxIds: string[] = [];
  const line = await db.transaction(async (tx) => {
    outboxIds = await shipOrDeliver(tx, sellerId, lineId, to, opts);
    const [updated] = await tx
      .select(sellerLineColumns)
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .innerJoin(users, eq(users.id, orders.buyerId))
      .where(eq(orderLines.id, lineId));
    return toSellerLine(updated!, opts.settings, await problemsByLine(tx, [lineId], opts.settings));
  });
  queued(outboxIds);
  return line;
}

/* ------------------------------------------------------------------------------------------- */
/* Admin                                                                                        */
/* ------------------------------------------------------------------------------------------- */

const adminColumns = {
  t: transactions,
  orderStatus: orders.status,
  orderNumber: orders.number,
  reference: orders.paymentReference,
  buyerId: users.id,
  buyerNames: users.names,
  buyerEmail: users.email,
};

type AdminRow = {
  t: typeof transactions.$inferSelect;
  orderStatus: (typeof orders.$inferSelect)["status"];
  orderNumber: string;
  reference: string;
  buyerId: string;
  buyerNames: string;
  buyerEmail: string;
};

function toAdminTransaction(r: AdminRow): AdminTransaction {
  return {
    _id: r.t.id,
    order_id: r.t.orderId,
    order_number: r.orderNumber,
    reference: r.reference,
    amount: koboToNaira(r.t.amountKobo),
    payer_account_no: r.t.payerAccountNo,
    client_account_no: r.t.clientAccountNo,
    client_bank: r.t.clientBank,
    provider: r.t.provider,
    status: r.t.status,
    flagged_at: r.t.flaggedAt?.toISOString() ?? null,
    order_status: r.orderStatus,
    buyer: { _id: r.buyerId, names: r.buyerNames, email: r.buyerEmail },
    createdAt: r.t.createdAt.toISOString(),
  };
}

/** Transfers with their order and buyer (and the keyset's columns, for the list's cursor). */
function adminQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({ ...adminColumns, ...TRANSFERS.columns })
    .from(transactions)
    .innerJoin(orders, eq(orders.id, transactions.orderId))
    .innerJoin(users, eq(users.id, transactions.buyerId))
    .where(where);
}

/**
 * The transfers whose order is `q`: its number ("NM-26-000123", any letter case), the number's last
 * digits ("123" or "000123") or its payment reference ("k7qx4m9t" as "K7QX4M9T").
 */
function transferSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim().toUpperCase();
  if (!text) return undefined;
  const digits = /^\d{1,6}$/.test(text) ? `-${text.padStart(6, "0")}` : null;
  return or(eq(orders.number, text), eq(orders.paymentReference, text), digits ? sql`right(${orders.number}, 7) = ${digits}` : undefined);
}

/** Every bank transfer record, newest first, optionally by status and found by order number or reference (`q`). */
export async function listTransfers(
  db: Executor,
  filter: { status?: AdminTransaction["status"]; q?: string },
  page: Page,
): Promise<{ data: AdminTransaction[]; nextCursor: string | null }> {
  const rows = await adminQuery(
    db,
    and(filter.status ? eq(transactions.status, filter.status) : undefined, transferSearch(filter.q), TRANSFERS.after(page.cursor)),
  )
    .orderBy(...TRANSFERS.order)
    .limit(page.limit + 1);
  const { rows: kept, nextCursor } = TRANSFERS.page(rows, page.limit);
  return { data: kept.map(toAdminTransaction), nextCursor };
}

/**
 * The admin decides a submitted or flagged transfer, once, in one transaction (ADR 0030, 0081):
 * - submitted: confirm -> order "paid"; reject -> order "rejected" and its stock released;
 * - flagged (its stock was already released when nobody decided in time): confirm reserves the
 *   order's units again with the checkout's guarded UPDATE and marks it "paid", or is refused with a
 *   409 asking to reject and refund when the stock is gone; reject closes the order ("rejected")
 *   without touching stock. Either way the buyer, who was told the order was released, gets an
 *   e-mail (outbox, delivered after commit).
 * @param stockChanged told, once committed, the products whose stock the decision changed (none for
 *   a submitted transfer confirmed or a flagged one rejected), so the caches drop only what shows
 *   them (ADR 0144).
 * @param settings SHIP_BY_DAYS, for the sellers' "new order to ship" deadline (ADR 0219).
 * @throws 404 unknown record; 409 already decided, the order is not awaiting this decision, or a
 * flagged order's stock can no longer be reserved.
 */
export async function decideTransfer(
  db: Db,
  adminId: string,
  transactionId: string,
  action: "confirm" | "reject",
  messenger: Messenger,
  settings: ShipBySettings,
  stockChanged: (productIds: readonly string[]) => void = () => {},
): Promise<AdminTransaction> {
  const { outboxIds, products } = await db.transaction(async (tx) => {
    // Lock the record and its order together (the flagging sweep claims the same pair).
    const found = await tx.execute<{
      status: AdminTransaction["status"];
      order_id: string;
      order_status: string;
      total_kobo: number;
      email: string;
      names: string;
    }>(sql`
      select t.status, t.order_id, o.status as order_status, o.total_kobo, u.email, u.names
      from transactions t join orders o on o.id = t.order_id join users u on u.id = o.buyer_id
      where t.id = ${transactionId}
      for update of t, o`);
    const t = found.rows[0];
    if (!t) throw notFound("Transaction not found");
    if (t.status !== "submitted" && t.status !== "flagged") throw conflict(`This transfer was already ${t.status}`);
    const flagged = t.status === "flagged";
    const from = flagged ? "unconfirmed" : "payment_submitted";
    if (t.order_status !== from) throw conflict("The order of this transfer is not waiting for a payment decision");

    let products: string[] = [];
    if (action === "confirm") {
      if (flagged) products = await reserveReleasedOrder(tx, t.order_id);
      await tx
        .update(orders)
        .set({ status: "paid", updatedAt: sql`now()` })
        .where(and(eq(orders.id, t.order_id), eq(orders.status, from)));
      // The money moves with the decision: sellers' pending shares, commission, shipping (ADR 0091).
      await recordOrderPaid(tx, t.order_id);
    } else if (flagged) {
      await tx
        .update(orders)
        .set({ status: "rejected", updatedAt: sql`now()` })
        .where(and(eq(orders.id, t.order_id), eq(orders.status, "unconfirmed")));
    } else {
      products = (await releaseOrders(tx, [t.order_id], "rejected", ["payment_submitted"])).products;
    }
    await tx
      .update(transactions)
      .set({ status: action === "confirm" ? "confirmed" : "rejected", reviewedBy: adminId, reviewedAt: sql`now()` })
      .where(eq(transactions.id, transactionId));
    // The buyer (and, when paid, each seller: "new order to ship") are told (ADR 0181).
    const outboxIds = await paymentDecided(tx, t.order_id, action === "confirm" ? "confirmed" : "rejected", settings, { late: flagged });
    return { outboxIds, products };
  });
  stockChanged(products);
  void messenger.deliver(outboxIds);
  const [row] = await adminQuery(db, eq(transactions.id, transactionId));
  return toAdminTransaction(row!);
}
