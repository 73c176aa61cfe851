/**
 * A PostgreSQL outage UNDER CHECKOUT LOAD, against the real server process (main.ts): eight
 * shoppers check out in a loop while PostgreSQL is stopped and started again. The process must not
 * exit (a pooled client checked out between two statements of a transaction used to have no
 * `error` listener, so PostgreSQL's "terminating connection" crashed it), every answer during the
 * outage is a 503 in the JSON error shape (never a reset), `/api/health` says the database is down,
 * the store serves again within 5 s of PostgreSQL's return, and no acknowledged order is lost.
 *
 * Two set-ups: the store on a PostgreSQL at DATABASE_URL (stopped and started by the test), and the
 * store on its own embedded PostgreSQL (its postmaster killed by the test; the store starts it again).
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.js";
import { type EmbeddedHandle, startEmbeddedPostgres } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { checkoutBody } from "./fixtures.js";
import { errorBody } from "./helpers.js";
import { freePort, startServerProcess, waitUntil } from "./server-process.js";

const SHOPPERS = 8;

type Answer = { status: number | "network"; body?: unknown; detail?: string };

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => {});
});

/** Start the store's own process; stopped after the test. */
async function startServer(env: Record<string, string>) {
  // Errors are logged (to the pipe), so a failure below can show the server's own account of it.
  const server = await startServerProcess({ LOG_LEVEL: "error", ...env });
  cleanups.push(server.stop);
  return server;
}

async function call(base: string, method: string, url: string, token: string, body?: unknown): Promise<Answer> {
  try {
    const r = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await r.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text: the check below reports a non-JSON answer
    }
    return { status: r.status, body: parsed };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string } };
    return { status: "network", detail: e.cause?.code ?? e.message };
  }
}

/**
 * Eight shoppers loop over: add a product to the cart, check out, "I have made payment", until
 * `stop()`. Answers every response and the orders the store acknowledged (createSession 200).
 */
function checkoutLoad(base: string, shoppers: string[], productIds: string[]) {
  let running = true;
  const answers: Answer[] = [];
  const acknowledged: string[] = [];
  const submitted: string[] = [];
  const loops = shoppers.map(async (token, i) => {
    for (let n = 0; running; n++) {
      const product_id = productIds[(i + n) % productIds.length]!;
      const add = await call(base, "POST", "/api/cart", token, { product_id, count: 1 });
      answers.push(add);
      if (add.status !== 200) continue;
      const cart = await call(base, "GET", "/api/cart", token);
      answers.push(cart);
      if (cart.status !== 200) continue;
      const lines = (cart.body as { data: Array<{ count: number; productId: { price: number } }> }).data;
      const amount = lines.reduce((sum, l) => sum + l.productId.price * l.count, 0) + SHIPPING_FEE_NAIRA;
      const session = await call(base, "POST", "/api/transactions/createSession", token, checkoutBody(amount));
      answers.push(session);
      if (session.status !== 200) continue;
      const orderId = (session.body as { data: { Form: { order_id: string } } }).data.Form.order_id;
      acknowledged.push(orderId);
      const paid = await call(base, "PUT", "/api/transactions", token, { order_id: orderId, account_no: checkoutBody(0).account_no });
      answers.push(paid);
      if (paid.status === 200) submitted.push(orderId);
    }
  });
  return {
    answers,
    acknowledged,
    submitted,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Load a catalog and eight shoppers into the database at `url`. */
async function prepare(url: string) {
  const db = createDb(url, 4);
  try {
    await runMigrations(db);
    const category = await createCategory(db, { name: "Outage Phones" });
    const seller = await createUserWithToken(db, { accType: "business", status: "approved" });
    const products = await Promise.all(
      Array.from({ length: 6 }, () =>
        createProduct(db, { userId: seller.user.id, categoryId: category.id, price: 1000, countInStock: 100_000 }),
      ),
    );
    const shoppers = await Promise.all(Array.from({ length: SHOPPERS }, () => createUserWithToken(db)));
    return { productIds: products.map((p) => p.id), tokens: shoppers.map((s) => s.token) };
  } finally {
    await db.$client.end();
  }
}

/**
 * The scenario shared by both set-ups: load, `takeDown()`, check the outage answers, `bringBack()`,
 * check the recovery time and that every acknowledged order is in the database.
 */
async function outageUnderLoad(opts: {
  base: string;
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  url: () => string;
  tokens: string[];
  productIds: string[];
  takeDown: () => Promise<void>;
  bringBack: () => Promise<void>;
}) {
  const { base, child } = opts;
  const load = checkoutLoad(base, opts.tokens, opts.productIds);
  // Under load first: a busy machine may take a while to take the first orders.
  await waitUntil(() => load.acknowledged.length >= 3, { timeoutMs: 20_000 });
  const beforeOutage = load.acknowledged.length;
  expect(
    beforeOutage,
    `checkouts succeed before the outage: ${JSON.stringify(load.answers.filter((a) => a.status !== 200).slice(0, 2))}`,
  ).toBeGreaterThan(0);

  await opts.takeDown();
  const downFrom = load.answers.length;
  // The health check notices at once and says the database is down.
  const downAt = performance.now();
  for (;;) {
    const health = await call(base, "GET", "/api/health", "");
    if (health.status === 503) {
      expect(health.body).toEqual({ ...errorBody(503, expect.any(String)), db: "down" });
      break;
    }
    expect(performance.now() - downAt, "health says the database is down").toBeLessThan(3000);
    await new Promise((r) => setTimeout(r, 50));
  }
  // Under load during the outage: the process stays up and answers 503s.
  await new Promise((r) => setTimeout(r, 1500));
  expect(child.exitCode, `the store exited: ${opts.stderr()}`).toBeNull();
  const outageAnswers = load.answers.slice(downFrom);
  expect(outageAnswers.length, "requests were answered during the outage").toBeGreaterThan(0);
  for (const a of outageAnswers) {
    expect(a.status, JSON.stringify(a)).not.toBe("network");
    if (a.status === 503) expect(a.body).toEqual(errorBody(503, expect.any(String)));
  }
  expect(outageAnswers.some((a) => a.status === 503)).toBe(true);

  await opts.bringBack();
  const backAt = performance.now();
  for (;;) {
    const h = await call(base, "GET", "/api/health", "");
    if (h.status === 200) break;
    expect(performance.now() - backAt, "serving again within 5 s of PostgreSQL's return").toBeLessThan(5000);
    await new Promise((r) => setTimeout(r, 100));
  }
  const afterBack = load.acknowledged.length;
  for (const from = performance.now(); load.acknowledged.length <= afterBack && performance.now() - from < 20_000; )
    await new Promise((r) => setTimeout(r, 100));
  await load.stop();
  expect(child.exitCode, `the store exited: ${opts.stderr()}`).toBeNull();
  expect(load.acknowledged.length, "checkouts succeed again after the outage").toBeGreaterThan(afterBack);
  expect(load.answers.filter((a) => a.status === "network")).toEqual([]);
  const serverErrors = opts
    .stdout()
    .split("\n")
    .filter((line) => line.includes('"level":50'))
    .slice(0, 3)
    .join("\n");
  expect(
    load.answers.filter((a) => typeof a.status === "number" && a.status >= 500 && a.status !== 503),
    serverErrors,
  ).toEqual([]);

  // No acknowledged order is lost: each is in the database, each "I have made payment" kept.
  const client = new pg.Client({ connectionString: opts.url() });
  await client.connect();
  try {
    const rows = await client.query<{ id: string; status: string }>("select id, status from orders where id = any($1::uuid[])", [
      load.acknowledged,
    ]);
    expect(rows.rowCount).toBe(new Set(load.acknowledged).size);
    const byId = new Map(rows.rows.map((r) => [r.id, r.status]));
    for (const id of load.submitted) expect(byId.get(id), id).toBe("payment_submitted");
  } finally {
    await client.end();
  }
}

describe("PostgreSQL outage under checkout load", () => {
  it("the store on DATABASE_URL: 503s during the outage, serving within 5 s of the return, no order lost", {
    timeout: 180_000,
  }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "market-outage-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = path.join(dir, "pg");
    const pgPort = await freePort();
    let database: EmbeddedHandle = await startEmbeddedPostgres({ dataDir, port: pgPort, dbName: "market" });
    cleanups.push(() => database.stop());
    const { tokens, productIds } = await prepare(database.url);
    const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: "false", DATA_DIR: dir, WEB_DIST: path.join(dir, "no-web") });
    await outageUnderLoad({
      ...server,
      url: () => database.url,
      tokens,
      productIds,
      takeDown: () => database.stop(),
      bringBack: async () => {
        database = await startEmbeddedPostgres({ dataDir, port: pgPort, dbName: "market" });
      },
    });
  });

  it("the store on its embedded PostgreSQL: the same, after its postmaster is killed", { timeout: 180_000 }, async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "market-outage-embedded-"));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const pgPort = await freePort();
    // The store owns the cluster: prepare its data first with a cluster of the same folder, stopped again.
    const dataDir = path.join(dir, "postgres");
    const first = await startEmbeddedPostgres({ dataDir, port: pgPort, dbName: "market" });
    const { tokens, productIds } = await prepare(first.url);
    await first.stop();
    const server = await startServer({
      DATA_DIR: dir,
      EMBEDDED_PG_PORT: String(pgPort),
      SEED_DEMO: "false",
      WEB_DIST: path.join(dir, "no-web"),
    });
    await outageUnderLoad({
      ...server,
      url: () => first.url,
      tokens,
      productIds,
      takeDown: async () => {
        // A crash of the postmaster as an operator's fast shutdown would do it (SIGINT).
        const pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
        process.kill(pid, "SIGINT");
      },
      // The store notices its PostgreSQL is gone and starts it again by itself.
      bringBack: async () => {},
    });
  });
});
