/**
 * Races (the abuse suite, ADR 0054): 100 shoppers checking out the last 10 units at the same instant,
 * and 20 "I have made payment" clicks on one order arriving together. Real requests through the app
 * on a real PostgreSQL pool; nothing is serialised by the test.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders, products, transactions } from "../../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../../src/db/seed/factories.js";
import { checkoutBody } from "../fixtures.js";
import { createTestContext, type TestContext } from "../helpers.js";
import { expectErrorShape } from "./kit.js";

let ctx: TestContext;
beforeAll(async () => {
  // The app's pool has 10 connections: requests really overlap in PostgreSQL.
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("checkout race", () => {
  it("100 concurrent checkouts of an item with stock 10: exactly 10 succeed, stock ends at 0", async () => {
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const product = await createProduct(ctx.db, {
      userId: seller.user.id,
      categoryId: cat.id,
      price: 7_500,
      countInStock: 10,
      name: "Last ten fans",
    });
    const shoppers = await Promise.all(Array.from({ length: 100 }, () => createUserWithToken(ctx.db, { accType: "customer" })));
    for (const s of shoppers) {
      const added = await ctx.request({ method: "POST", url: "/api/cart", token: s.token, payload: { product_id: product.id, count: 1 } });
      expect(added.statusCode, added.body).toBe(200);
    }

    const answers = await Promise.all(
      shoppers.map((s) =>
        ctx.request({
          method: "POST",
          url: "/api/transactions/createSession",
          token: s.token,
          payload: checkoutBody(7_500 + SHIPPING_FEE_NAIRA),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(
      codes.filter((c) => c !== 200 && c !== 409),
      `other answers: ${codes.join(",")}`,
    ).toEqual([]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expectErrorShape(a, "sold-out checkout");

    const [row] = await ctx.db.select({ stock: products.countInStock }).from(products).where(eq(products.id, product.id));
    expect(row!.stock).toBe(0);
    const reserved = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orderLines.productId, product.id), eq(orders.status, "awaiting_payment")));
    expect(reserved[0]!.n).toBe(10);
  });
});

describe("payment race", () => {
  it("20 parallel 'I have made payment' for one order record one transaction", async () => {
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const product = await createProduct(ctx.db, { userId: seller.user.id, categoryId: cat.id, price: 3_000, countInStock: 5 });
    const shopper = await createUserWithToken(ctx.db, { accType: "customer" });
    await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: product.id, count: 2 } });
    const session = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: checkoutBody(6_000 + SHIPPING_FEE_NAIRA),
    });
    expect(session.statusCode, session.body).toBe(200);
    const orderId: string = session.json().data.Form.order_id;

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ctx.request({
          method: "PUT",
          url: "/api/transactions",
          token: shopper.token,
          payload: { order_id: orderId, account_no: "0123456789" },
        }),
      ),
    );
    for (const a of answers) {
      expect(a.statusCode, a.body).toBeLessThan(500);
      if (a.statusCode >= 400) expectErrorShape(a, "parallel payment");
    }
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    const rows = await ctx.db.select().from(transactions).where(eq(transactions.orderId, orderId));
    expect(rows).toHaveLength(1);
    // Every success names that one record.
    const ids = new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().data.transaction_id));
    expect([...ids]).toEqual([rows[0]!.id]);
    const [order] = await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(order!.status).toBe("payment_submitted");
  });
});
