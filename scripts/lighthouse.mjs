#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse 12 (mobile preset: Moto G Power emulation, slow 4G and 4x CPU
 * throttling, simulated) on the storefront's shopper pages (`storefrontPages` in lib/built-server.mjs:
 * the server-drawn pages a signed-out visitor sees, from packages/contract/src/pages.ts: home, a
 * listing, a product page, sign-in, cart, wishlist, about, contact), then the shopper's pages signed
 * in (`signedInPages` in lib/shopper.mjs: the demo customer signed in with one item in the cart;
 * cart, checkout, account, address, change password, the order page once it is in the table), of the
 * BUILT app with the demo data, in Debian's Chromium. Prints the median of 3 runs of the
 * performance score, LCP, CLS and TBT against `TARGETS` below, and writes
 * bench/results/lighthouse-<timestamp>.json. Not part of `npm test` (minutes, not seconds).
 *
 * The server runs from the build (apps/server/dist + apps/web/dist after `npm run build`, or
 * `--build <dir>` holding server/ and web/ as scripts/e2e-local.sh makes them) on a random port
 * with a fresh embedded PostgreSQL in a temporary folder, NODE_ENV=test with the public and page caches on (production refuses the demo store), demo data loaded.
 *
 * Options: --runs <n> (default 3), --build <dir>, --strict (exit 1 when a target is missed),
 *          --url <path> (measure only that path; repeatable), --signed-in (only the signed-in pages,
 *          or with --url: those paths signed in), --signed-out (only the signed-out pages),
 *          --pause-ms <n> (quiet time before
 *          each run, default 2000),
 *          --save-lhr <dir> (also write each run's full Lighthouse report and its trace there, for
 *          the long tasks and the LCP element's phases; `npm run profile:page -- --trace <file>`
 *          breaks a trace down task by task).
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { buildPaths, startBuiltServer, storefrontPages } from "./lib/built-server.mjs";
import { giveBrowserSession, signedInPages, signInShopper } from "./lib/shopper.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const RUNS = Number(option("--runs") ?? 3);
const PAUSE_MS = Number(option("--pause-ms") ?? 2000);
const build = option("--build");
const { serverMain, webDist } = buildPaths(ROOT, build);
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const TARGETS = { score: 95, lcpMs: 1800, cls: 0.02, tbtMs: 50 };

if (!existsSync(serverMain) || !existsSync(path.join(webDist, "index.html"))) {
  console.error(
    `No build at ${serverMain} / ${webDist}. Run \`npm run build\` (or scripts/e2e-local.sh <name> and pass --build .e2e-builds/<name>).`,
  );
  process.exit(2);
}
if (!existsSync(CHROME)) {
  console.error(`No Chromium at ${CHROME}: apt-get install -y chromium (or set CHROMIUM_PATH).`);
  process.exit(2);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

let chrome;
let server;
const stop = async () => {
  try {
    chrome?.kill();
  } catch {}
  chrome = undefined;
  await server?.stop();
  server = undefined;
};
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void stop().then(() => process.exit(130)));

try {
  server = await startBuiltServer({ serverMain, webDist });
  const { base } = server;
  const given = args.flatMap((a, i) => (a === "--url" ? [args[i + 1]] : []));
  const onlyIn = args.includes("--signed-in");
  const onlyOut = args.includes("--signed-out");
  // Signed out first, then signed in (the browser keeps the session once it has it).
  const outPages = onlyIn ? [] : given.length ? given.map((p) => ({ name: p, path: p })) : await storefrontPages(base);
  let inPages = [];
  let shopper;
  if (!onlyOut && (onlyIn || !given.length)) {
    shopper = await signInShopper(base);
    inPages = given.length ? given.map((p) => ({ name: `${p} (in)`, path: p })) : await signedInPages(base, shopper.token);
  }
  const pages = [...outPages, ...inPages.map((p) => ({ ...p, signedIn: true }))];

  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-extensions"],
  });
  console.log(
    `Lighthouse ${RUNS}x per page (mobile preset, simulated throttling), Chromium ${CHROME}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
  );
  const results = [];
  for (const page of pages) {
    // Lighthouse keeps cookies between runs (its storage reset leaves them), so once is enough.
    if (page.signedIn && !shopper.inBrowser) {
      await giveBrowserSession(chrome.port, base, shopper.cookies);
      shopper.inBrowser = true;
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      process.stdout.write(`  ${page.name} run ${i + 1}/${RUNS}...\r`);
      // Let the previous run's leftovers (Chrome's clean-up, the report's processing) finish first:
      // on a 2-core machine they otherwise land in this run's trace, multiplied by 4.
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      // A loaded machine sometimes loses the trace (NO_NAVSTART, NO_FCP): retry that run twice.
      let lhr;
      let trace;
      for (let attempt = 1; ; attempt++) {
        const r = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: process.env.LH_LOG ?? "error",
          onlyCategories: ["performance"],
          maxWaitForLoad: 45_000,
        });
        lhr = r.lhr;
        trace = r.artifacts?.Trace;
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
      }
      const saveDir = option("--save-lhr");
      if (saveDir) {
        mkdirSync(saveDir, { recursive: true });
        const base = path.join(saveDir, `${page.name.replace(/\W+/g, "_")}-${i + 1}`);
        writeFileSync(`${base}.json`, JSON.stringify(lhr));
        if (trace) writeFileSync(`${base}.trace.json`, JSON.stringify(trace));
      }
      runs.push({
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue),
        cls: Number(lhr.audits["cumulative-layout-shift"].numericValue.toFixed(3)),
        tbtMs: Math.round(lhr.audits["total-blocking-time"].numericValue),
        fcpMs: Math.round(lhr.audits["first-contentful-paint"].numericValue),
        lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet,
      });
    }
    const m = {
      page: page.name,
      path: page.path,
      signedIn: !!page.signedIn,
      score: median(runs.map((r) => r.score)),
      lcpMs: median(runs.map((r) => r.lcpMs)),
      cls: median(runs.map((r) => r.cls)),
      tbtMs: median(runs.map((r) => r.tbtMs)),
      fcpMs: median(runs.map((r) => r.fcpMs)),
      runs,
    };
    m.ok = m.score >= TARGETS.score && m.lcpMs <= TARGETS.lcpMs && m.cls <= TARGETS.cls && m.tbtMs <= TARGETS.tbtMs;
    results.push(m);
    console.log(
      `  ${page.name.padEnd(22)} score ${String(m.score).padStart(3)}  LCP ${String(m.lcpMs).padStart(5)} ms  CLS ${m.cls.toFixed(3)}  TBT ${String(m.tbtMs).padStart(4)} ms  (FCP ${m.fcpMs} ms)  ${m.ok ? "✔" : "✖"}`,
    );
  }
  console.log(
    `\nTargets: score >= ${TARGETS.score}, LCP <= ${TARGETS.lcpMs} ms, CLS <= ${TARGETS.cls}, TBT <= ${TARGETS.tbtMs} ms (median of ${RUNS}).`,
  );
  for (const r of results.filter((x) => !x.ok)) console.log(`  ✖ ${r.page}: LCP element ${r.runs[0].lcpElement ?? "?"}`);
  const dir = path.join(ROOT, "bench/results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, targets: TARGETS, loadAverage: os.loadavg()[0], results }, null, 2)}\n`,
  );
  console.log(`Wrote ${path.relative(ROOT, file)}`);
  await stop();
  process.exit(args.includes("--strict") && results.some((r) => !r.ok) ? 1 : 0);
} catch (err) {
  console.error(err);
  await stop();
  process.exit(1);
}
