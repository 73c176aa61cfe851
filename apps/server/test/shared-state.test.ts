/**
 * Two store processes on one database (ADR 0100): two apps built in this test process on the same
 * test database, A and B, each with its own caches and its own connection to the invalidation bus,
 * as two server processes behind a load balancer would be. Once with Redis (REDIS_URL, a random
 * key prefix and channel per run) and once without it (PostgreSQL LISTEN/NOTIFY):
 * - a price changed through A is what B answers at its next request (public answer cache);
 * - a sign-out or a block through A is refused by B within 1 s (session cache);
 * - a bus connection that drops and comes back empties the caches (a message may have been lost);
 * - with Redis, the rate-limit counters are shared by A and B.
 * Real PostgreSQL and the machine's Redis at 127.0.0.1:6379.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createDb } from "../src/db/client.js";
import { products } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { RATE_LIMITS } from "../src/modules/accounts/routes.js";
import { createTestContext, type TestContext } from "./helpers.js";
import { startServerProcess } from "./server-process.js";

const REDIS_URL = "redis://127.0.0.1:6379";
/** A shopper's next request after a write's answer: well after the bus delivered, far inside the 30 s TTL. */
const NEXT_REQUEST_MS = 50;
/** The promise of issue "scale out": a revoked session is refused everywhere within 1 s. */
const REVOKED_WITHIN_MS = 1_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ask `check` every 20 ms until it answers true or `ms` passed; answers the last result. */
async function within(ms: number, check: () => Promise<boolean>): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= end) return false;
    await sleep(20);
  }
}

type Pair = { ctx: TestContext; a: FastifyInstance; b: FastifyInstance; close: () => Promise<void> };

/** A (the test context's app) and B, a second app with the same settings on the same database. */
async function twoProcesses(env: Record<string, string>): Promise<Pair> {
  const ctx = await createTestContext({ PUBLIC_CACHE: "true", ...env });
  const db = createDb(ctx.url, 5);
  const b = await buildApp(ctx.config, db);
  await b.ready();
  return {
    ctx,
    a: ctx.app,
    b,
    close: async () => {
      await b.close();
      await db.$client.end();
      await ctx.close();
    },
  };
}

const variants = [
  { bus: "Redis pub/sub", env: () => ({ REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}:` }) },
  { bus: "PostgreSQL LISTEN/NOTIFY", env: () => ({}) },
];

describe.each(variants)("two processes, invalidations over $bus", ({ env }) => {
  let p: Pair;
  beforeAll(async () => {
    p = await twoProcesses(env());
  });
  afterAll(() => p.close());

  const call = (app: FastifyInstance, method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });

  it("a price changed through A is what B answers at its next request", async () => {
    const cat = await createCategory(p.ctx.db, { type: "market-place" });
    const seller = await createUserWithToken(p.ctx.db, { accType: "business", status: "approved" });
    const product = await createProduct(p.ctx.db, { userId: seller.user.id, categoryId: cat.id, price: 5000 });
    const url = `/api/product?id=${product.id}`;
    expect((await call(p.b, "GET", url)).json().products.price).toBe(5000);
    const cached = await call(p.b, "GET", url);
    expect(cached.headers["x-cache"]).toBe("hit");

    const edit = await call(p.a, "PUT", "/api/product", seller.token, { _id: product.id, price: 6000 });
    expect(edit.statusCode).toBe(200);
    await sleep(NEXT_REQUEST_MS);
    const next = await call(p.b, "GET", url);
    expect(next.json().products.price).toBe(6000);
  });

  it("a sign-out through A is refused by B within 1 s", async () => {
    const u = await createUserWithToken(p.ctx.db);
    expect((await call(p.b, "GET", "/api/me", u.token)).statusCode).toBe(200);
    expect((await call(p.b, "GET", "/api/me", u.token)).statusCode).toBe(200);
    expect((await call(p.a, "POST", "/api/signout", u.token)).statusCode).toBe(200);
    const refused = await within(REVOKED_WITHIN_MS, async () => (await call(p.b, "GET", "/api/me", u.token)).statusCode === 401);
    expect(refused, "B refuses the signed-out token within 1 s").toBe(true);
  });

  it("a block through A makes B refuse every token of the account within 1 s", async () => {
    const admin = await createUserWithToken(p.ctx.db, { accType: "admin" });
    const u = await createUserWithToken(p.ctx.db);
    const other = await createUserWithToken(p.ctx.db);
    for (const token of [u.token, other.token]) expect((await call(p.b, "GET", "/api/me", token)).statusCode).toBe(200);
    const block = await call(p.a, "PUT", "/api/admin/users", admin.token, { account_id: u.user.id, req_type: "block" });
    expect(block.statusCode).toBe(200);
    const refused = await within(REVOKED_WITHIN_MS, async () => (await call(p.b, "GET", "/api/me", u.token)).statusCode === 401);
    expect(refused, "B refuses the blocked account's token within 1 s").toBe(true);
    // Someone else's session is untouched.
    expect((await call(p.b, "GET", "/api/me", other.token)).statusCode).toBe(200);
  });

  it("empties B's caches when its bus connection drops and comes back (a message may have been lost)", async () => {
    const cat = await createCategory(p.ctx.db, { type: "market-place" });
    const seller = await createUserWithToken(p.ctx.db, { accType: "business", status: "approved" });
    const product = await createProduct(p.ctx.db, { userId: seller.user.id, categoryId: cat.id, price: 700 });
    const url = `/api/product?id=${product.id}`;
    await call(p.b, "GET", url);
    expect((await call(p.b, "GET", url)).headers["x-cache"]).toBe("hit");
    // A change no bus message announces, as if its message was lost while B was disconnected.
    await p.ctx.db.update(products).set({ priceKobo: 80_000 }).where(eq(products.id, product.id));
    const status = p.b.cache.status();
    if (status.bus === "redis") {
      const admin = new Redis(REDIS_URL);
      try {
        // Only this run's subscribers (named after their channel), not other tests' on the same Redis.
        const list = String(await admin.call("CLIENT", "LIST", "TYPE", "pubsub"));
        const ids = [...list.matchAll(/id=(\d+) .*name=(\S+)/g)].filter((m) => m[2] === `${p.ctx.config.REDIS_PREFIX}cache-invalidation`);
        expect(ids.length).toBe(2);
        for (const m of ids) await admin.call("CLIENT", "KILL", "ID", m[1]!);
      } finally {
        admin.disconnect();
      }
    } else {
      await p.ctx.db.$client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query like 'LISTEN %'",
      );
    }
    const fresh = await within(
      5_000,
      async () => p.b.cache.status().connected && (await call(p.b, "GET", url)).json().products.price === 800,
    );
    expect(fresh, "after reconnecting, B answers the current price").toBe(true);
  });
});

describe("rate limits with Redis", () => {
  let p: Pair;
  beforeAll(async () => {
    p = await twoProcesses({ REDIS_URL, REDIS_PREFIX: `test-${randomUUID()}:` });
  });
  afterAll(() => p.close());

  it("A and B count one client's sign-in tries together", async () => {
    const ip = `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const signin = (app: FastifyInstance) =>
      app.inject({ method: "POST", url: "/api/signin", payload: {}, headers: { "x-forwarded-for": ip } });
    // The per-address ceiling (ADR 0153): refused bodies (400) are counted like any try, half on each process.
    const { max } = RATE_LIMITS.signinPerAddress;
    for (let i = 0; i < max; i++) expect((await signin(i % 2 ? p.b : p.a)).statusCode).toBe(400);
    expect((await signin(p.a)).statusCode).toBe(429);
    expect((await signin(p.b)).statusCode).toBe(429);
  });

  it("reports Redis in the readiness check, and 503 once it is gone", async () => {
    const ready = await p.b.inject({ method: "GET", url: "/api/health" });
    expect(ready.json()).toEqual({ statusCode: 200, status: "ok", db: "up", redis: "up" });
    p.b.redis!.disconnect();
    const down = await p.b.inject({ method: "GET", url: "/api/health" });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ db: "up", redis: "down" });
    // A rate-limited route fails closed (503), not open.
    const limited = await p.b.inject({ method: "POST", url: "/api/signin", payload: {} });
    expect(limited.statusCode).toBe(503);
    expect((await p.b.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
  });
});

describe("REDIS_URL that does not answer", () => {
  it("refuses a REDIS_URL that is not a redis:// or rediss:// URL, naming it", () => {
    expect(() => loadConfig({ NODE_ENV: "test", REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ NODE_ENV: "test", REDIS_PREFIX: "has space" })).toThrow(/REDIS_PREFIX/);
    expect(loadConfig({ NODE_ENV: "test", REDIS_URL: "rediss://user:pw@redis.example:6380/2" }).REDIS_URL).toBe(
      "rediss://user:pw@redis.example:6380/2",
    );
  });

  it("stops buildApp with a message naming REDIS_URL, without its password", async () => {
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/x",
      REDIS_URL: "redis://store:s3cret@127.0.0.1:1",
    });
    const db = createDb(config.DATABASE_URL!, 1);
    try {
      const failed = await buildApp(config, db).then(
        () => null,
        (err: Error) => err.message,
      );
      expect(failed).toMatch(/^REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:1 did not answer/);
      expect(failed).not.toContain("s3cret");
    } finally {
      await db.$client.end();
    }
  });

  // The real start (main.ts through tsx) takes seconds on a busy machine, as in production-start.test.ts.
  it("stops the server's start (exit 1) and says so", { timeout: 60_000 }, async () => {
    const ctx = await createTestContext();
    try {
      const server = await startServerProcess(
        { DATABASE_URL: ctx.url, SEED_DEMO: "false", REDIS_URL: "redis://127.0.0.1:1" },
        { waitReady: false },
      );
      const code = await server.exited;
      expect(code).toBe(1);
      expect(server.stderr()).toMatch(/REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:1 did not answer/);
    } finally {
      await ctx.close();
    }
  });
});
