/**
 * The shopper's bank transfer after checkout (spec §2 Bank Transfer modal, §7 GET
 * /api/transactions/pending, PUT and DELETE /api/transactions; ADRs 0030, 0136): the order still
 * awaiting payment shown again, "I have made payment", and cancelling an order awaiting payment.
 * Each write is one transaction with the buyer's order row locked; stock goes back through
 * stock.service.ts. Money: kobo inside, naira in answers.
 */
import { koboToNaira, type SubmitTransferBody, type TransferForm } from "@market/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import type { ShippingAddress } from "../../db/schema/commerce.js";
import { cartLines, orders, transactions } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import type { ReceivingAccount } from "./payments/provider.js";
import { type OrderStatus, releaseOrders } from "./stock.service.js";

/**
 * GET /api/transactions/pending: the buyer's order still awaiting payment inside its window (by the
 * database clock), as createSession answered it, so a shopper who reloads or comes back can see
 * the transfer details and the time left again ("Continue payment", ADR 0136); null when none.
 */
export async function pendingTransfer(db: Db, user: { id: string }): Promise<TransferForm | null> {
  const found = await db.execute<{
    id: string;
    number: string;
    payment_reference: string;
    subtotal_kobo: string;
    shipping_kobo: string;
    total_kobo: string;
    payment_type: string;
    product_type: string;
    payer_account_no: string | null;
    shipping_address: ShippingAddress;
    reserved_until: Date | string;
    payload: ReceivingAccount | null;
  }>(sql`
    select o.id, o.number, o.payment_reference, o.subtotal_kobo, o.shipping_kobo, o.total_kobo, o.payment_type, o.product_type, o.payer_account_no,
      o.shipping_address, o.reserved_until, e.payload
    from orders o left join payment_events e on e.id = 'session:' || o.id::text
    where o.buyer_id = ${user.id} and o.status = 'awaiting_payment' and o.reserved_until > now()
    order by o.created_at desc
    limit 1`);
  const o = found.rows[0];
  if (!o?.payload) return null;
  const { first_name: _f, last_name: _l, ...address } = o.shipping_address;
  return {
    client_account_no: o.payload.client_account_no,
    client_bank: o.payload.client_bank,
    client_account_name: o.payload.client_account_name,
    amount: koboToNaira(Number(o.total_kobo)),
    subtotal: koboToNaira(Number(o.subtotal_kobo)),
    shippingFees: koboToNaira(Number(o.shipping_kobo)),
    account_no: o.payer_account_no ?? "",
    payment_type: o.payment_type,
    product_type: o.product_type,
    order_id: o.id,
    number: o.number,
    reference: o.payment_reference,
    expires_at: new Date(o.reserved_until).toISOString(),
    provider: o.payload.provider,
    address,
  };
}

export type SubmittedTransfer = { transaction_id: string; order_id: string; status: string; duplicate: boolean };

const CLOSED_MESSAGES: Partial<Record<OrderStatus, string>> = {
  cancelled: "This order was cancelled. Please check out again.",
  expired: "Your 15-minute payment window has expired and the items were released. Please check out again.",
  rejected: "This payment was rejected. Please contact the store.",
};

/** Lock one of the buyer's orders, with whether its window is still open (by the database clock). */
async function lockBuyerOrder(tx: Tx, userId: string, orderId: string) {
  const found = await tx.execute<{ id: string; status: OrderStatus; total_kobo: number; window_open: boolean }>(sql`
    select id, status, total_kobo, reserved_until > now() as window_open
    from orders where id = ${orderId} and buyer_id = ${userId} for update`);
  const order = found.rows[0];
  if (!order) throw notFound("Order not found");
  return order;
}

/**
 * PUT /api/transactions: the shopper says the transfer is made. Creates the one transaction record
 * of the order (a repeat answers the same record), marks the order "payment_submitted" and empties
 * the cart, all in one transaction. An order whose window is over is expired (stock released) and
 * refused. Recording the transfer changes no stock.
 * @param stockChanged told, once committed, the products whose stock came back when the order had
 *   expired (the caches drop what shows them, ADR 0144).
 * @throws 404 not the caller's order; 409 cancelled, expired or rejected order.
 */
export async function submitTransfer(
  db: Db,
  user: { id: string },
  body: SubmitTransferBody,
  stockChanged: (productIds: readonly string[]) => void = () => {},
): Promise<SubmittedTransfer> {
  let expiredNow: string[] | null = null;
  const result = await db.transaction(async (tx) => {
    const order = await lockBuyerOrder(tx, user.id, body.order_id);
    const [existing] = await tx.select().from(transactions).where(eq(transactions.orderId, order.id));
    if (existing) return { transaction_id: existing.id, order_id: order.id, status: existing.status, duplicate: true };
    if (order.status === "awaiting_payment" && !order.window_open) {
      expiredNow = (await releaseOrders(tx, [order.id], "expired", ["awaiting_payment"])).products;
      return null;
    }
    if (order.status !== "awaiting_payment") throw conflict(CLOSED_MESSAGES[order.status] ?? "This order can no longer be paid for.");

    const shown = await tx.execute<{ provider: string; payload: ReceivingAccount }>(
      sql`select provider, payload from payment_events where id = ${`session:${order.id}`}`,
    );
    const account = shown.rows[0]?.payload;
    if (!account) throw conflict("This order has no transfer details. Please check out again.");
    const [created] = await tx
      .insert(transactions)
      .values({
        orderId: order.id,
        buyerId: user.id,
        amountKobo: Number(order.total_kobo),
        clientAccountNo: account.client_account_no,
        clientBank: account.client_bank,
        clientAccountName: account.client_account_name,
        payerAccountNo: body.account_no,
        provider: account.provider,
        providerRef: account.reference,
        status: "submitted",
      })
      .returning();
    await tx
      .update(orders)
      .set({ status: "payment_submitted", payerAccountNo: body.account_no, updatedAt: sql`now()` })
      .where(and(eq(orders.id, order.id), eq(orders.status, "awaiting_payment")));
    await tx.delete(cartLines).where(eq(cartLines.userId, user.id));
    return { transaction_id: created!.id, order_id: order.id, status: created!.status, duplicate: false };
  });
  if (expiredNow) stockChanged(expiredNow);
  if (expiredNow || !result) throw conflict(CLOSED_MESSAGES.expired!);
  return result;
}

/**
 * DELETE /api/transactions?order_id=: the shopper cancels an order still awaiting payment; its
 * stock goes back. Cancelling an order that is already cancelled or expired answers "cancelled" again.
 * Answers the order's status, whether this call moved it, and the products whose stock came back
 * (the caches drop what shows them, ADR 0144).
 * @throws 404 not the caller's order; 409 payment already submitted or decided.
 */
export async function cancelOrder(
  db: Db,
  user: { id: string },
  orderId: string,
): Promise<{ status: OrderStatus; changed: boolean; stockChanged: string[] }> {
  return db.transaction(async (tx) => {
    const order = await lockBuyerOrder(tx, user.id, orderId);
    if (order.status === "awaiting_payment") {
      const released = await releaseOrders(tx, [order.id], order.window_open ? "cancelled" : "expired", ["awaiting_payment"]);
      return { status: order.window_open ? "cancelled" : "expired", changed: true, stockChanged: released.products };
    }
    if (order.status === "cancelled" || order.status === "expired") return { status: order.status, changed: false, stockChanged: [] };
    throw conflict("Payment for this order was already submitted, so it can no longer be cancelled here. Please contact the store.");
  });
}
