/**
 * Stock held by transfers nobody confirms, and the per-buyer daily cap (design brief "store's
 * rules", ADR 0081): a "payment submitted" order that no admin decides within
 * UNCONFIRMED_TRANSFER_HOURS is flagged, its stock released and its buyer told; an admin can still
 * confirm it (stock reserved again) or reject it; a buyer may order at most
 * MAX_UNITS_PER_PRODUCT_PER_DAY units of one product in 24 hours. Real PostgreSQL, real app.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { orders, outbox, products, transactions } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { flagUnconfirmedTransfers } from "../src/modules/commerce/sweeps.service.js";
import { runExpirySweep } from "../src/modules/jobs/expiry-sweep.js";
import { checkoutBody, SHIPPING_ADDRESS } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

const address = SHIPPING_ADDRESS;

beforeAll(async () => {
  ctx = await createShopContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
});
afterAll(() => ctx.close());

const product = (countInStock: number, price = 1000) => ctx.shop.product({ countInStock, price });
const stock = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;
const orderStatus = async (id: string) => (await ctx.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
const transferOf = async (orderId: string) => (await ctx.db.select().from(transactions).where(eq(transactions.orderId, orderId)))[0]!;

/** Put `count` units in the shopper's cart and check out; answers the HTTP answer. */
async function checkout(token: string, productId: string, count: number, price = 1000) {
  await ctx.request({ method: "POST", url: "/api/cart", token, payload: { product_id: productId, count } });
  return ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token,
    payload: checkoutBody(price * count + SHIPPING_FEE_NAIRA),
  });
}

/** A shopper who checked out `count` units and pressed "I have made payment". */
async function submitted(productId: string, count: number) {
  const s = await createUserWithToken(ctx.db);
  const res = await checkout(s.token, productId, count);
  expect(res.statusCode, res.body).toBe(200);
  const form = res.json().data.Form;
  const paid = await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: form });
  expect(paid.statusCode, paid.body).toBe(200);
  return { s, orderId: form.order_id as string, transactionId: paid.json().data.transaction_id as string };
}

/** Make a submitted transfer `hours` old (the database clock decides what is overdue). */
async function age(orderId: string, hours: number) {
  await ctx.db
    .update(transactions)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(transactions.orderId, orderId));
}

const decide = (transaction_id: string, action: "confirm" | "reject") =>
  ctx.request({ method: "PUT", url: "/api/admin/transactions", token: admin.token, payload: { transaction_id, action } });
const mailsTo = (email: string) => ctx.db.select().from(outbox).where(eq(outbox.recipient, email));
/** The e-mails of the sweep alone (not the notifications of each step, which carry a dedupe key). */
const sweepMailsTo = (email: string) =>
  ctx.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), isNull(outbox.dedupeKey)));

describe("settings", () => {
  it("default to 48 hours and 20 units, and refuse nonsense", () => {
    const c = loadConfig({});
    expect(c.UNCONFIRMED_TRANSFER_HOURS).toBe(48);
    expect(c.MAX_UNITS_PER_PRODUCT_PER_DAY).toBe(20);
    expect(loadConfig({ UNCONFIRMED_TRANSFER_HOURS: "6", MAX_UNITS_PER_PRODUCT_PER_DAY: "5" })).toMatchObject({
      UNCONFIRMED_TRANSFER_HOURS: 6,
      MAX_UNITS_PER_PRODUCT_PER_DAY: 5,
    });
    expect(() => loadConfig({ UNCONFIRMED_TRANSFER_HOURS: "0" })).toThrow(/UNCONFIRMED_TRANSFER_HOURS/);
    expect(() => loadConfig({ MAX_UNITS_PER_PRODUCT_PER_DAY: "lots" })).toThrow(/MAX_UNITS_PER_PRODUCT_PER_DAY/);
  });
});

describe("a payment submitted order nobody confirms", () => {
  it("is flagged after the set time: its stock comes back once, the buyer is told and sees it", async () => {
    const p = await product(12);
    const stale = [await submitted(p.id, 2), await submitted(p.id, 2), await submitted(p.id, 2)];
    const fresh = await submitted(p.id, 1);
    // A transfer the admin decided in time is never flagged, however old.
    const decided = await submitted(p.id, 2);
    expect((await decide(decided.transactionId, "confirm")).statusCode).toBe(200);
    await age(decided.orderId, 100);
    expect(await stock(p.id)).toBe(3);
    for (const o of stale) await age(o.orderId, 49);
    await age(fresh.orderId, 47);

    // Every process sweeps at once: each order is released exactly once.
    const swept = await Promise.all([runExpirySweep(ctx.app), runExpirySweep(ctx.app), runExpirySweep(ctx.app)]);
    expect(swept.reduce((a, b) => a + b, 0)).toBe(3);
    expect(await stock(p.id)).toBe(9);
    expect(await runExpirySweep(ctx.app)).toBe(0);

    for (const o of stale) {
      expect(await orderStatus(o.orderId)).toBe("unconfirmed");
      const t = await transferOf(o.orderId);
      expect(t.status).toBe("flagged");
      expect(t.flaggedAt).toBeInstanceOf(Date);
      const mails = await sweepMailsTo(o.s.user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toMatch(/not confirmed/);
      expect(mails[0]!.body).toContain(`#${o.orderId.slice(0, 8).toUpperCase()}`);
      expect(mails[0]!.body).toMatch(/within 48 hours, so the items in this order have gone back on sale/);
      const history = await ctx.request({ method: "GET", url: "/api/orders", token: o.s.token });
      expect(history.json().data[0]).toMatchObject({ _id: o.orderId, status: "unconfirmed" });
    }
    expect(await orderStatus(fresh.orderId)).toBe("payment_submitted");
    expect((await transferOf(fresh.orderId)).status).toBe("submitted");
    expect(await sweepMailsTo(fresh.s.user.email)).toHaveLength(0);
    expect(await orderStatus(decided.orderId)).toBe("paid");
    expect((await transferOf(decided.orderId)).status).toBe("confirmed");
    expect((await decide(fresh.transactionId, "confirm")).statusCode).toBe(200);
  });

  it("shows in the admin's Transactions under the flagged filter, and counts as awaiting on the dashboard", async () => {
    const dashboard = async () =>
      (await ctx.request({ method: "GET", url: "/api/dashboard", token: admin.token })).json().data.store.transfersAwaiting as number;
    const p = await product(5);
    const o = await submitted(p.id, 1);
    const before = await dashboard();
    await age(o.orderId, 50);
    expect(await flagUnconfirmedTransfers(ctx.db, ctx.app.messenger, { afterHours: 48 })).toBe(1);
    expect(await dashboard()).toBe(before);
    const list = await ctx.request({ method: "GET", url: "/api/admin/transactions?status=flagged", token: admin.token });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((t: { _id: string }) => t._id === o.transactionId);
    expect(row).toMatchObject({ status: "flagged", order_status: "unconfirmed" });
    expect(Date.parse(row.flagged_at)).toBeGreaterThan(0);
    const awaiting = await ctx.request({ method: "GET", url: "/api/admin/transactions?status=submitted", token: admin.token });
    expect(awaiting.json().data.map((t: { _id: string }) => t._id)).not.toContain(o.transactionId);
  });

  it("follows UNCONFIRMED_TRANSFER_HOURS", async () => {
    const p = await product(5);
    const o = await submitted(p.id, 1);
    await age(o.orderId, 7);
    expect(await flagUnconfirmedTransfers(ctx.db, ctx.app.messenger, { afterHours: 8 })).toBe(0);
    expect(await flagUnconfirmedTransfers(ctx.db, ctx.app.messenger, { afterHours: 6 })).toBe(1);
    expect(await stock(p.id)).toBe(5);
    expect((await sweepMailsTo(o.s.user.email))[0]!.body).toMatch(/within 6 hours/);
  });

  it("can still be confirmed late while the stock allows: the units are reserved again and the buyer told", async () => {
    const p = await product(6);
    const o = await submitted(p.id, 4);
    await age(o.orderId, 49);
    await runExpirySweep(ctx.app);
    expect(await stock(p.id)).toBe(6);

    const res = await decide(o.transactionId, "confirm");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: "Payment confirmed", data: { status: "confirmed", order_status: "paid" } });
    expect(res.json().data.flagged_at).not.toBeNull();
    expect(await stock(p.id)).toBe(2);
    const mails = await mailsTo(o.s.user.email);
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/is confirmed/)]));
    // Decided once: a second decision is refused.
    expect((await decide(o.transactionId, "reject")).statusCode).toBe(409);
    expect(await stock(p.id)).toBe(2);
  });

  it("cannot be confirmed once its stock is sold; it is rejected instead without touching stock", async () => {
    const p = await product(3);
    const o = await submitted(p.id, 3);
    await age(o.orderId, 49);
    await runExpirySweep(ctx.app);
    // Someone else buys two of the three released units.
    const other = await createUserWithToken(ctx.db);
    expect((await checkout(other.token, p.id, 2)).statusCode).toBe(200);
    expect(await stock(p.id)).toBe(1);

    const refused = await decide(o.transactionId, "confirm");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This order cannot be confirmed any more: only 1 of ${p.name} left since its items were released. Reject the transfer and refund the buyer.`,
    );
    expect(await stock(p.id)).toBe(1);
    expect((await transferOf(o.orderId)).status).toBe("flagged");
    expect(await orderStatus(o.orderId)).toBe("unconfirmed");

    const rejected = await decide(o.transactionId, "reject");
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: "rejected", order_status: "rejected" });
    expect(await stock(p.id)).toBe(1);
    expect((await mailsTo(o.s.user.email)).map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/is closed/)]));
  });
});

describe("the daily cap per buyer and product", () => {
  it("refuses a checkout past 20 units of a product in 24 hours, with a plain 409, reserving nothing", async () => {
    const p = await product(100);
    const s = await createUserWithToken(ctx.db);
    const first = await checkout(s.token, p.id, 15);
    expect(first.statusCode).toBe(200);
    await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: first.json().data.Form });
    expect(await stock(p.id)).toBe(85);

    const over = await checkout(s.token, p.id, 6);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(
      `You can buy at most 20 of ${p.name} in 24 hours and have already ordered 15. Reduce the quantity in your cart to 5 or fewer and try again.`,
    );
    expect(await stock(p.id)).toBe(85);
    const ordersOfBuyer = await ctx.db.select().from(orders).where(eq(orders.buyerId, s.user.id));
    expect(ordersOfBuyer).toHaveLength(1);

    expect((await checkout(s.token, p.id, 5)).statusCode).toBe(200);
    expect(await stock(p.id)).toBe(80);
    const full = await checkout(s.token, p.id, 1);
    // The open order of 5 is cancelled by this new checkout, so 15 + 1 is allowed.
    expect(full.statusCode).toBe(200);

    // Per buyer and per product: another product, or another buyer of this one, is not limited.
    const q = await product(100);
    await ctx.request({ method: "DELETE", url: "/api/cart?cart_id=all", token: s.token });
    expect((await checkout(s.token, q.id, 20)).statusCode).toBe(200);
    const t = await createUserWithToken(ctx.db);
    expect((await checkout(t.token, p.id, 20)).statusCode).toBe(200);
  });

  it("refuses a single cart over the cap, and counts neither cancelled nor expired orders nor orders over 24 hours old", async () => {
    const p = await product(100);
    const s = await createUserWithToken(ctx.db);
    const big = await checkout(s.token, p.id, 21);
    expect(big.statusCode).toBe(409);
    expect(big.json().message).toBe(
      `You can buy at most 20 of ${p.name} in 24 hours. Reduce the quantity in your cart to 20 or fewer and try again.`,
    );

    // 20, cancelled; 20 again, expired; 20 again: allowed each time.
    const a = await checkout(s.token, p.id, 20);
    expect(a.statusCode).toBe(200);
    await ctx.request({ method: "DELETE", url: `/api/transactions?order_id=${a.json().data.Form.order_id}`, token: s.token });
    const b = await checkout(s.token, p.id, 20);
    expect(b.statusCode).toBe(200);
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(orders.id, b.json().data.Form.order_id));
    const c = await checkout(s.token, p.id, 20);
    expect(c.statusCode).toBe(200);
    await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: c.json().data.Form });

    const none = await checkout(s.token, p.id, 1);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(
      `You have already ordered 20 of ${p.name} in the last 24 hours, the most one shopper can buy in a day. Remove it from your cart or try again tomorrow.`,
    );
    // A day later the paid-for 20 no longer count.
    await ctx.db
      .update(orders)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(inArray(orders.id, [c.json().data.Form.order_id]));
    expect((await checkout(s.token, p.id, 1)).statusCode).toBe(200);
  });

  it("follows MAX_UNITS_PER_PRODUCT_PER_DAY", async () => {
    const small = await createShopContext({ MAX_UNITS_PER_PRODUCT_PER_DAY: "2" });
    try {
      const p = await small.shop.product({ countInStock: 10, price: 1000 });
      const s = await createUserWithToken(small.db);
      await small.request({ method: "POST", url: "/api/cart", token: s.token, payload: { product_id: p.id, count: 3 } });
      const res = await small.request({
        method: "POST",
        url: "/api/transactions/createSession",
        token: s.token,
        payload: { ...address, payment_type: "bank_transfer", product_type: "market-place", account_no: "0123456789", amount: 5000 },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/at most 2 of/);
    } finally {
      await small.close();
    }
  });
});
