/**
 * Card payment through Paystack (ADRs 0201, 0202) against a local fake Paystack (fakes/paystack.ts)
 * reached through PAYSTACK_API_URL: checkout initializes a transaction for the server's total in
 * kobo and answers Paystack's page; the callback verifies it and marks the order paid; the signed
 * `charge.success` webhook does the same, once; forged, replayed or wrong-amount events change
 * nothing; a payment after the reservation ended takes its stock again or is refunded.
 */
import { payTheCourier, SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products, productVariants, transactions } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { releaseOrders } from "../src/modules/commerce/stock.service.js";
import { type FakePaystack, startFakePaystack } from "./fakes/paystack.js";
import { SHIPPING_ADDRESS } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

const SECRET = "sk_test_card_fake";
let fake: FakePaystack;
let ctx: ShopContext;

beforeAll(async () => {
  fake = await startFakePaystack(SECRET);
  ctx = await createShopContext({ PAYSTACK_SECRET_KEY: SECRET, PAYSTACK_API_URL: fake.url, PUBLIC_URL: "https://shop.example.ng" });
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

/** A shopper with one unit of a new ₦`price` product (stock `stock`) who checks out by card. */
async function cardCheckout(price: number, stock = 10) {
  const shopper = await createUserWithToken(ctx.db);
  const product = await ctx.shop.product({ price, countInStock: stock });
  expect(
    (await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: product.id, count: 1 } }))
      .statusCode,
  ).toBe(200);
  const res = await ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token: shopper.token,
    payload: { ...SHIPPING_ADDRESS, payment_type: "card", product_type: "market-place", amount: price + SHIPPING_FEE_NAIRA },
  });
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { shopper, product, orderId: data.Form.order_id as string, data, totalKobo: (price + SHIPPING_FEE_NAIRA) * 100 };
}

const webhook = (event: unknown, headers?: Record<string, string>) => {
  const signed = fake.signed(event);
  return ctx.request({
    method: "POST",
    url: "/api/payments/paystack/webhook",
    payload: signed.payload,
    headers: headers ?? signed.headers,
  });
};
const chargeSuccess = (reference: string) => {
  const t = fake.transactions.get(reference)!;
  return { event: "charge.success", data: { id: t.id, reference, amount: t.amount, currency: t.currency, status: "success" } };
};
const statusOf = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const journals = async (id: string) =>
  Number(
    (await ctx.db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_journals where key = ${`order-paid:${id}`}`)).rows[0]!
      .n,
  );

describe("card payment", () => {
  it("initializes a Paystack transaction for the server's total in kobo and answers its page", async () => {
    const { data, orderId, totalKobo, shopper } = await cardCheckout(5000);
    expect(data.authorization_url).toBe(`https://checkout.paystack.test/${orderId}`);
    const init = fake.calls.find((c) => c.path === "/transaction/initialize" && c.body?.reference === orderId)!;
    expect(init.body).toMatchObject({
      amount: String(totalKobo),
      currency: "NGN",
      email: shopper.user.email,
      callback_url: "https://shop.example.ng/api/payments/paystack/callback",
    });
    expect(await statusOf(orderId)).toBe("awaiting_payment");
  });

  it("the callback verifies with Paystack and marks the order paid; the webhook after it pays nothing twice", async () => {
    const { orderId } = await cardCheckout(7000);
    // Before paying, the callback changes nothing (Paystack says abandoned).
    const early = await ctx.request({ method: "GET", url: `/api/payments/paystack/callback?reference=${orderId}` });
    expect(early.statusCode).toBe(302);
    expect(await statusOf(orderId)).toBe("awaiting_payment");

    fake.pay(orderId);
    const back = await ctx.request({ method: "GET", url: `/api/payments/paystack/callback?reference=${orderId}&trxref=${orderId}` });
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe(`/account/orders/${orderId}`);
    expect(await statusOf(orderId)).toBe("paid");

    const again = await webhook(chargeSuccess(orderId));
    expect(again.json().outcome).toBe("duplicate");
    expect(await journals(orderId)).toBe(1);
    expect(await ctx.db.select().from(transactions).where(eq(transactions.orderId, orderId))).toHaveLength(1);
  });

  it("the signed webhook pays once; forged, wrong-amount and replayed events change nothing", async () => {
    const { orderId, totalKobo } = await cardCheckout(9000);
    fake.pay(orderId);
    const event = chargeSuccess(orderId);

    const forged = await webhook(event, { "content-type": "application/json", "x-paystack-signature": "ab".repeat(64) });
    expect(forged.statusCode).toBe(401);
    expect(await statusOf(orderId)).toBe("awaiting_payment");

    const wrong = await webhook({ ...event, data: { ...event.data, id: 99_999_001, amount: totalKobo - 100 } });
    expect(wrong.json().outcome).toBe("amount_mismatch");
    const dollars = await webhook({ ...event, data: { ...event.data, id: 99_999_002, currency: "USD" } });
    expect(dollars.json().outcome).toBe("amount_mismatch");
    expect(await statusOf(orderId)).toBe("awaiting_payment");

    expect((await webhook(event)).json().outcome).toBe("paid");
    expect((await webhook(event)).json().outcome).toBe("duplicate");
    expect(await statusOf(orderId)).toBe("paid");
    expect(await journals(orderId)).toBe(1);
  });

  it("a payment after the reservation ended takes the stock again when there is some, else is refunded", async () => {
    const kept = await cardCheckout(4000, 5);
    const sold = await cardCheckout(4000, 1);
    await ctx.db.transaction((tx) => releaseOrders(tx, [kept.orderId, sold.orderId], "expired", ["awaiting_payment"]));
    // The last unit of the second product is sold to someone else meanwhile.
    // Stock lives on the variant (ADR 0215); this product's only one has its id.
    await ctx.db.update(productVariants).set({ countInStock: 0 }).where(eq(productVariants.id, sold.product.id));

    fake.pay(kept.orderId);
    expect((await webhook(chargeSuccess(kept.orderId))).json().outcome).toBe("paid_late");
    expect(await statusOf(kept.orderId)).toBe("paid");
    const [p] = await ctx.db.select().from(products).where(eq(products.id, kept.product.id));
    expect(p!.countInStock).toBe(4);

    fake.pay(sold.orderId);
    expect((await webhook(chargeSuccess(sold.orderId))).json().outcome).toBe("refund");
    expect(await statusOf(sold.orderId)).toBe("expired");
    expect(fake.calls.filter((c) => c.path === "/refund").map((c) => c.body)).toEqual([{ transaction: sold.orderId }]);
    // Redelivered, it neither pays nor refunds twice.
    expect((await webhook(chargeSuccess(sold.orderId))).json().outcome).toBe("duplicate");
    expect(fake.calls.filter((c) => c.path === "/refund")).toHaveLength(1);
  });

  it("bank transfer still needs the payer's account number", async () => {
    const shopper = await createUserWithToken(ctx.db);
    const res = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: { ...SHIPPING_ADDRESS, payment_type: "bank_transfer", product_type: "market-place", amount: 100 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ account_no: "Enter the 10-digit account number" });
  });
});

describe("continuing a card payment (POST /api/transactions/card, ADR 0223)", () => {
  const cont = (orderId: string, token?: string) =>
    ctx.request({ method: "POST", url: "/api/transactions/card", token, payload: { order_id: orderId } });
  const initializes = (orderId: string) => fake.calls.filter((c) => c.path === "/transaction/initialize" && c.body?.reference === orderId);

  it("answers the same Paystack page for the same reference and total while the reservation holds, without a second transaction", async () => {
    const { orderId, shopper, data } = await cardCheckout(6000);
    const res = await cont(orderId, shopper.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ paid: false, authorization_url: data.authorization_url, expires_at: data.Form.expires_at });
    // Paystack was asked whether it was paid, and no second transaction was opened for the reference.
    expect(fake.calls.some((c) => c.path === `/transaction/verify/${orderId}`)).toBe(true);
    expect(initializes(orderId)).toHaveLength(1);
    expect(await statusOf(orderId)).toBe("awaiting_payment");
  });

  it("opens the transaction for the order's stored total when none was recorded", async () => {
    const { orderId, shopper, totalKobo } = await cardCheckout(6500);
    await ctx.db.execute(sql`delete from payment_events where id = ${`session:${orderId}`}`);
    fake.transactions.delete(orderId);
    const res = await cont(orderId, shopper.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.authorization_url).toBe(`https://checkout.paystack.test/${orderId}`);
    expect(initializes(orderId).at(-1)!.body).toMatchObject({ amount: String(totalKobo), reference: orderId, currency: "NGN" });
  });

  it("a payment made meanwhile pays the order once, without a page", async () => {
    const { orderId, shopper } = await cardCheckout(3000);
    fake.pay(orderId);
    const res = await cont(orderId, shopper.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ paid: true, authorization_url: null });
    expect(await statusOf(orderId)).toBe("paid");
    expect((await webhook(chargeSuccess(orderId))).json().outcome).toBe("duplicate");
    expect(await journals(orderId)).toBe(1);
    // Paid now: continuing again says so.
    const again = await cont(orderId, shopper.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This order is already paid.");
  });

  const refunds = (orderId: string) => fake.calls.filter((c) => c.path === "/refund" && c.body?.transaction === orderId);

  it("an order expired during the verify call whose last unit was sold meanwhile: refunded, and the buyer told so, once", async () => {
    const { orderId, shopper, product } = await cardCheckout(3100, 1);
    fake.pay(orderId);
    fake.whileVerifying = async (reference) => {
      if (reference !== orderId) return;
      await ctx.db.transaction((tx) => releaseOrders(tx, [orderId], "expired", ["awaiting_payment"]));
      await ctx.db.update(productVariants).set({ countInStock: 0 }).where(eq(productVariants.id, product.id));
    };
    const res = await cont(orderId, shopper.token).finally(() => {
      fake.whileVerifying = null;
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Your payment arrived after this order's items went back on sale and one of them is sold out: it is being refunded to you.",
      data: { paid: false, authorization_url: null },
    });
    expect(await statusOf(orderId)).toBe("expired");
    expect(refunds(orderId)).toHaveLength(1);
    // The webhook after it is a duplicate: no second refund; continuing again says the same.
    expect((await webhook(chargeSuccess(orderId))).json().outcome).toBe("duplicate");
    const again = await cont(orderId, shopper.token);
    expect(again.json().message).toMatch(/it is being refunded to you/);
    expect(refunds(orderId)).toHaveLength(1);
  });

  it("a payment Paystack reports after the window ended is taken as a late payment, not refused with 'place the order again'", async () => {
    const { orderId, shopper } = await cardCheckout(3200, 5);
    await ctx.db.transaction((tx) => releaseOrders(tx, [orderId], "expired", ["awaiting_payment"]));
    fake.pay(orderId);
    const res = await cont(orderId, shopper.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "Your payment was received", data: { paid: true, authorization_url: null } });
    expect(await statusOf(orderId)).toBe("paid");
    expect(await journals(orderId)).toBe(1);
    expect(refunds(orderId)).toHaveLength(0);
  });

  it("a payment of another amount does not pay the order and says so", async () => {
    const { orderId, shopper, totalKobo } = await cardCheckout(3300);
    fake.pay(orderId, totalKobo - 100);
    const res = await cont(orderId, shopper.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message:
        "Paystack received a different amount from this order's total, so the order is not paid: the store will check the payment and contact you.",
      data: { paid: false, authorization_url: null },
    });
    expect(await statusOf(orderId)).toBe("awaiting_payment");
    expect(await journals(orderId)).toBe(0);
  });

  it("a payment for a rejected order is left to the store and the buyer told so", async () => {
    const { orderId, shopper } = await cardCheckout(3400);
    await ctx.db.execute(sql`update orders set status = 'rejected' where id = ${orderId}`);
    fake.pay(orderId);
    const res = await cont(orderId, shopper.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "This order was closed before your payment arrived, so it is not paid: the store will check the payment and contact you.",
      data: { paid: false },
    });
    expect(await statusOf(orderId)).toBe("rejected");
    expect(refunds(orderId)).toHaveLength(0);
  });

  it("a pay-on-delivery order is told to pay the courier, not 'paid by bank transfer'", async () => {
    const { orderId, shopper } = await cardCheckout(3500);
    await ctx.db.execute(sql`update orders set payment_type = 'pay_on_delivery' where id = ${orderId}`);
    const res = await cont(orderId, shopper.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`This order is paid on delivery, not by card: ${payTheCourier(3500 + SHIPPING_FEE_NAIRA)}.`);
  });

  it("refuses an order whose window is over, a bank-transfer order, another buyer's (404), a bad id (400) and a signed-out caller (401)", async () => {
    const { orderId, shopper } = await cardCheckout(2500);
    await ctx.db.execute(sql`update orders set reserved_until = now() - interval '1 second' where id = ${orderId}`);
    const over = await cont(orderId, shopper.token);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toMatch(/payment time for this order is over/);

    // An order paid by bank transfer (the store's Paystack transfer accounts are not faked here).
    const transfer = await cardCheckout(1000);
    await ctx.db.execute(sql`update orders set payment_type = 'bank_transfer' where id = ${transfer.orderId}`);
    const byTransfer = await cont(transfer.orderId, transfer.shopper.token);
    expect(byTransfer.statusCode).toBe(409);
    expect(byTransfer.json().message).toMatch(/bank transfer/);

    const mine = await cardCheckout(2600);
    expect((await cont(mine.orderId, transfer.shopper.token)).statusCode).toBe(404);
    expect((await cont("not-an-id", shopper.token)).statusCode).toBe(400);
    expect((await cont(mine.orderId)).statusCode).toBe(401);
    expect(await statusOf(mine.orderId)).toBe("awaiting_payment");
  });
});
