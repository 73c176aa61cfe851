#!/usr/bin/env node
/**
 * What a shopper's browser loads before a page is interactive, measured in the browser against any
 * RUNNING server, so two builds of the storefront (ours, or a prototype on another pipeline) are
 * measured the same way, back to back (ADR 0121). Per page and server: the requests started before
 * `<html data-app-ready>` (set once the routed screen has hydrated, app/app-ready.tsx), by kind,
 * and the JS and CSS among them in bytes: as served (encoded), and each body compressed again with
 * gzip -9 (what `npm run budget` counts) and brotli -11. With `--lighthouse`, also Lighthouse 12
 * mobile (the same defaults as scripts/lighthouse.mjs). Medians of `--runs` (default 3); the runs
 * alternate between the servers so a busy machine slows both alike.
 *
 * Usage: node scripts/first-load.mjs --base <name>=<url> [--base <name>=<url> ...]
 *          --path <path> [--path ...] [--runs 3] [--lighthouse] [--save-lhr <dir>] [--json <file>]
 * Chromium: /usr/bin/chromium (or CHROMIUM_PATH). FIRST_LOAD_VERBOSE=1 lists every JS and CSS file.
 * A page that never becomes ready (30 s) fails the run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const all = (name) => args.flatMap((a, i) => (a === name ? [args[i + 1]] : []));
const one = (name) => all(name)[0];
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = Number(one("--runs") ?? 3);
const bases = all("--base").map((b) => {
  const [name, ...url] = b.split("=");
  return { name, url: url.join("=").replace(/\/$/, "") };
});
const paths = all("--path");
if (!bases.length || !paths.length) {
  console.error("usage: node scripts/first-load.mjs --base name=url [...] --path /p [...] [--runs 3] [--lighthouse]");
  process.exit(2);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const gz9 = (buf) => gzipSync(buf, { level: 9 }).length;
const br11 = (buf) => brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** One cold load of `url` in a fresh browser context; everything requested before the app was ready. */
async function firstLoad(browser, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });
  const page = await context.newPage();
  const seen = [];
  let ready = false;
  page.on("request", (req) => {
    if (!ready) seen.push(req);
  });
  const t0 = Date.now();
  const doc = await page.goto(url, { waitUntil: "load" });
  await page.waitForSelector("html[data-app-ready]", { state: "attached", timeout: 30_000 });
  ready = true;
  const readyMs = Date.now() - t0;
  const html = await doc.body();
  const out = {
    readyMs,
    html: { served: (await doc.request().sizes()).responseBodySize, bytes: html.length, gzip9: gz9(html) },
    requests: seen.length,
    byKind: {},
    js: { n: 0, served: 0, gzip9: 0, brotli11: 0 },
    css: { n: 0, served: 0, gzip9: 0, brotli11: 0 },
  };
  for (const req of seen) {
    const kind = req.resourceType();
    out.byKind[kind] = (out.byKind[kind] ?? 0) + 1;
    const bucket = kind === "script" ? out.js : kind === "stylesheet" ? out.css : null;
    const res = bucket && (await req.response());
    if (!res) continue;
    const body = await res.body();
    bucket.n++;
    if (process.env.FIRST_LOAD_VERBOSE) console.log(`  ${kind} ${gz9(body)} ${req.url()}`);
    bucket.served += (await req.sizes()).responseBodySize;
    bucket.gzip9 += gz9(body);
    bucket.brotli11 += br11(body);
  }
  // Scripts written into the document (inline) are not requests: count their bytes too.
  out.inlineScriptBytes = await page.evaluate(() =>
    [...document.querySelectorAll("script:not([src])")]
      .filter((s) => !s.type || s.type === "module" || s.type === "text/javascript")
      .reduce((n, s) => n + (s.textContent?.length ?? 0), 0),
  );
  await context.close();
  return out;
}

async function lighthouseRun(port, url, saveAs) {
  for (let attempt = 1; ; attempt++) {
    const { lhr } = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      maxWaitForLoad: 45_000,
    });
    if (!lhr.runtimeError) {
      if (saveAs) writeFileSync(saveAs, JSON.stringify(lhr));
      const a = lhr.audits;
      return {
        score: Math.round((lhr.categories.performance.score ?? 0) * 100),
        fcpMs: Math.round(a["first-contentful-paint"].numericValue),
        lcpMs: Math.round(a["largest-contentful-paint"].numericValue),
        tbtMs: Math.round(a["total-blocking-time"].numericValue),
        cls: Number(a["cumulative-layout-shift"].numericValue.toFixed(3)),
      };
    }
    if (attempt === 3) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
}

const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
const chrome = args.includes("--lighthouse")
  ? await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    })
  : null;
const raw = {};
if (one("--save-lhr")) mkdirSync(one("--save-lhr"), { recursive: true });
try {
  console.log(
    `first load, ${RUNS} runs, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  for (const p of paths) {
    for (let i = 0; i < RUNS; i++) {
      for (const b of bases) {
        const key = `${b.name} ${p}`;
        raw[key] ??= [];
        const run = await firstLoad(browser, b.url + p);
        if (chrome) {
          await new Promise((r) => setTimeout(r, 2000));
          const dir = one("--save-lhr");
          const saveAs = dir && `${dir}/${b.name}-${p.replace(/\W+/g, "_")}-${i + 1}.json`;
          run.lighthouse = await lighthouseRun(chrome.port, b.url + p, saveAs);
        }
        raw[key].push(run);
      }
    }
  }
} finally {
  await browser.close();
  chrome?.kill();
}

const kb = (n) => (n / 1000).toFixed(1);
const summary = Object.entries(raw).map(([key, runs]) => {
  const m = (f) => median(runs.map(f));
  const s = {
    key,
    requests: m((r) => r.requests),
    jsRequests: m((r) => r.js.n),
    cssRequests: m((r) => r.css.n),
    jsGzip9: m((r) => r.js.gzip9),
    jsBrotli11: m((r) => r.js.brotli11),
    jsServed: m((r) => r.js.served),
    cssGzip9: m((r) => r.css.gzip9),
    cssBrotli11: m((r) => r.css.brotli11),
    inlineScriptBytes: m((r) => r.inlineScriptBytes),
    htmlBytes: m((r) => r.html.bytes),
    htmlGzip9: m((r) => r.html.gzip9),
    readyMs: m((r) => r.readyMs),
  };
  if (runs[0].lighthouse) for (const f of ["score", "fcpMs", "lcpMs", "tbtMs", "cls"]) s[f] = m((r) => r.lighthouse[f]);
  console.log(
    `${key.padEnd(60)} req ${s.requests} (js ${s.jsRequests}, css ${s.cssRequests})  JS gz9 ${kb(s.jsGzip9)} br ${kb(s.jsBrotli11)} served ${kb(s.jsServed)} KB  CSS gz9 ${kb(s.cssGzip9)} br ${kb(s.cssBrotli11)} KB  inline JS ${kb(s.inlineScriptBytes)} KB  HTML ${kb(s.htmlBytes)} (gz9 ${kb(s.htmlGzip9)}) KB  ready ${s.readyMs} ms` +
      (s.score !== undefined ? `  LH ${s.score} FCP ${s.fcpMs} LCP ${s.lcpMs} TBT ${s.tbtMs} CLS ${s.cls}` : ""),
  );
  return s;
});
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
const jsonOut = one("--json");
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, summary, raw }, null, 2)}\n`);
