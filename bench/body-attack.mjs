#!/usr/bin/env node
/**
 * `npm run bench:attack`: what an oversized or deeply nested JSON body does to the BUILT server
 * (docs/security.md). The attack of the hardening review: 2 MB of nested arrays posted to
 * /api/cart without signing in, four at a time, while a monitor asks /api/health every 10 ms. Also a
 * signed-in 2 MB body (refused by size) and a nested body within the size limit to a public route
 * (refused by depth). Prints, per attack, the answers' statuses and slowest time, and the health
 * check's slowest answer during the attack (ms). Needs `npm run build` (or `--build <dir>`).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
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

/** Send `count` copies of the attack at once while polling /api/health every 10 ms. */
async function attack(base, name, { url, body, headers = {} }, count = 4) {
  let monitoring = true;
  const health = [];
  const monitor = (async () => {
    while (monitoring) {
      health.push((await timed(base, "/api/health")).ms);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const answers = await Promise.all(
    Array.from({ length: count }, () => timed(base, url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body })),
  );
  monitoring = false;
  await monitor;
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
