/**
 * Three store processes (the build, apps/server/dist/main.js, in production mode) behind HAProxy,
 * sharing the machine's PostgreSQL (127.0.0.1:5432), Redis (127.0.0.1:6379) and an S3-protocol
 * server (s3rver, started here). Each check is one that a single process passes and a cluster
 * without the shared piece fails (docs/deploy.md "Which state lives where"):
 * - a product edited through one process is served changed by every process at the next request
 *   (cache invalidation broadcast); stock an order's cancel gave back likewise, while the other
 *   products' cached answers stay (ADR 0144);
 * - a blocked or signed-out session is refused by every process within 1 s (session revocation);
 * - wrong sign-ins and a sign-up flood spread over the three are limited as if there were one
 *   (throttle in PostgreSQL, rate limits in Redis);
 * - a picture uploaded through one process is served by the others (object storage);
 * - 100 concurrent checkouts on stock 10 give exactly 10 orders;
 * - killing one process under load loses no acknowledged order and the others keep serving.
 *
 * Settings: CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * CLUSTER_REDIS_URL (default redis://127.0.0.1:6379), HAPROXY (test/haproxy.ts), CLUSTER_WITHOUT.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { checkoutBody, PRODUCTION_ENV } from "../test/fixtures.js";
import { startHaproxy } from "../test/haproxy.js";
import { freePort, freshDatabase, SERVER_ROOT, type ServerProcess, startServerProcess, waitUntil } from "../test/server-process.js";

const PG_URL = process.env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379";
const ENTRY = path.join(SERVER_ROOT, "dist/main.js");
const BUCKET = "market-cluster";
const PROCESSES = 3;
/**
 * CLUSTER_WITHOUT=redis,s3 starts the processes without Redis or without object storage, to see
 * the checks that depend on them fail (each process then keeps its own rate limits or pictures).
 */
const WITHOUT = (process.env.CLUSTER_WITHOUT ?? "").split(",");
const SHOPPERS_FOR_STOCK = 100;
const STOCK = 10;

type Answer = { status: number | "network"; body?: unknown; backend?: string | null; detail?: string };

async function call(base: string, method: string, url: string, token = "", body?: unknown): Promise<Answer> {
  try {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text for the failure message
    }
    return { status: r.status, body: parsed, backend: r.headers.get("x-backend") };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { status: "network", detail: e.cause?.code ?? e.message };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let tmp = "";
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let dbUrl = "";
let s3: S3rver | undefined;
let haproxy: { stop: () => void } | undefined;
const stores: ServerProcess[] = [];
let lb = "";
let data: Awaited<ReturnType<typeof prepare>>;

/** The catalog, the accounts and the shoppers every check below uses, straight into the database. */
async function prepare(url: string) {
  const db = createDb(url, 8);
  try {
    await runMigrations(db);
    const category = await createCategory(db, { name: "Cluster Phones" });
    const seller = await createUserWithToken(db, { accType: "business", status: "approved" });
    const admin = await createUserWithToken(db, { accType: "admin" });
    const product = (over: { price?: number; countInStock?: number } = {}) =>
      createProduct(db, { userId: seller.user.id, categoryId: category.id, price: 1000, countInStock: 100_000, ...over });
    const edited = await product();
    const scarce = await product({ countInStock: STOCK, price: 2500 });
    const plenty = await Promise.all([product(), product(), product()]);
    const restocked = await product({ countInStock: 5 });
    const untouched = await product({ countInStock: 5 });
    const canceller = await createUserWithToken(db);
    const blocked = await createUserWithToken(db);
    const signedOut = await createUserWithToken(db);
    const guessed = await createUserWithToken(db);
    const guessedAlone = await createUserWithToken(db);
    const buyers: string[] = [];
    for (let i = 0; i < SHOPPERS_FOR_STOCK; i += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => createUserWithToken(db)));
      buyers.push(...batch.map((b) => b.token));
    }
    return { seller, admin, edited, scarce, plenty, restocked, untouched, canceller, blocked, signedOut, guessed, guessedAlone, buyers };
  } finally {
    await db.$client.end();
  }
}

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`No build at ${ENTRY}: run npm run build first`);
  tmp = await mkdtemp(path.join(os.tmpdir(), "market-cluster-"));

  database = await freshDatabase(PG_URL, `market_cluster_${process.pid}`);
  dbUrl = database.url;
  data = await prepare(dbUrl);

  // Rate-limit counters of an earlier run (same Redis) would skew the flood check: a database
  // number of this run's own, emptied first.
  const redisDb = 8 + (process.pid % 7);
  const { Redis } = await import("ioredis");
  const redis = new Redis(`${REDIS_URL}/${redisDb}`);
  await redis.flushdb();
  redis.disconnect();

  const s3Port = await freePort();
  s3 = new S3rver({
    port: s3Port,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(tmp, "s3"),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await s3.run();

  const env = (i: number): Record<string, string> => ({
    ...PRODUCTION_ENV,
    DATABASE_URL: dbUrl,
    ...(WITHOUT.includes("redis") ? {} : { REDIS_URL: `${REDIS_URL}/${redisDb}` }),
    ...(WITHOUT.includes("s3")
      ? {}
      : {
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
          AWS_ACCESS_KEY_ID: "S3RVER",
          AWS_SECRET_ACCESS_KEY: "S3RVER",
          AWS_REGION: "us-east-1",
        }),
    DATA_DIR: path.join(tmp, `store-${i}`),
    WEB_DIST: path.join(tmp, "no-web"),
    LOG_LEVEL: "error",
    // Roomy database time-outs (ADR 0160's defaults are 1.5 s): 100 checkouts queue on one product's
    // row, and on a busy machine the last of them wait longer than that. What these tests check is
    // the processes' sharing, not the time-outs (the server tests check those). Both stay well
    // under `call`'s 20 s, so a slow answer is not taken for a dropped connection.
    DB_CONNECT_TIMEOUT_MS: "5000",
    DB_STATEMENT_TIMEOUT_MS: "8000",
  });
  await Promise.all(Array.from({ length: PROCESSES }, (_, i) => mkdir(path.join(tmp, `store-${i}`), { recursive: true })));
  stores.push(...(await Promise.all(Array.from({ length: PROCESSES }, (_, i) => startServerProcess(env(i), { entry: ENTRY })))));

  const lbPort = await freePort();
  haproxy = await startHaproxy(tmp, [{ name: "store", port: lbPort, backends: stores.map((s) => new URL(s.base).host) }]);
  lb = `http://127.0.0.1:${lbPort}`;
});

afterAll(async () => {
  haproxy?.stop();
  await Promise.all(stores.map((s) => s.stop()));
  await s3?.close().catch(() => {});
  await database?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("three store processes behind HAProxy", () => {
  it("spreads requests over the three processes", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add(String((await call(lb, "GET", "/api/health")).backend));
    expect([...seen].sort()).toEqual(stores.map((_, i) => `store-${i}`));
  });

  it("serves a product edited through one process changed by every process at the next request", async () => {
    const url = `/api/product?id=${data.edited.id}`;
    // Every process has the old answer in its cache (a later read is a hit). A value read while an
    // invalidation arrives is not stored (ADR 0100), and on a loaded machine the processes may still
    // be taking their start-up messages: read until it is cached, for a bounded time.
    for (const s of stores) {
      let r = await fetch(`${s.base}${url}`);
      for (let i = 0; i < 30 && r.headers.get("x-cache") !== "hit"; i++) {
        await r.arrayBuffer();
        await sleep(100);
        r = await fetch(`${s.base}${url}`);
      }
      expect(r.headers.get("x-cache"), "the public cache is on").toBe("hit");
      expect(((await r.json()) as { products: { price: number } }).products.price).toBe(1000);
    }
    const put = await call(stores[0]!.base, "PUT", "/api/product", data.seller.token, { _id: data.edited.id, price: 1750 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    for (const s of stores) {
      const r = await call(s.base, "GET", url);
      expect((r.body as { products: { price: number } }).products.price, s.base).toBe(1750);
    }
  });

  it("serves the stock a cancel through one process gave back on every process, and keeps the other products cached", async () => {
    const url = (id: string) => `/api/product?id=${id}`;
    const add = await call(stores[0]!.base, "POST", "/api/cart", data.canceller.token, { product_id: data.restocked.id, count: 2 });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const placed = await call(
      stores[0]!.base,
      "POST",
      "/api/transactions/createSession",
      data.canceller.token,
      checkoutBody(2000 + SHIPPING_FEE_NAIRA),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = (placed.body as { data: { Form: { order_id: string } } }).data.Form.order_id;
    // Both products cached in every process (read until a hit, as above).
    for (const s of stores) {
      for (const id of [data.restocked.id, data.untouched.id]) {
        let r = await fetch(`${s.base}${url(id)}`);
        for (let i = 0; i < 30 && r.headers.get("x-cache") !== "hit"; i++) {
          await r.arrayBuffer();
          await sleep(100);
          r = await fetch(`${s.base}${url(id)}`);
        }
        expect(r.headers.get("x-cache"), `${s.base} ${id}`).toBe("hit");
        await r.arrayBuffer();
      }
    }
    const cancel = await call(stores[1]!.base, "DELETE", `/api/transactions?order_id=${orderId}`, data.canceller.token);
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    for (const s of stores) {
      const r = await call(s.base, "GET", url(data.restocked.id));
      expect((r.body as { products: { count_in_stock: number } }).products.count_in_stock, s.base).toBe(5);
      const other = await fetch(`${s.base}${url(data.untouched.id)}`);
      expect(other.headers.get("x-cache"), `${s.base}: the other product stays cached`).toBe("hit");
      await other.arrayBuffer();
    }
  });

  /** Poll every process with `token` until each refuses it; answers the slowest time in ms. */
  async function refusedEverywhere(token: string): Promise<number> {
    const from = performance.now();
    const times = await Promise.all(
      stores.map(async (s) => {
        for (;;) {
          const r = await call(s.base, "GET", "/api/me", token);
          if (r.status === 401 || r.status === 403) return performance.now() - from;
          if (performance.now() - from > 5000) return Number.POSITIVE_INFINITY;
          await sleep(25);
        }
      }),
    );
    return Math.max(...times);
  }

  it("refuses a blocked account on every process within 1 s", async () => {
    for (const s of stores) expect((await call(s.base, "GET", "/api/me", data.blocked.token)).status).toBe(200);
    const block = await call(stores[1]!.base, "PUT", "/api/admin/users", data.admin.token, {
      account_id: data.blocked.user.id,
      req_type: "block",
    });
    expect(block.status, JSON.stringify(block.body)).toBe(200);
    expect(await refusedEverywhere(data.blocked.token)).toBeLessThan(1000);
  });

  it("refuses a signed-out session on every process within 1 s", async () => {
    for (const s of stores) expect((await call(s.base, "GET", "/api/me", data.signedOut.token)).status).toBe(200);
    expect((await call(stores[2]!.base, "POST", "/api/signout", data.signedOut.token)).status).toBe(200);
    expect(await refusedEverywhere(data.signedOut.token)).toBeLessThan(1000);
  });

  it("limits 30 wrong sign-ins spread over the three processes as if there were one", async () => {
    const guess = async (base: string, email: string) =>
      (await call(base, "POST", "/api/signin", "", { email, password: "not-the-password-1" })).status;
    const alone: Array<number | string> = [];
    for (let i = 0; i < 30; i++) alone.push(await guess(stores[0]!.base, data.guessedAlone.user.email));
    const spread: Array<number | string> = [];
    for (let i = 0; i < 30; i++) spread.push(await guess(lb, data.guessed.user.email));
    const checked = (list: Array<number | string>) => list.filter((s) => s === 401).length;
    expect(checked(alone), JSON.stringify(alone)).toBeLessThan(30);
    expect(spread.filter((s) => s === 429).length, JSON.stringify(spread)).toBeGreaterThan(0);
    expect(checked(spread), `one process: ${JSON.stringify(alone)}; three: ${JSON.stringify(spread)}`).toBeLessThanOrEqual(checked(alone));
  });

  it("limits a sign-up flood spread over the three processes as if there were one (20 a minute)", async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) answers.push(await call(lb, "POST", "/api/signup", "", {}));
    expect(new Set(answers.map((a) => a.backend)).size, "spread over the three").toBe(PROCESSES);
    expect(answers.filter((a) => a.status !== 429).length, JSON.stringify(answers.map((a) => a.status))).toBe(20);
  });

  it("serves a picture uploaded through one process from the others", async () => {
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: "#0a7" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "green.png");
    const res = await fetch(`${stores[0]!.base}/api/uploads`, {
      method: "POST",
      headers: { authorization: `Bearer ${data.seller.token}` },
      body: form,
    });
    const body = (await res.json()) as { data: Array<{ url: string }> };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const url = body.data[0]!.url;
    for (const s of stores.slice(1)) {
      const r = await fetch(`${s.base}${url}`);
      expect(r.status, `${s.base}${url}`).toBe(200);
      expect(r.headers.get("content-type")).toBe("image/webp");
      expect((await r.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
  });

  it("gives exactly 10 orders for 100 concurrent checkouts on stock 10", async () => {
    const product_id = data.scarce.id;
    await Promise.all(
      data.buyers.map(async (token) => {
        const add = await call(lb, "POST", "/api/cart", token, { product_id, count: 1 });
        expect(add.status, JSON.stringify(add.body)).toBe(200);
      }),
    );
    const answers = await Promise.all(
      data.buyers.map((token) => call(lb, "POST", "/api/transactions/createSession", token, checkoutBody(2500 + SHIPPING_FEE_NAIRA))),
    );
    expect(new Set(answers.map((a) => a.backend)).size, "spread over the three").toBe(PROCESSES);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBe(STOCK);
    // The others are refused cleanly: out of stock (409), or, on a machine too busy to take them
    // all in time, 503 "try again" (nothing changed); never a 500 or a dropped connection.
    const failures = answers.filter((a) => a.status === "network" || (typeof a.status === "number" && a.status >= 500 && a.status !== 503));
    expect(failures).toEqual([]);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string; stock: number }>(
        `select (select count(*) from order_lines where product_id = $1) as n, (select count_in_stock from products where id = $1) as stock`,
        [product_id],
      );
      expect(Number(rows[0]!.n)).toBe(STOCK);
      expect(rows[0]!.stock).toBe(0);
    } finally {
      await client.end();
    }
  });

  it("loses no acknowledged order when one process is killed under load, and the others keep serving", async () => {
    const shoppers = data.buyers.slice(0, 12);
    const productIds = data.plenty.map((p) => p.id);
    let running = true;
    const answers: Array<Answer & { at: number }> = [];
    const acknowledged: string[] = [];
    const loops = shoppers.map(async (token, i) => {
      for (let n = 0; running; n++) {
        const product_id = productIds[(i + n) % productIds.length]!;
        // From an empty cart each time, so the total is this one line (an earlier check left lines).
        await call(lb, "DELETE", "/api/cart?cart_id=all", token);
        const add = await call(lb, "POST", "/api/cart", token, { product_id, count: 1 });
        answers.push({ ...add, at: performance.now() });
        if (add.status !== 200) continue;
        const session = await call(lb, "POST", "/api/transactions/createSession", token, checkoutBody(1000 + SHIPPING_FEE_NAIRA));
        answers.push({ ...session, at: performance.now() });
        if (session.status === 200) acknowledged.push((session.body as { data: { Form: { order_id: string } } }).data.Form.order_id);
      }
    });
    // Load first (a busy machine may take a while to take the first orders).
    await waitUntil(() => acknowledged.length >= 3, { timeoutMs: 30_000 });
    const before = acknowledged.length;
    expect(before, JSON.stringify(answers.filter((a) => a.status !== 200).slice(0, 3))).toBeGreaterThan(0);
    const victim = stores[2]!;
    victim.child.kill("SIGKILL");
    const killedAt = performance.now();
    await victim.exited;
    await sleep(6000);
    running = false;
    await Promise.all(loops);

    expect(acknowledged.length, "checkouts go on after the kill").toBeGreaterThan(before);
    // Once HAProxy's health check has taken the dead process out (three missed checks a second
    // apart), every answer comes from the others.
    const settled = answers.filter((a) => a.at > killedAt + 4500);
    expect(settled.length).toBeGreaterThan(0);
    expect(settled.filter((a) => a.status === "network" || (typeof a.status === "number" && a.status >= 500))).toEqual([]);
    expect(new Set(settled.map((a) => a.backend))).not.toContain("store-2");
    for (const s of stores.slice(0, 2)) expect((await call(s.base, "GET", "/api/health")).status).toBe(200);

    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>("select id from orders where id = any($1::uuid[])", [acknowledged]);
      expect(rows.length, "every acknowledged order is in the database").toBe(acknowledged.length);
    } finally {
      await client.end();
    }
  });
});
