/**
 * Helpers of the marketplace-money tests: a shopper buys products through the real API (cart,
 * checkout, "I have made payment"), an admin decides the transfer, a seller delivers a line.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "../src/db/client.js";
import { orderLines, orderShipments, orders, transactions } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { createSession } from "../src/modules/auth/sessions.js";
import { startPodOrder } from "../src/modules/commerce/pay-on-delivery.service.js";
import { checkoutBody, SHIPPING_ADDRESS } from "./fixtures.js";
import type { TestContext } from "./helpers.js";

const address = SHIPPING_ADDRESS;

/** A new shopper checks out `items` (product id, count, unit price in naira) and says they paid. */
export async function buyAndSubmit(ctx: TestContext, items: Array<{ productId: string; count: number; price: number }>) {
  const shopper = await createUserWithToken(ctx.db);
  for (const i of items) {
    const res = await ctx.request({
      method: "POST",
      url: "/api/cart",
      token: shopper.token,
      payload: { product_id: i.productId, count: i.count },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const amount = items.reduce((s, i) => s + i.price * i.count, 0) + SHIPPING_FEE_NAIRA;
  const session = await ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token: shopper.token,
    payload: checkoutBody(amount),
  });
  expect(session.statusCode, session.body).toBe(200);
  const form = session.json().data.Form;
  const paid = await ctx.request({ method: "PUT", url: "/api/transactions", token: shopper.token, payload: form });
  expect(paid.statusCode, paid.body).toBe(200);
  return { shopper, orderId: form.order_id as string, transactionId: paid.json().data.transaction_id as string };
}

/** The admin confirms or rejects a submitted transfer. */
export async function decide(ctx: TestContext, adminToken: string, transactionId: string, action: "confirm" | "reject") {
  const res = await ctx.request({
    method: "PUT",
    url: "/api/admin/transactions",
    token: adminToken,
    payload: { transaction_id: transactionId, action },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/**
 * The seller marks their line delivered and its buyer confirms receipt (through the API, signed in
 * as the buyer): the share's holding period starts (ADR 0194).
 */
export async function deliverAndReceive(ctx: TestContext, sellerToken: string, lineId: string) {
  const res = await ctx.request({
    method: "PUT",
    url: "/api/orders/lines",
    token: sellerToken,
    payload: { line_id: lineId, fulfilment: "delivered" },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [line] = await ctx.db
    .select({ orderId: orderLines.orderId, buyerId: orders.buyerId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orderLines.id, lineId));
  const { token: buyer } = await createSession(ctx.db, line!.buyerId, 1);
  const received = await ctx.request({
    method: "POST",
    url: `/api/orders/${line!.orderId}/received`,
    token: buyer,
    payload: { line_id: lineId },
  });
  expect(received.statusCode, received.body).toBe(200);
}

/** The seller's earnings answer. */
export async function earnings(ctx: TestContext, sellerToken: string, query = "") {
  const res = await ctx.request({ method: "GET", url: `/api/earnings${query}`, token: sellerToken });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Days in milliseconds. */
export const days = (n: number) => n * 24 * 60 * 60 * 1000;

/** An order of `buyerId` with `lines` (one line each, named "Item n") and `shipping` kobo, as `fields` say. */
async function insertOrder(
  db: Db,
  buyerId: string,
  lines: Array<{ sellerId: string; unitKobo: number; qty: number }>,
  shipping: number,
  fields: Pick<typeof orders.$inferInsert, "status" | "paymentType">,
) {
  const subtotal = lines.reduce((s, l) => s + l.unitKobo * l.qty, 0);
  const [order] = await db
    .insert(orders)
    .values({
      buyerId,
      ...fields,
      subtotalKobo: subtotal,
      shippingKobo: shipping,
      totalKobo: subtotal + shipping,
      shippingAddress: address,
      reservedUntil: new Date(),
    })
    .returning();
  const made = await db
    .insert(orderLines)
    .values(
      lines.map((l, n) => ({ orderId: order!.id, sellerId: l.sellerId, name: `Item ${n}`, unitPriceKobo: l.unitKobo, quantity: l.qty })),
    )
    .returning();
  return { order: order!, made, subtotal };
}

/**
 * A "payment submitted" order straight in the tables, for tests where the checkout cannot run (a
 * Paystack key makes checkout call Paystack) or would be slow. Units are kobo; shipping ₦2,000.
 */
export async function submittedOrder(db: Db, buyerId: string, lines: Array<{ sellerId: string; unitKobo: number; qty: number }>) {
  const shipping = 200_000;
  const { order: o, made, subtotal } = await insertOrder(db, buyerId, lines, shipping, { status: "payment_submitted" });
  const [t] = await db
    .insert(transactions)
    .values({
      orderId: o!.id,
      buyerId,
      amountKobo: subtotal + shipping,
      clientAccountNo: "0000000000",
      clientBank: "Wema Bank",
      clientAccountName: "Naija Market Ltd",
      payerAccountNo: "0123456789",
    })
    .returning();
  return {
    orderId: o!.id,
    transactionId: t!.id,
    lines: made.map((l) => ({ id: l.id, sellerId: l.sellerId, total: l.unitPriceKobo * l.quantity })),
  };
}

/**
 * A pay-on-delivery order placed (ADR 0220) by `buyerId` (whose phone gets the code) of `lines`,
 * each seller delivering at their own rate `feeKobo`: status paid, no money on the ledger yet, one
 * delivery per seller and the code sent (read it from the outbox). Answers ids and line totals.
 */
export async function podPlacedOrder(
  db: Db,
  buyerId: string,
  lines: Array<{ sellerId: string; unitKobo: number; qty: number }>,
  feeKobo: number,
) {
  const sellerIds = [...new Set(lines.map((l) => l.sellerId))];
  const { order: o, made } = await insertOrder(db, buyerId, lines, feeKobo * sellerIds.length, {
    status: "paid",
    paymentType: "pay_on_delivery",
  });
  await db
    .insert(orderShipments)
    .values(sellerIds.map((sellerId) => ({ orderId: o!.id, sellerId, feeKobo, storeRate: false, minDays: 1, maxDays: 2 })));
  await db.transaction((tx) => startPodOrder(tx, o!.id));
  return {
    orderId: o!.id,
    sellerIds,
    lines: made.map((l) => ({ id: l.id, sellerId: l.sellerId, total: l.unitPriceKobo * l.quantity })),
  };
}
