/**
 * Background jobs run once per cluster (ADR 0110): two app instances on one database stand for two
 * server processes. While one runs the expiry sweep the other skips it; each overdue order is
 * released once (stock back once, one notice); when the process running it dies, the other takes
 * over; timers are unref'd and stop when the app closes. Real PostgreSQL, real apps.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { createDb, type Db } from "../src/db/client.js";
import { orders, outbox, products, transactions } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { expirySweep } from "../src/modules/jobs/expiry-sweep.js";
import { JOBS } from "../src/modules/jobs/plugin.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
/** The second process: its own app and pool on the same database. */
let b: { app: FastifyInstance; db: Db };

beforeAll(async () => {
  ctx = await createShopContext();
  const db = createDb(ctx.url, 10);
  const app = await buildApp(ctx.config, db);
  await app.ready();
  b = { app, db };
});
afterAll(async () => {
  await b.app.close();
  await b.db.$client.end();
  await ctx.close();
});

const stock = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;
const statuses = async (ids: string[]) => (await ctx.db.select().from(orders).where(inArray(orders.id, ids))).map((o) => o.status);

/** A shopper checks out `count` units (price 1000) through process A; answers the order and the shopper. */
async function checkedOut(productId: string, count: number) {
  const s = await createUserWithToken(ctx.db);
  await ctx.request({ method: "POST", url: "/api/cart", token: s.token, payload: { product_id: productId, count } });
  const res = await ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token: s.token,
    payload: checkoutBody(1000 * count + SHIPPING_FEE_NAIRA),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { s, form: res.json().data.Form, orderId: res.json().data.Form.order_id as string };
}

/** Orders whose 15-minute window ended a minute ago. */
async function overdue(productId: string, n: number, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await checkedOut(productId, count)).orderId);
  await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 minute'` }).where(inArray(orders.id, ids));
  return ids;
}

/** Connections of this test's database waiting for a lock (a sweep stopped by the blocker). */
const lockWaiters = async () =>
  (
    await ctx.db.execute<{ pid: number }>(
      sql`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    )
  ).rows.map((r) => r.pid);

/**
 * Another session takes the orders table, so a sweep that has started waits inside its work (after
 * taking the job's lock) until `release()`.
 */
async function holdOrdersTable() {
  const blocker = new pg.Client({ connectionString: ctx.url });
  await blocker.connect();
  await blocker.query("begin");
  await blocker.query("lock table orders in exclusive mode");
  return {
    release: async () => {
      await blocker.query("commit");
      await blocker.end();
    },
  };
}

/**
 * B's run of the sweep while A's run is stopped inside its work: `skipped` at once when the job's
 * lock works; `waiting` when B's sweep went ahead and is stopped too (two processes running it).
 */
async function secondRun(): Promise<string> {
  const run = b.app.jobs.run("expiry-sweep");
  const waiting = vi
    .waitFor(async () => expect((await lockWaiters()).length).toBe(2), { timeout: 10_000, interval: 50 })
    .then(
      () => "waiting",
      () => "never waited",
    );
  const first = await Promise.race([run, waiting]);
  if (first === "waiting") void run.catch(() => {});
  return first;
}

describe("the expiry sweep on two processes", () => {
  it("runs in one process at a time; each order is released once, with one notice", async () => {
    const p = await ctx.shop.product({ price: 1000, countInStock: 10 });
    // A transfer submitted long ago that no admin decided: flagged, stock back, one e-mail. First,
    // since a checkout expires the overdue orders of everyone.
    const stale = await checkedOut(p.id, 2);
    const paid = await ctx.request({ method: "PUT", url: "/api/transactions", token: stale.s.token, payload: stale.form });
    expect(paid.statusCode, paid.body).toBe(200);
    await ctx.db
      .update(transactions)
      .set({ createdAt: sql`now() - make_interval(hours => ${ctx.config.UNCONFIRMED_TRANSFER_HOURS + 1})` })
      .where(eq(transactions.orderId, stale.orderId));
    const expired = await overdue(p.id, 3, 2);
    expect(await stock(p.id)).toBe(2);

    const table = await holdOrdersTable();
    const a = ctx.app.jobs.run("expiry-sweep");
    try {
      await vi.waitFor(async () => expect((await lockWaiters()).length).toBe(1), { timeout: 10_000, interval: 50 });
      expect(await secondRun()).toBe("skipped");
      // A run already in progress in the same process is not started twice.
      expect(await ctx.app.jobs.run("expiry-sweep")).toBe("busy");
    } finally {
      await table.release();
    }
    expect(await a).toBe("ran");

    expect(await stock(p.id)).toBe(10);
    expect(await statuses(expired)).toEqual(["expired", "expired", "expired"]);
    expect(await statuses([stale.orderId])).toEqual(["unconfirmed"]);
    const mails = await ctx.db.select().from(outbox).where(eq(outbox.recipient, stale.s.user.email));
    expect(mails.filter((m) => m.subject?.includes("is not confirmed yet"))).toHaveLength(1);
    // Nothing is left for either process.
    expect(await b.app.jobs.run("expiry-sweep")).toBe("ran");
    expect(await stock(p.id)).toBe(10);
  });

  it("when the process running it dies, the other takes over", async () => {
    const p = await ctx.shop.product({ price: 1000, countInStock: 6 });
    const ids = await overdue(p.id, 2, 3);
    expect(await stock(p.id)).toBe(0);

    // Process A of its own, so that its death leaves this file's context alive.
    const dbA = createDb(ctx.url, 10);
    const appA = await buildApp(ctx.config, dbA);
    await appA.ready();
    const table = await holdOrdersTable();
    try {
      const a = appA.jobs.run("expiry-sweep");
      void a.catch(() => {});
      await vi.waitFor(async () => expect((await lockWaiters()).length).toBe(1), { timeout: 10_000, interval: 50 });
      expect(await secondRun()).toBe("skipped");
      // A dies: PostgreSQL drops its connections (the one holding the job's lock and the one working).
      const holder = await ctx.db.execute<{ pid: number }>(
        sql`select l.pid from pg_locks l join pg_database d on d.oid = l.database
            where l.locktype = 'advisory' and l.granted and d.datname = current_database()`,
      );
      const pids = [...holder.rows.map((r) => r.pid), ...(await lockWaiters())];
      expect(pids).toHaveLength(2);
      await ctx.db.execute(sql`select pg_terminate_backend(pid) from unnest(${sql.param(pids)}::int[]) as pid`);
      await expect(a).rejects.toThrow();
    } finally {
      await table.release();
      await appA.close();
      await dbA.$client.end();
    }

    expect(await b.app.jobs.run("expiry-sweep")).toBe("ran");
    expect(await statuses(ids)).toEqual(["expired", "expired"]);
    expect(await stock(p.id)).toBe(6);
  });
});

describe("timers", () => {
  it("every job runs on an unref'd timer in each process, cleared when the app closes", async () => {
    const setSpy = vi.spyOn(globalThis, "setInterval");
    const clearSpy = vi.spyOn(globalThis, "clearInterval");
    const db = createDb(ctx.url, 10);
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp(ctx.config, db);
      await app.ready();
      const timers = JOBS.map((job) => {
        const call = setSpy.mock.calls.findIndex(([fn, ms]) => ms === job.everyMs && fn.name === "runJobOnTimer");
        expect(call, job.name).toBeGreaterThanOrEqual(0);
        return {
          job,
          tick: setSpy.mock.calls[call]![0] as () => Promise<unknown>,
          timer: setSpy.mock.results[call]!.value as NodeJS.Timeout,
        };
      });
      for (const { timer } of timers) expect(timer.hasRef()).toBe(false);

      // The sweep's timer callback is a run of the job: call it instead of waiting 30 s.
      const p = await ctx.shop.product({ price: 1000, countInStock: 2 });
      const ids = await overdue(p.id, 1, 2);
      await timers.find((t) => t.job === expirySweep)!.tick();
      expect(await statuses(ids)).toEqual(["expired"]);
      expect(await stock(p.id)).toBe(2);

      await app.close();
      app = undefined;
      for (const { timer } of timers) expect(clearSpy.mock.calls.some(([t]) => t === timer)).toBe(true);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
      await app?.close();
      await db.$client.end();
    }
  });
});
