/**
 * Overselling under load (ADR 0030): 50 shoppers, each a separate user with their own
 * cart, check out the same product (stock 10) at the same moment, through five app instances
 * (five "server processes", each with its own pool of 10 PostgreSQL connections, 50 in all).
 * Exactly 10 checkouts succeed, 10 units are reserved, stock ends at 0 (never below), and the 40
 * others get a clear 409. Then the expiry sweep, run by every instance at once, gives the units back
 * exactly once.
 */

import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { createDb, type Db } from "../src/db/client.js";
import { orderLines, orders, products } from "../src/db/schema/index.js";
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

    const payload = checkoutBody(17000);
    const started = performance.now();
    const answers = await Promise.all(
      shoppers.map((s, i) =>
        instances[i % INSTANCES]!.app.inject({
          method: "POST",
          url: "/api/transactions/createSession",
          headers: { authorization: `Bearer ${s.token}` },
          payload,
        }),
      ),
    );
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
