#!/usr/bin/env node
/**
 * `npm run budget` (also run by `npm test` after the build): the storefront's first-load budget (ADR 0051).
 *
 * For the storefront's first load of home, a category listing, a product page and the other
 * server-drawn shopper pages (sign-in, contact, cart, account) it adds up, gzipped, the JavaScript
 * and CSS a shopper downloads: the entry chunk with everything it imports statically, plus the
 * route's lazy chunk and its static imports (as Vite's build manifest lists them). Limits: 150 KB
 * JS and 30 KB CSS per route (1 KB = 1000 bytes); the form pages and the pages with a table have
 * their own JS limit (`budgetJs` in packages/contract/src/pages.ts, ADR 0147). It also checks, with the
 * module list of every chunk (dist/.vite/chunk-modules.json, written by vite.config.ts), that no
 * back-office module (src/features/backoffice) is inside those sets.
 *
 * Usage: node scripts/budget.mjs [--dist apps/web/dist] [--json]
 * Exits 1 over budget, 2 when the build is missing.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { serverDrawnPages } from "./lib/pages.mjs";

const args = process.argv.slice(2);
const argValue = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dist = path.resolve(argValue("--dist") ?? "apps/web/dist");
const asJson = args.includes("--json");

/** Limits in bytes (gzip level 9). */
export const LIMITS = { js: 150_000, css: 30_000 };

/**
 * The storefront routes a shopper lands on with a first-load budget: the server-drawn pages with a
 * `budgetJs` (SERVER_DRAWN_PAGES in packages/contract/src/pages.ts, ADR 0170), by the page module
 * the router lazy-loads; `js` is the route's JS limit (LIMITS.js unless the page has its own, ADR 0147).
 */
const ROUTES = (await serverDrawnPages())
  .filter((p) => p.budgetJs)
  .map((p) => ({ name: p.name, page: p.page, js: p.budgetJs === true ? LIMITS.js : p.budgetJs }));
const BACKOFFICE = /src\/features\/backoffice\//;

const manifestPath = path.join(dist, ".vite/manifest.json");
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}. Run \`npm run build\` first (vite.config.ts sets build.manifest).`);
  process.exit(2);
}
/** @type {Record<string, {file: string, css?: string[], imports?: string[], dynamicImports?: string[], isEntry?: boolean, src?: string}>} */
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
const modulesPath = path.join(dist, ".vite/chunk-modules.json");
/** @type {Record<string, string[]>} chunk file -> module ids (relative to apps/web) */
const chunkModules = existsSync(modulesPath) ? JSON.parse(readFileSync(modulesPath, "utf8")) : {};

const gzCache = new Map();
function gz(file) {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzCache.set(file, n);
  }
  return n;
}

/** Every file loaded with the manifest entry `key`: its chunk, its CSS, and its static imports, recursively. */
function closure(key, files = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`not in the build manifest: ${key}`);
  if (files.has(entry.file)) return files;
  files.add(entry.file);
  for (const css of entry.css ?? []) files.add(css);
  for (const imp of entry.imports ?? []) closure(imp, files);
  return files;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error("The build manifest has no entry chunk.");
  process.exit(2);
}
const entryFiles = closure(entryKey);
// index.html's script (boot.ts) imports the app (src/main.tsx) once the page has loaded (ADR 0072):
// that is still part of every first load, so it counts here with everything it imports.
const APP_MODULE = "src/main.tsx";
if (manifest[APP_MODULE]) closure(APP_MODULE, entryFiles);

const results = [];
let failed = false;
for (const route of ROUTES) {
  if (!manifest[route.page]) {
    console.error(`✖ ${route.name}: page module ${route.page} is not in the build (renamed? update packages/contract/src/pages.ts)`);
    failed = true;
    continue;
  }
  const files = closure(route.page, new Set(entryFiles));
  const js = [...files].filter((f) => f.endsWith(".js"));
  const css = [...files].filter((f) => f.endsWith(".css"));
  const jsBytes = js.reduce((s, f) => s + gz(f), 0);
  const cssBytes = css.reduce((s, f) => s + gz(f), 0);
  const backoffice = js.flatMap((f) => (chunkModules[f] ?? []).filter((m) => BACKOFFICE.test(m)).map((m) => `${f}: ${m}`));
  // Without the module list, fall back to the manifest's own names of the chunks.
  if (!existsSync(modulesPath)) {
    for (const [k, v] of Object.entries(manifest)) if (BACKOFFICE.test(k) && files.has(v.file)) backoffice.push(`${v.file}: ${k}`);
  }
  const jsLimit = route.js;
  const ok = jsBytes <= jsLimit && cssBytes <= LIMITS.css && backoffice.length === 0;
  if (!ok) failed = true;
  results.push({ route: route.name, jsBytes, jsLimit, cssBytes, files: [...files].sort((a, b) => gz(b) - gz(a)), backoffice, ok });
}

// What the shopper's browser fetches later (not on first load), printed for information.
const allFiles = Object.values(manifest).flatMap((e) => [e.file, ...(e.css ?? [])]);
const uniqueFiles = [...new Set(allFiles)];
const totalJs = uniqueFiles.filter((f) => f.endsWith(".js")).reduce((s, f) => s + gz(f), 0);
const totalCss = uniqueFiles.filter((f) => f.endsWith(".css")).reduce((s, f) => s + gz(f), 0);

if (asJson) {
  console.log(JSON.stringify({ dist, limits: LIMITS, results, totalJs, totalCss }, null, 2));
} else {
  const kb = (n) => `${(n / 1000).toFixed(1)} KB`;
  console.log(`Page budget (gzip -9) of ${path.relative(process.cwd(), dist) || dist}: JS <= ${kb(LIMITS.js)}, CSS <= ${kb(LIMITS.css)}`);
  console.log(`${"route".padEnd(10)}${"JS".padStart(12)}${"JS limit".padStart(12)}${"CSS".padStart(12)}  back office  result`);
  for (const r of results) {
    console.log(
      `${r.route.padEnd(10)}${kb(r.jsBytes).padStart(12)}${kb(r.jsLimit).padStart(12)}${kb(r.cssBytes).padStart(12)}  ${(r.backoffice.length ? "INCLUDED" : "none").padEnd(11)}  ${r.ok ? "ok" : "OVER BUDGET"}`,
    );
  }
  for (const r of results) {
    if (r.ok && !process.env.BUDGET_VERBOSE) continue;
    console.log(`\n${r.route}: files on first load`);
    for (const f of r.files) console.log(`  ${kb(gz(f)).padStart(10)}  ${f}`);
    for (const b of r.backoffice) console.log(`  back-office module on first load: ${b}`);
  }
  console.log(`\nWhole build: ${kb(totalJs)} JS and ${kb(totalCss)} CSS in ${uniqueFiles.length} files (lazy chunks load on demand).`);
}
process.exit(failed ? 1 : 0);
