#!/usr/bin/env node
/**
 * `npm run bench:attack`: what an oversized or deeply nested JSON body does to the BUILT server
 * (docs/security.md). The attack of the hardening review: 2 MB of nested arrays posted to
 * /api/cart without signing in, four at a time, while a monitor (in a worker thread) asks /api/health every 10 ms. Also a
 * signed-in 2 MB body (refused by size) and a nested body within the size limit to a public route
 * (refused by depth). Prints, per attack, the answers' statuses and slowest time, and the health
 * check's slowest answer during the attack (ms). Needs `npm run build` (or `--build <dir>`).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { buildPaths, startBuiltServer } from "../scripts/lib/built-server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const buildDir = args.includes("--build") ? args[args.indexOf("--build") + 1] : undefined;
const nested = (depth) => `${"[".repeat(depth)}1${"]".repeat(depth)}`;

async function timed(base, url, init) {
  const t = performance.now();
  const res = await fetch(`${base}${url}`, init).catch((err) => ({ status: `error ${err.cause?.code ?? err.message}` }));
  if (res.text) await res.text();
  return { status: res.status, ms: performance.now() - t };
}

/**
 * The health monitor runs in a worker thread, so the work of sending the attack (encoding megabytes
 * of JSON in this thread) does not count as the server's latency.
 */
const MONITOR = `
const { parentPort, workerData } = require("node:worker_threads");
let running = true;
const times = [];
parentPort.on("message", () => { running = false; });
(async () => {
  while (running) {
    const t = performance.now();
    await fetch(workerData.url).then((r) => r.text()).catch(() => {});
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage(times);
})();
`;

function startMonitor(url) {
  const worker = new Worker(MONITOR, { eval: true, workerData: { url } });
  const done = new Promise((resolve) => worker.once("message", resolve));
  return async () => {
    worker.postMessage("stop");
    const times = await done;
    await worker.terminate();
    return times;
  };
}

/** Send `count` copies of the attack at once while a worker polls /api/health every 10 ms. */
async function attack(base, name, { url, body, headers = {} }, count = 4) {
  const bytes = Buffer.from(body);
  const stopMonitor = startMonitor(`${base}/api/health`);
  await new Promise((r) => setTimeout(r, 200));
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      timed(base, url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: bytes }),
    ),
  );
  await new Promise((r) => setTimeout(r, 100));
  const health = await stopMonitor();
  return {
    attack: name,
    statuses: [...new Set(answers.map((a) => a.status))].join(","),
    "slowest answer ms": Math.round(Math.max(...answers.map((a) => a.ms))),
    "health slowest ms": Math.round(Math.max(...health)),
    "health checks": health.length,
  };
}

const server = await startBuiltServer(buildPaths(ROOT, buildDir));
try {
  const { base } = server;
  const signIn = await fetch(`${base}/api/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "tunde@naijamarket.ng", password: "Customer#2026" }),
  }).then((r) => r.json());
  const rows = [];
  // The noise floor: the health check alone, for as long as an attack takes.
  const stopIdle = startMonitor(`${base}/api/health`);
  await new Promise((r) => setTimeout(r, 500));
  const idle = await stopIdle();
  rows.push({
    attack: "none (health check alone)",
    statuses: "",
    "slowest answer ms": "",
    "health slowest ms": Math.round(Math.max(...idle)),
    "health checks": idle.length,
  });
  // Warm up the connection pool and JIT a little.
  for (let i = 0; i < 20; i++) await timed(base, "/api/health");
  rows.push(await attack(base, "2 MB nested arrays, signed out, /api/cart", { url: "/api/cart", body: nested(1_000_000) }));
  if (signIn.token)
    rows.push(
      await attack(base, "2 MB nested arrays, signed in, /api/cart", {
        url: "/api/cart",
        body: nested(1_000_000),
        headers: { authorization: `Bearer ${signIn.token}` },
      }),
    );
  rows.push(await attack(base, "60 KB nested 30,000 deep, /api/contact", { url: "/api/contact", body: nested(30_000) }));
  console.table(rows);
} finally {
  await server.stop();
}
