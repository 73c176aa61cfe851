/**
 * Writes that only give stock back (or take it again) drop only the cached answers that show the
 * products concerned, in every process (ADR 0144): a shopper's cancel, the expiry sweep (window
 * over; transfer nobody confirmed), the admin's decision on a transfer, the check on access of
 * GET /api/orders. Two apps on one test database, A and B, each with its own caches and its own
 * connection to the invalidation bus (PostgreSQL LISTEN/NOTIFY, then Redis pub/sub), as two store
 * processes behind a load balancer would be; every write goes through A, and both are read after.
 * Built with PUBLIC_CACHE=true (under NODE_ENV=test the cache is off by default).
 */
import { randomUUID } from "node:crypto";
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { createDb } from "../src/db/client.js";
import { orders, transactions } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { runExpirySweep } from "../src/modules/jobs/expiry-sweep.js";
import { checkoutBody } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";

const REDIS_URL = "redis://127.0.0.1:6379";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const variants = [
  { bus: "PostgreSQL LISTEN/NOTIFY", env: (): Record<string, string> => ({}) },
  { bus: "Redis pub/sub", env: (): Record<string, string> => ({ REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}:` }) },
];

describe.each(variants)("stock given back, invalidations over $bus", ({ env }) => {
  let ctx: TestContext;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let closeB: () => Promise<void>;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_CACHE: "true", UNCONFIRMED_TRANSFER_HOURS: "48", ...env() });
    a = ctx.app;
    const db = createDb(ctx.url, 5);
    b = await buildApp(ctx.config, db);
    await b.ready();
    closeB = async () => {
      await b.close();
      await db.$client.end();
    };
  });
  afterAll(async () => {
    await closeB?.();
    await ctx?.close();
  });

  const call = (app: FastifyInstance, method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });

  /**
   * A shopper who checked out 2 of `bought` (stock 5 -> 3) through A; `beside` (same category) and
   * the product of another category (listing `elsewhere`) are not in the order. Every answer below
   * is cached in A and B.
   */
  async function scene() {
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const otherCat = await createCategory(ctx.db, { type: "market-place" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const make = (categoryId: string) => createProduct(ctx.db, { userId: seller.user.id, categoryId, price: 1000, countInStock: 5 });
    const bought = await make(cat.id);
    const beside = await make(cat.id);
    await make(otherCat.id); // the listing "elsewhere" shows a product too
    const shopper = await createUserWithToken(ctx.db);
    const viewer = await createUserWithToken(ctx.db);
    expect((await call(a, "POST", "/api/cart", shopper.token, { product_id: bought.id, count: 2 })).statusCode).toBe(200);
    const placed = await call(a, "POST", "/api/transactions/createSession", shopper.token, checkoutBody(2000 + SHIPPING_FEE_NAIRA));
    expect(placed.statusCode, placed.body).toBe(200);
    const urls = {
      bought: `/api/product?id=${bought.id}`,
      beside: `/api/product?id=${beside.id}`,
      listing: `/api/product?category_id=${cat.id}`,
      elsewhere: `/api/product?category_id=${otherCat.id}`,
    };
    // Cached in both processes (a read that raced the checkout's message is not stored: read again).
    for (const app of [a, b]) {
      for (const url of Object.values(urls)) {
        let r = await call(app, "GET", url);
        for (let i = 0; i < 50 && r.headers["x-cache"] !== "hit"; i++) {
          await sleep(20);
          r = await call(app, "GET", url);
        }
        expect(r.headers["x-cache"], url).toBe("hit");
      }
      expect((await call(app, "GET", urls.bought, viewer.token)).json().products.count_in_stock).toBe(3);
    }
    return { bought, urls, shopper, viewer, form: placed.json().data.Form as ReturnType<typeof checkoutBody> & { order_id: string } };
  }

  type Scene = Awaited<ReturnType<typeof scene>>;

  /** In A and B: what shows `bought` is read again with `stock`; the rest of the catalog is still cached. */
  async function onlyBoughtDropped(s: Scene, stock: number) {
    // The write's answer waited for the bus to take the message; B applies it when it arrives.
    await sleep(50);
    for (const [name, app] of [
      ["A", a],
      ["B", b],
    ] as const) {
      const detail = await call(app, "GET", s.urls.bought);
      expect(detail.headers["x-cache"], `${name}: the bought product's detail`).toBe("miss");
      expect(detail.json().products.count_in_stock).toBe(stock);
      const listing = await call(app, "GET", s.urls.listing);
      expect(listing.headers["x-cache"], `${name}: the listing showing it`).toBe("miss");
      expect(listing.json().products.find((p: { _id: string }) => p._id === s.bought.id).count_in_stock).toBe(stock);
      expect((await call(app, "GET", s.urls.bought, s.viewer.token)).json().products.count_in_stock, `${name}: signed-in detail`).toBe(
        stock,
      );
      expect((await call(app, "GET", s.urls.beside)).headers["x-cache"], `${name}: another product's detail`).toBe("hit");
      expect((await call(app, "GET", s.urls.elsewhere)).headers["x-cache"], `${name}: a listing without it`).toBe("hit");
    }
  }

  it("a shopper's cancel", async () => {
    const s = await scene();
    const cancel = await call(a, "DELETE", `/api/transactions?order_id=${s.form.order_id}`, s.shopper.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await onlyBoughtDropped(s, 5);
  });

  it("the expiry sweep, for a window that ran out", async () => {
    const s = await scene();
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 minute'` }).where(eq(orders.id, s.form.order_id));
    expect(await runExpirySweep(a)).toBe(1);
    await onlyBoughtDropped(s, 5);
  });

  it("the admin's reject of a submitted transfer, and nothing dropped by 'I have made payment'", async () => {
    const s = await scene();
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const paid = await call(a, "PUT", "/api/transactions", s.shopper.token, s.form);
    expect(paid.statusCode, paid.body).toBe(200);
    await sleep(50);
    // Recording the transfer changes nothing the catalog shows.
    for (const app of [a, b]) expect((await call(app, "GET", s.urls.bought)).headers["x-cache"]).toBe("hit");
    const reject = await call(a, "PUT", "/api/admin/transactions", admin.token, {
      transaction_id: paid.json().data.transaction_id,
      action: "reject",
    });
    expect(reject.statusCode, reject.body).toBe(200);
    await onlyBoughtDropped(s, 5);
  });

  it("the sweep flagging a transfer nobody confirmed, then the admin's late confirm taking the stock again", async () => {
    const s = await scene();
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const paid = await call(a, "PUT", "/api/transactions", s.shopper.token, s.form);
    expect(paid.statusCode, paid.body).toBe(200);
    await ctx.db.update(transactions).set({ createdAt: sql`now() - interval '49 hours'` }).where(eq(transactions.orderId, s.form.order_id));
    expect(await runExpirySweep(a)).toBe(1);
    await onlyBoughtDropped(s, 5);
    // Cached again in both, then confirmed late: the units are reserved again.
    for (const app of [a, b]) {
      await call(app, "GET", s.urls.bought);
      await call(app, "GET", s.urls.listing);
    }
    const confirm = await call(a, "PUT", "/api/admin/transactions", admin.token, {
      transaction_id: paid.json().data.transaction_id,
      action: "confirm",
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    await onlyBoughtDropped(s, 3);
  });

  it("a checkout that releases another shopper's overdue order names that order's other products too", async () => {
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const scarce = await createProduct(ctx.db, { userId: seller.user.id, categoryId: cat.id, price: 1000, countInStock: 2 });
    const alsoHeld = await createProduct(ctx.db, { userId: seller.user.id, categoryId: cat.id, price: 1000, countInStock: 5 });
    const unrelated = await createProduct(ctx.db, { userId: seller.user.id, categoryId: cat.id, price: 1000, countInStock: 5 });
    const late = await createUserWithToken(ctx.db);
    const next = await createUserWithToken(ctx.db);
    expect((await call(a, "POST", "/api/cart", next.token, { product_id: scarce.id, count: 1 })).statusCode).toBe(200);
    for (const [id, count] of [
      [scarce.id, 2],
      [alsoHeld.id, 1],
    ] as const) {
      expect((await call(a, "POST", "/api/cart", late.token, { product_id: id, count })).statusCode).toBe(200);
    }
    const held = await call(a, "POST", "/api/transactions/createSession", late.token, checkoutBody(3000 + SHIPPING_FEE_NAIRA));
    expect(held.statusCode, held.body).toBe(200);
    await ctx.db
      .update(orders)
      .set({ reservedUntil: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, held.json().data.Form.order_id));
    const url = (id: string) => `/api/product?id=${id}`;
    for (const app of [a, b]) {
      for (const id of [alsoHeld.id, unrelated.id]) {
        let r = await call(app, "GET", url(id));
        for (let i = 0; i < 50 && r.headers["x-cache"] !== "hit"; i++) {
          await sleep(20);
          r = await call(app, "GET", url(id));
        }
        expect(r.headers["x-cache"]).toBe("hit");
      }
    }
    // Short of `scarce` (held by the overdue order): that order expires, giving back `alsoHeld` too.
    const placed = await call(a, "POST", "/api/transactions/createSession", next.token, checkoutBody(1000 + SHIPPING_FEE_NAIRA));
    expect(placed.statusCode, placed.body).toBe(200);
    await sleep(50);
    for (const app of [a, b]) {
      const detail = await call(app, "GET", url(alsoHeld.id));
      expect(detail.headers["x-cache"]).toBe("miss");
      expect(detail.json().products.count_in_stock).toBe(5);
      expect((await call(app, "GET", url(unrelated.id))).headers["x-cache"]).toBe("hit");
    }
  });

  it("the buyer's order history expiring a window that ran out", async () => {
    const s = await scene();
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 minute'` }).where(eq(orders.id, s.form.order_id));
    const history = await call(a, "GET", "/api/orders", s.shopper.token);
    expect(history.statusCode, history.body).toBe(200);
    expect(history.json().data[0].status).toBe("expired");
    await onlyBoughtDropped(s, 5);
  });
});
