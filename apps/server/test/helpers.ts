/**
 * Test helpers: `createTestContext()` gives a test file its own fresh database (cloned from the
 * migrated template), the real app built on it (`app.inject` for requests), and `close()`.
 * Use the seed factories (src/db/seed/factories.ts) to create the data a test needs.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { expect, inject } from "vitest";
import { buildApp } from "../src/app.js";
import { type Config, loadConfig } from "../src/config.js";
import { createDb, type Db } from "../src/db/client.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * The error answer the API sends (plugins/errors.ts): `message`, repeated as `data.message` where
 * spec §7's client reads it, and `errors` (field -> message) when given. Matchers are allowed.
 */
export function errorBody(statusCode: number, message: unknown, errors?: Record<string, unknown>) {
  return { statusCode, message, ...(errors ? { errors } : {}), data: { message } };
}

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** The database URL of this test file (for tests that need their own pool). */
  url: string;
  /** Send a request; `token` adds the bearer header. */
  request: (opts: InjectOptions & { token?: string }) => Promise<LightMyRequestResponse>;
  close: () => Promise<void>;
};

/** Create a fresh database from the template and build the app on it. Call `close()` in afterAll. */
export async function createTestContext(
  env: Record<string, string> = {},
  /** Register extra routes (e.g. a guarded probe) before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestContext> {
  const adminUrl = inject("pgAdminUrl");
  const template = inject("pgTemplate");
  const name = `${template}_${randomUUID().replace(/-/g, "").slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database "${name}" template "${template}"`);
      break;
    } catch (err) {
      // Another file cloning the template at the same instant: wait and retry.
      if (attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = withDatabase(adminUrl, name);
  const uploads = await mkdtemp(path.join(os.tmpdir(), "market-test-uploads-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    UPLOADS_DIR: uploads,
    WEB_DIST: path.join(uploads, "no-web-dist"),
    SEED_DEMO: "false",
    // Fixtures write through the test's own pool, which moves no cache stamp: a search reads every
    // committed change first (ADR 0227).
    SEARCH_FRESH_MS: "0",
    // Tests act as if behind a proxy on loopback (inject's address), so X-Forwarded-For can stand
    // for different clients.
    TRUST_PROXY: "loopback",
    ...env,
  });
  // One pool for the app and the test's own writes, so without the request pools' time-outs (ADR
  // 0160): fixtures write large catalogs through it. resilience-freeze.test.ts builds its app on them.
  const db = createDb(url, 10);
  // DATABASE_READ_URL in `env`: a pool of its own for the anonymous catalog reads (ADR 0106), as main.ts opens.
  const readDb = config.DATABASE_READ_URL ? createDb(config.DATABASE_READ_URL, 5) : db;
  const app = await buildApp(config, db, { readDb });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db,
    config,
    url,
    request: ({ token, headers, ...opts }) =>
      app.inject({ ...opts, headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
    close: async () => {
      await app.close();
      await db.$client.end();
      if (readDb !== db) await readDb.$client.end();
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
      await rm(uploads, { recursive: true, force: true });
    },
  };
}

/** A product's factory fields other than its seller and category (`userId` may still name another seller). */
type ProductInput = Omit<Parameters<typeof createProduct>[1], "userId" | "categoryId"> & { userId?: string };

/** What a shop test sells from: one category, one approved seller (with a sign-in token), and that seller's products in it. */
type Shop = {
  categoryId: string;
  seller: Awaited<ReturnType<typeof createUserWithToken>>;
  /** A new product of the seller in the category (factory defaults unless given). */
  product: (input?: ProductInput) => ReturnType<typeof createProduct>;
};

async function createShop(db: Db): Promise<Shop> {
  const categoryId = (await createCategory(db)).id;
  const seller = await createUserWithToken(db, { accType: "business", status: "approved" });
  return {
    categoryId,
    seller,
    product: ({ userId, ...input } = {}) => createProduct(db, { userId: userId ?? seller.user.id, categoryId, ...input }),
  };
}

/** A test context (see `createTestContext`) with its shop. */
export type ShopContext = TestContext & { shop: Shop };

/** `createTestContext(env)` with a category and an approved seller created in it. Call `close()` in afterAll. */
export async function createShopContext(env: Record<string, string> = {}): Promise<ShopContext> {
  const ctx = await createTestContext(env);
  return { ...ctx, shop: await createShop(ctx.db) };
}

/**
 * A new shopper with `count` units of a new product of `price` naira (50 in stock) of the
 * context's shop in the cart, through POST /api/cart; fails the test when the cart refuses.
 */
export async function shopperWithCart(ctx: ShopContext, price: number, count = 1) {
  const shopper = await createUserWithToken(ctx.db);
  const p = await ctx.shop.product({ price, countInStock: 50 });
  const res = await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: p.id, count } });
  expect(res.statusCode, res.body).toBe(200);
  return shopper;
}
