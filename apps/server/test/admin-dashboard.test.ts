/**
 * GET /api/dashboard: a seller's own figures and the store's (admin), computed from real orders,
 * lines, transactions and follows (spec §2 dashboard cards; ADR 0041 for leads).
 */
import { nairaToKobo } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Executor } from "../src/db/client.js";
import { cartLines, orderLines, orders, transactions, wishlistItems } from "../src/db/schema/index.js";
import {
  createCategory,
  createFollow,
  createPost,
  createProduct,
  createReaction,
  createUser,
  createUserWithToken,
} from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

const ADDRESS = {
  first_name: "Tunde",
  last_name: "Bakare",
  company: "",
  address1: "14 Allen Avenue",
  address2: "",
  city: "Ikeja",
  state: "Lagos",
  country: "Nigeria",
  zip: "",
  phone: "+2348096660006",
};

/** Insert an order with lines (prices in naira) and, unless awaiting payment, its transfer record. */
async function createOrder(
  db: Executor,
  input: {
    buyerId: string;
    status: "awaiting_payment" | "payment_submitted" | "paid" | "rejected";
    createdAt?: Date;
    lines: Array<{ sellerId: string; productId: string; price: number; quantity: number; fulfilment?: "unfulfilled" | "shipped" }>;
  },
) {
  const subtotal = input.lines.reduce((s, l) => s + nairaToKobo(l.price) * l.quantity, 0);
  const shipping = nairaToKobo(2000);
  const [o] = await db
    .insert(orders)
    .values({
      buyerId: input.buyerId,
      status: input.status,
      subtotalKobo: subtotal,
      shippingKobo: shipping,
      totalKobo: subtotal + shipping,
      shippingAddress: ADDRESS,
      reservedUntil: new Date(Date.now() + 900_000),
      createdAt: input.createdAt,
    })
    .returning();
  for (const l of input.lines) {
    await db.insert(orderLines).values({
      orderId: o!.id,
      productId: l.productId,
      sellerId: l.sellerId,
      name: "Line item",
      unitPriceKobo: nairaToKobo(l.price),
      quantity: l.quantity,
      fulfilment: l.fulfilment ?? "unfulfilled",
      createdAt: input.createdAt,
    });
  }
  if (input.status !== "awaiting_payment") {
    await db.insert(transactions).values({
      orderId: o!.id,
      buyerId: input.buyerId,
      amountKobo: subtotal + shipping,
      clientAccountNo: "0123456789",
      clientBank: "Wema Bank",
      clientAccountName: "Naija Market Ltd",
      payerAccountNo: "0987654321",
      status: input.status === "paid" ? "confirmed" : input.status === "rejected" ? "rejected" : "submitted",
      createdAt: input.createdAt,
    });
  }
  return o!;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("GET /api/dashboard", () => {
  it("a seller sees their own real figures, never another seller's", async () => {
    const cat = await createCategory(ctx.db);
    const svc = await createCategory(ctx.db, { type: "services" });
    const me = await createUserWithToken(ctx.db, { accType: "business", names: "Ada Seller" });
    const rival = await createUserWithToken(ctx.db, { accType: "business" });
    const mine = await createProduct(ctx.db, { userId: me.user.id, categoryId: cat.id, countInStock: 0 });
    await createProduct(ctx.db, { userId: me.user.id, categoryId: cat.id });
    const post = await createPost(ctx.db, { userId: me.user.id, categoryId: svc.id });
    const theirs = await createProduct(ctx.db, { userId: rival.user.id, categoryId: cat.id });
    const [b1, b2, b3, b4] = [
      await createUser(ctx.db, { names: "Buyer One" }),
      await createUser(ctx.db, { names: "Buyer Two" }),
      await createUser(ctx.db),
      await createUser(ctx.db),
    ];

    // Paid: an order mixing both sellers (only my line counts), and one of mine 2 months ago.
    await createOrder(ctx.db, {
      buyerId: b1!.id,
      status: "paid",
      lines: [
        { sellerId: me.user.id, productId: mine.id, price: 15000, quantity: 2 },
        { sellerId: rival.user.id, productId: theirs.id, price: 99000, quantity: 1 },
      ],
    });
    const twoMonthsAgo = new Date();
    twoMonthsAgo.setUTCDate(15);
    twoMonthsAgo.setUTCMonth(twoMonthsAgo.getUTCMonth() - 2);
    await createOrder(ctx.db, {
      buyerId: b2!.id,
      status: "paid",
      createdAt: twoMonthsAgo,
      lines: [{ sellerId: me.user.id, productId: mine.id, price: 2500.5, quantity: 1, fulfilment: "shipped" }],
    });
    // Not paid: must not count.
    await createOrder(ctx.db, {
      buyerId: b3!.id,
      status: "payment_submitted",
      lines: [{ sellerId: me.user.id, productId: mine.id, price: 70000, quantity: 1 }],
    });
    await createOrder(ctx.db, {
      buyerId: b3!.id,
      status: "rejected",
      lines: [{ sellerId: me.user.id, productId: mine.id, price: 70000, quantity: 1 }],
    });
    // Leads: b1 follows (and bought), b3 reacted to my service, b4 wishlisted + carted my product; b2 bought without being a lead.
    await createFollow(ctx.db, { followerId: b1!.id, sellerId: me.user.id });
    await createFollow(ctx.db, { followerId: b4!.id, sellerId: rival.user.id });
    await createReaction(ctx.db, { postId: post.id, userId: b3!.id, stars: 4 });
    await ctx.db.insert(wishlistItems).values({ userId: b4!.id, productId: mine.id });
    await ctx.db.insert(cartLines).values({ userId: b4!.id, productId: mine.id, variantId: mine.id, count: 1 });

    const res = await ctx.request({ method: "GET", url: "/api/dashboard", token: me.token });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.scope).toBe("seller");
    expect(d.revenue).toEqual({ total: 32500.5, thisMonth: 30000, lastMonth: 0 });
    expect(d.orders).toEqual({ total: 2, thisMonth: 1, lastMonth: 0 });
    // Leads = {b1, b3, b4}; converted = {b1} -> 33.3 %.
    expect(d.leads).toEqual({ total: 3, converted: 1, conversionRate: 33.3 });
    expect(d.followers).toEqual({ total: 1, newThisMonth: 1 });
    expect(d.listings).toEqual({ products: 2, services: 1, outOfStock: 1 });
    expect(d.store).toEqual({ newUsersThisMonth: 0, pendingSellers: 0, transfersAwaiting: 0 });
    expect(d.monthly).toHaveLength(12);
    expect(d.monthly[11]).toMatchObject({ revenue: 30000, orders: 1 });
    expect(d.monthly[9]).toMatchObject({ revenue: 2500.5, orders: 1 });
    expect(d.monthly.reduce((s: number, m: { revenue: number }) => s + m.revenue, 0)).toBe(32500.5);
    expect(d.payments.map((p: { amount: number; status: string }) => [p.amount, p.status])).toEqual([
      [30000, "unfulfilled"],
      [2500.5, "shipped"],
    ]);
    expect(d.activity.map((a: { text: string }) => a.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Buyer One bought 2 x Line item/), "Buyer One started following you"]),
    );
    const tasks = Object.fromEntries(d.tasks.map((t: { key: string; count: number }) => [t.key, t.count]));
    expect(tasks).toMatchObject({ ship: 1, deliver: 1, problems: 0, restock: 1, payout: 1, approval: 0 });

    // The rival sees only their own line.
    const r = (await ctx.request({ method: "GET", url: "/api/dashboard", token: rival.token })).json().data;
    expect(r.revenue.total).toBe(99000);
    expect(r.orders.total).toBe(1);
    expect(r.followers.total).toBe(1);
  });

  it("an admin sees the store's figures", async () => {
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const before = (await ctx.request({ method: "GET", url: "/api/dashboard", token: admin.token })).json().data;
    expect(before.scope).toBe("store");

    const cat = await createCategory(ctx.db);
    const s = await createUser(ctx.db, { accType: "business" });
    await createUser(ctx.db, { accType: "business", status: "pending" });
    const p = await createProduct(ctx.db, { userId: s.id, categoryId: cat.id });
    const buyer = await createUser(ctx.db, { names: "Store Buyer" });
    await createOrder(ctx.db, {
      buyerId: buyer.id,
      status: "paid",
      lines: [{ sellerId: s.id, productId: p.id, price: 10000, quantity: 3 }],
    });
    await createOrder(ctx.db, {
      buyerId: buyer.id,
      status: "payment_submitted",
      lines: [{ sellerId: s.id, productId: p.id, price: 5000, quantity: 1 }],
    });

    const after = (await ctx.request({ method: "GET", url: "/api/dashboard", token: admin.token })).json().data;
    // Paid total includes the flat shipping fee: 3 x 10,000 + 2,000.
    expect(after.revenue.total - before.revenue.total).toBe(32000);
    expect(after.revenue.thisMonth - before.revenue.thisMonth).toBe(32000);
    expect(after.orders.total - before.orders.total).toBe(1);
    expect(after.store.newUsersThisMonth - before.store.newUsersThisMonth).toBe(3);
    expect(after.store.pendingSellers - before.store.pendingSellers).toBe(1);
    expect(after.store.transfersAwaiting - before.store.transfersAwaiting).toBe(1);
    expect(after.leads.total - before.leads.total).toBe(1);
    expect(after.leads.converted - before.leads.converted).toBe(1);
    expect(after.payments[0]).toMatchObject({ amount: 7000, status: "submitted" });
    expect(after.payments[0].label).toMatch(/^Store Buyer · order [0-9A-F]{8}$/);
    const tasks = Object.fromEntries(after.tasks.map((t: { key: string; count: number }) => [t.key, t.count]));
    expect(tasks).toEqual({ approve: after.store.pendingSellers, transfers: after.store.transfersAwaiting, disputes: 0 });
    expect(after.monthly[11].revenue).toBe(after.revenue.thisMonth);
  });

  it("is for sellers and admins: 401 signed out, 403 for a customer", async () => {
    expect((await ctx.request({ method: "GET", url: "/api/dashboard" })).statusCode).toBe(401);
    const c = await createUserWithToken(ctx.db, { accType: "customer" });
    const res = await ctx.request({ method: "GET", url: "/api/dashboard", token: c.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, message: expect.any(String) });
  });
});
