#!/usr/bin/env node
/**
 * `npm run profile:page`: where the main-thread time of a storefront page load goes, task by task.
 * Loads each page of the BUILT app (like lighthouse.mjs: built server, demo data) in Debian's
 * Chromium at a phone viewport with the CPU throttled (default 4x, as Lighthouse's mobile preset),
 * records a DevTools trace with the V8 sampling profiler, and prints every main-thread task longer
 * than --min ms (default 50, throttled ms: what Total Blocking Time counts) with its start relative
 * to navigation, the trace events inside it (script evaluation, function calls, layout, GC) and the
 * functions with most self time in it (sampled).
 *
 * Not a benchmark with a target: a diagnosis aid for the Lighthouse TBT figures (ADR 0072).
 * Options: --build <dir> (holding server/ and web/), --url <path> (repeatable), --throttle <n>,
 *          --min <ms>, --top <n> functions per task (default 6), --save <file.json> (raw trace),
 *          --signed-in (the shopper's pages signed in, as `npm run lighthouse` measures them: the
 *          demo customer with one item in the cart, lib/shopper.mjs; with --url, those paths),
 *          --trace <file.json> (only break down a saved trace, e.g. one `npm run lighthouse --
 *          --save-lhr <dir>` wrote; Lighthouse traces are unthrottled and carry no samples).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { buildPaths, startBuiltServer, storefrontPages } from "./lib/built-server.mjs";
import { signedInPages, signInShopper } from "./lib/shopper.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const build = option("--build");
const { serverMain, webDist } = buildPaths(ROOT, build);
const THROTTLE = Number(option("--throttle", 4));
const MIN_MS = Number(option("--min", 50));
const TOP = Number(option("--top", 6));
const CHROME = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "v8.execute",
  "v8",
  "blink.user_timing",
  "loading",
  "disabled-by-default-v8.cpu_profiler",
];

const short = (url) => (url ? url.replace(/^https?:\/\/[^/]+/, "").replace(/^\/assets\//, "") : "");

/** Per-task summary of a Chrome trace (events in µs). */
function analyse(trace) {
  const events = trace.traceEvents;
  // The page's renderer main thread: the one that painted first content; t0 is its last
  // navigationStart before that paint.
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) throw new Error("no firstContentfulPaint in the trace");
  const { pid, tid } = fcp;
  const nav = events.filter((e) => e.name === "navigationStart" && e.pid === pid && e.ts <= fcp.ts).sort((a, b) => b.ts - a.ts)[0];
  const t0 = nav.ts;
  const main = events.filter((e) => e.pid === pid && e.tid === tid);
  const tasks = main.filter((e) => e.name === "RunTask" && e.ph === "X" && e.dur / 1000 >= MIN_MS);

  // Sampled profile: nodes by id and sample timestamps.
  const nodes = new Map();
  const samples = [];
  let profileTs = 0;
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile") profileTs = e.args.data.startTime;
    if (e.name !== "ProfileChunk") continue;
    const cp = e.args.data.cpuProfile ?? {};
    for (const n of cp.nodes ?? []) nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    (cp.samples ?? []).forEach((id, i) => {
      profileTs += deltas[i] ?? 0;
      samples.push({ ts: profileTs, id });
    });
  }
  const ms = (us) => (us / 1000).toFixed(0);
  const out = [];
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur;
    if (task.ts >= fcp.ts) blocking += Math.max(0, task.dur / 1000 - 50);
    const inner = main.filter((e) => e.ts >= task.ts && e.ts < end && e !== task && e.ph === "X" && e.dur >= 1000);
    const kinds = inner
      .filter((e) =>
        [
          "EvaluateScript",
          "v8.evaluateModule",
          "FunctionCall",
          "TimerFire",
          "FireAnimationFrame",
          "ParseHTML",
          "Layout",
          "UpdateLayoutTree",
          "MajorGC",
          "MinorGC",
          "v8.compile",
          "v8.compileModule",
          "RunMicrotasks",
          "EventDispatch",
          "Paint",
          "ParseAuthorStyleSheet",
        ].includes(e.name),
      )
      .map(
        (e) =>
          `${e.name}${e.args?.data?.url ? ` ${short(e.args.data.url)}` : ""}${e.args?.data?.functionName ? ` ${e.args.data.functionName}` : ""} ${ms(e.dur)}`,
      )
      .slice(0, 8);
    const self = new Map();
    for (const s of samples) {
      if (s.ts < task.ts || s.ts >= end) continue;
      const n = nodes.get(s.id);
      const cf = n?.callFrame ?? {};
      const key = `${cf.functionName || "(anonymous)"} ${short(cf.url)}:${(cf.lineNumber ?? 0) + 1}`;
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
    const top = [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([k, v]) => `${Math.round((100 * v) / total)}% ${k}`);
    out.push(
      `  task @${ms(task.ts - t0)} ms  ${ms(task.dur)} ms${task.ts < fcp.ts ? " (before FCP)" : ""}\n      ${kinds.join(" | ")}\n      self: ${top.join(" · ")}`,
    );
  }
  return { fcpMs: (fcp.ts - t0) / 1000, blocking, lines: out, taskCount: tasks.length };
}

const traceFile = option("--trace");
if (traceFile) {
  const r = analyse(JSON.parse(readFileSync(traceFile, "utf8")));
  console.log(
    `${traceFile}: FCP ${r.fcpMs.toFixed(0)} ms, ${r.taskCount} tasks >= ${MIN_MS} ms, blocking after FCP ${r.blocking.toFixed(0)} ms`,
  );
  for (const l of r.lines) console.log(l);
  process.exit(0);
}

if (!existsSync(serverMain)) {
  console.error(`No build at ${serverMain}: pass --build .e2e-builds/<name> (scripts/e2e-local.sh builds one).`);
  process.exit(2);
}
const server = await startBuiltServer({ serverMain, webDist });
const browser = await chromium.launch({ executablePath: CHROME, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
try {
  const given = args.flatMap((a, i) => (a === "--url" ? [args[i + 1]] : []));
  const shopper = args.includes("--signed-in") ? await signInShopper(server.base) : undefined;
  const pages = given.length
    ? given.map((p) => ({ name: p, path: p }))
    : shopper
      ? await signedInPages(server.base, shopper.token)
      : await storefrontPages(server.base);
  for (const { name, path: p } of pages) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (shopper)
      await context.addCookies(
        shopper.cookies.map((c) => ({ ...c, url: server.base, httpOnly: c.name === "nm_session", sameSite: /** @type {const} */ ("Lax") })),
      );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(`${server.base}${p}`, { waitUntil: "load" });
    await page.waitForSelector("html[data-app-ready]", { timeout: 60_000 });
    await page.waitForTimeout(3000);
    const buf = await browser.stopTracing();
    const trace = JSON.parse(buf.toString());
    const save = option("--save");
    if (save) writeFileSync(save.replace(/\.json$/, `-${name.replace(/\W+/g, "_")}.json`), buf);
    const r = analyse(trace);
    console.log(
      `${name} (${p}): CPU ${THROTTLE}x, FCP ${r.fcpMs.toFixed(0)} ms, ${r.taskCount} tasks >= ${MIN_MS} ms, blocking after FCP ${r.blocking.toFixed(0)} ms`,
    );
    for (const l of r.lines) console.log(l);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
