/**
 * WORKERS (ADR 0229): the build started with WORKERS=2 runs two store processes on one port under
 * a supervisor, on the machine's PostgreSQL and Redis:
 * - both store processes answer requests on the one port;
 * - a store process killed while serving is replaced, and the store keeps answering meanwhile;
 * - SIGTERM ends the store processes and then the supervisor, with exit code 0;
 * - a store process that cannot start (Redis not answering) stops the whole start with exit code 1
 *   and its reason.
 * Settings: CLUSTER_DATABASE_URL, CLUSTER_REDIS_URL (as cluster.test.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../src/db/client.js";
import { runMigrations } from "../src/db/migrate.js";
import { PRODUCTION_ENV } from "../test/fixtures.js";
import {
  childPids,
  freePort,
  freshDatabase,
  SERVER_ROOT,
  type ServerProcess,
  startServerProcess,
  waitUntil,
} from "../test/server-process.js";

const PG_URL = process.env.CLUSTER_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? "redis://127.0.0.1:6379";
const ENTRY = path.join(SERVER_ROOT, "dist/main.js");

let tmp = "";
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let dbUrl = "";
const running: ServerProcess[] = [];

/** CPU time (user + system, clock ticks) a process has used so far. */
function cpuTicks(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(f[11]) + Number(f[12]);
}

/** GET `url` on a connection of its own (the supervisor hands out connections, not requests). */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, timeout: 10_000 }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("timeout", function (this: http.ClientRequest) {
        this.destroy(new Error(`no answer from ${url} within 10 s`));
      })
      .on("error", reject);
  });
}

async function start(env: Record<string, string> = {}, opts?: { waitReady?: boolean }) {
  const server = await startServerProcess(
    {
      ...PRODUCTION_ENV,
      DATABASE_URL: dbUrl,
      WORKERS: "2",
      REDIS_URL,
      REDIS_PREFIX: `workers${process.pid}:`,
      DATA_DIR: tmp,
      WEB_DIST: path.join(tmp, "no-web"),
      LOG_LEVEL: "error",
      SHUTDOWN_GRACE_MS: "200",
      ...env,
    },
    { entry: ENTRY, ...opts },
  );
  running.push(server);
  return server;
}

beforeAll(async () => {
  if (!existsSync(ENTRY)) throw new Error(`No build at ${ENTRY}: run npm run build first`);
  tmp = await mkdtemp(path.join(os.tmpdir(), "market-workers-"));
  database = await freshDatabase(PG_URL, `market_workers_${process.pid}`);
  dbUrl = database.url;
  const db = createDb(dbUrl, 2);
  await runMigrations(db);
  await db.$client.end();
});

afterEach(async () => {
  while (running.length) await running.pop()!.stop();
});

afterAll(async () => {
  await database?.drop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("WORKERS=2", () => {
  it("runs two store processes on one port, replaces one that dies, and ends them all on SIGTERM", { timeout: 90_000 }, async () => {
    const store = await start();
    const primary = store.child.pid!;
    expect(await waitUntil(() => childPids(primary).length === 2, { timeoutMs: 20_000 })).toBe(true);
    const [first, second] = childPids(primary) as [number, number];
    // The banner comes once both listen.
    expect(await waitUntil(() => store.stdout().includes("Store processes: 2 (WORKERS)"), { timeoutMs: 20_000 })).toBe(true);

    // Both answer: connections go to each in turn, so both use CPU for them.
    const before = [cpuTicks(first), cpuTicks(second)];
    for (let i = 0; i < 300; i++) expect(await getOnNewConnection(`${store.base}/api/health`)).toBe(200);
    expect(cpuTicks(first)).toBeGreaterThan(before[0]!);
    expect(cpuTicks(second)).toBeGreaterThan(before[1]!);

    // One killed: once the supervisor has seen it end, the other answers every connection while a
    // new one takes its place. (A connection handed to a process as it dies is lost with it, as
    // behind a load balancer.)
    process.kill(first, "SIGKILL");
    expect(
      await waitUntil(() => store.stderr().includes(`Store process ${first} ended (SIGKILL): starting another`), { timeoutMs: 20_000 }),
    ).toBe(true);
    for (let i = 0; i < 20; i++) expect(await getOnNewConnection(`${store.base}/api/health`)).toBe(200);
    expect(await waitUntil(() => childPids(primary).length === 2 && !childPids(primary).includes(first), { timeoutMs: 20_000 })).toBe(true);
    for (let i = 0; i < 20; i++) expect(await getOnNewConnection(`${store.base}/api/health`)).toBe(200);

    // SIGTERM: every store process drains and ends, then the supervisor, with code 0.
    const children = childPids(primary);
    store.child.kill("SIGTERM");
    expect(await store.exited).toBe(0);
    for (const pid of children) expect(existsSync(`/proc/${pid}`)).toBe(false);
  });

  it("stops with exit code 1 and the reason when a store process cannot start", { timeout: 60_000 }, async () => {
    const store = await start({ REDIS_URL: `redis://127.0.0.1:${await freePort()}` }, { waitReady: false });
    expect(await store.exited).toBe(1);
    expect(store.stderr()).toContain("REDIS_URL");
    expect(store.stderr()).toContain("A store process ended before it could serve");
  });
});
