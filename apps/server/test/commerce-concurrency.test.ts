/**
 * Overselling under load (ADR 0030): 50 shoppers, each a separate user with their own
 * cart, check out the same product (stock 10) at the same moment, through five app instances
 * (five "server processes", each with its own pool of 10 PostgreSQL connections, 50 in all).
 * Exactly 10 checkouts succeed, 10 units are reserved, stock ends at 0 (never below), and the 40
 * others get a clear 409. Then the expiry sweep, run by every instance at once, gives the units back
 * exactly once. The same per variant (ADR 0215): two sizes of one product, one short and one
 * plenty, sell each exactly its own stock, and the sweep gives each its own units back.
 */

import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { createDb, type Db } from "../src/db/client.js";
import { orderLines, orders, products, productVariants } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { expireOverdueOrders } from "../src/modules/commerce/sweeps.service.js";
import { checkoutBody } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";

const SHOPPERS = 50;
const STOCK = 10;
const INSTANCES = 5;

let ctx: TestContext;
const instances: { app: FastifyInstance; db: Db }[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  for (let i = 0; i < INSTANCES; i++) {
    const db = createDb(ctx.url, 10);
    const app = await buildApp(ctx.config, db);
    await app.ready();
    instances.push({ app, db });
  }
});
afterAll(async () => {
  for (const { app, db } of instances) {
    await app.close();
    await db.$client.end();
  }
  await ctx.close();
});

/** Every shopper checks out a ₦17,000 order at the same moment, spread over the instances. */
const checkoutAll = (shoppers: { token: string }[]) =>
  Promise.all(
    shoppers.map((s, i) =>
      instances[i % INSTANCES]!.app.inject({
        method: "POST",
        url: "/api/transactions/createSession",
        headers: { authorization: `Bearer ${s.token}` },
        payload: checkoutBody(17000),
      }),
    ),
  );

describe("50 shoppers, 10 in stock", () => {
  it("reserves exactly 10 units, never goes below zero, and answers the rest clearly", async () => {
    const category = await createCategory(ctx.db);
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const product = await createProduct(ctx.db, { userId: seller.user.id, categoryId: category.id, price: 15000, countInStock: STOCK });
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => createUserWithToken(ctx.db)));
    for (const s of shoppers) {
      const res = await ctx.request({ method: "POST", url: "/api/cart", token: s.token, payload: { product_id: product.id, count: 1 } });
      expect(res.statusCode).toBe(200);
    }

    const started = performance.now();
    const answers = await checkoutAll(shoppers);
    const elapsed = Math.round(performance.now() - started);

    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(STOCK);
    expect(refused).toHaveLength(SHOPPERS - STOCK);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(`Sorry, ${product.name} is sold out. Remove it from your cart and try again.`);
    }
    for (const a of ok) expect(a.json().data).toMatchObject({ data: "session", Form: { amount: 17000 } });

    const [after] = await ctx.db.select({ n: products.countInStock }).from(products).where(eq(products.id, product.id));
    expect(after!.n).toBe(0);
    const [reserved] = await ctx.db
      .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int`, orders: sql<number>`count(distinct ${orders.id})::int` })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(sql`${orderLines.productId} = ${product.id} and ${orders.status} = 'awaiting_payment'`);
    expect(reserved).toEqual({ units: STOCK, orders: STOCK });
    console.info(`concurrency: ${SHOPPERS} checkouts over ${INSTANCES} instances in ${elapsed} ms`);

    // Every window runs out; all instances sweep at once; the 10 units come back exactly once.
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(orders.status, "awaiting_payment"));
    const swept = await Promise.all(instances.map(({ db }) => expireOverdueOrders(db)));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(STOCK);
    const [restored] = await ctx.db.select({ n: products.countInStock }).from(products).where(eq(products.id, product.id));
    expect(restored!.n).toBe(STOCK);
  });
});

describe("per variant: 25 shoppers want size S (3 in stock), 25 want size M (30 in stock)", () => {
  it("sells exactly 3 S and 25 M, never borrows one size's stock for another, and the sweep gives each its own back", async () => {
    const category = await createCategory(ctx.db);
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const created = await ctx.request({
      method: "POST",
      url: "/api/product",
      token: seller.token,
      payload: {
        name: "Ankara Wrap Dress",
        category_id: category.id,
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: [
          { sku: "C-S", options: { Size: "S" }, price: 15000, count_in_stock: 3 },
          { sku: "C-M", options: { Size: "M" }, price: 15000, count_in_stock: 30 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const product = created.json().data;
    const [small, medium] = product.variants as { _id: string }[];
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => createUserWithToken(ctx.db)));
    const wants = (i: number) => (i % 2 === 0 ? small! : medium!);
    for (const [i, s] of shoppers.entries()) {
      const res = await ctx.request({
        method: "POST",
        url: "/api/cart",
        token: s.token,
        payload: { product_id: product._id, variant_id: wants(i)._id, count: 1 },
      });
      expect(res.statusCode).toBe(200);
    }
    const answers = await checkoutAll(shoppers);
    const okFor = (v: { _id: string }) => answers.filter((a, i) => wants(i) === v && a.statusCode === 200).length;
    expect(okFor(small!)).toBe(3);
    expect(okFor(medium!)).toBe(SHOPPERS / 2);
    for (const [i, a] of answers.entries()) {
      if (a.statusCode === 200) continue;
      expect(wants(i)).toBe(small);
      expect(a.statusCode).toBe(409);
      expect(a.json().message).toBe("Sorry, Ankara Wrap Dress, Size S is sold out. Remove it from your cart and try again.");
    }
    const stockOf = async (id: string) =>
      (await ctx.db.select({ n: productVariants.countInStock }).from(productVariants).where(eq(productVariants.id, id)))[0]!.n;
    const total = async () => (await ctx.db.select({ n: products.countInStock }).from(products).where(eq(products.id, product._id)))[0]!.n;
    expect(await stockOf(small!._id)).toBe(0);
    expect(await stockOf(medium!._id)).toBe(30 - SHOPPERS / 2);
    expect(await total()).toBe(30 - SHOPPERS / 2);
    const held = await ctx.db.execute<{ variant_id: string; units: number }>(sql`
      select l.variant_id, sum(l.quantity)::int as units from order_lines l join orders o on o.id = l.order_id
      where l.product_id = ${product._id} and o.status = 'awaiting_payment' group by l.variant_id`);
    expect(Object.fromEntries(held.rows.map((r) => [r.variant_id, r.units]))).toEqual({ [small!._id]: 3, [medium!._id]: SHOPPERS / 2 });

    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(orders.status, "awaiting_payment"));
    const swept = await Promise.all(instances.map(({ db }) => expireOverdueOrders(db)));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(3 + SHOPPERS / 2);
    expect(await stockOf(small!._id)).toBe(3);
    expect(await stockOf(medium!._id)).toBe(30);
    expect(await total()).toBe(33);
  });
});
