/**
 * Head tags of every page from the web build's manifest (ADR 0051, ADR 0072). The page's
 * only script, boot.ts, starts the app (src/main.tsx) after the page has loaded; so that a
 * server-rendered page is drawn styled before that, every page links the CSS of the app module,
 * and a landing page also the CSS of its own lazy chunk. The JavaScript the page will need (the
 * app's chunks, and a landing page's own) is listed as inert JSON (`#route-modules`): boot.ts
 * preloads it all at once when it starts the app (the build adds no preload lists of its own,
 * `build.modulePreload: false`), instead of the browser finding each import one round trip after
 * the other. Without a manifest (tests, no web build) nothing is added.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { LANDING_PAGES } from "./landing-pages.js";

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** The app module boot.ts imports once the page has loaded (apps/web/src/boot.ts). */
const APP_MODULE = "src/main.tsx";

/**
 * Every file loaded with manifest entry `key`: its static imports (recursively), then its chunk and
 * its CSS. The set's order puts every chunk after the chunks it imports, the order boot.ts runs
 * them in (one task each).
 */
function closure(manifest: Manifest, key: string, files: Set<string>, visiting = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file) || visiting.has(key)) return files;
  visiting.add(key);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, files, visiting);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  return files;
}

/**
 * Reads the manifest in `dist` once and returns `(pathname) => head tags`: stylesheet links and the
 * `#route-modules` list of the JavaScript of the app module and, on a landing page, of the page's
 * chunk and its lazy parts, minus what index.html already loads. A missing or unreadable manifest
 * gives "".
 */
export function createRoutePreloads(dist: string, base = "/"): (pathname: string) => string {
  const manifestPath = path.join(dist, ".vite/manifest.json");
  let manifest: Manifest;
  try {
    if (!existsSync(manifestPath)) return () => "";
    manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  } catch {
    return () => "";
  }
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  const entryFiles = entryKey ? closure(manifest, entryKey, new Set()) : new Set<string>();
  const appFiles = manifest[APP_MODULE] ? closure(manifest, APP_MODULE, new Set(entryFiles)) : new Set(entryFiles);
  const stylesheets = (files: Iterable<string>) =>
    [...files]
      .filter((f) => f.endsWith(".css"))
      .map((f) => `<link rel="stylesheet" crossorigin href="${base}${f}">`)
      .join("");
  const appOnly = [...appFiles].filter((f) => !entryFiles.has(f));
  const moduleList = (files: string[]) =>
    `<script type="application/json" id="route-modules">${JSON.stringify(files.filter((f) => f.endsWith(".js")).map((f) => `${base}${f}`)).replace(/</g, "\\u003c")}</script>`;
  const appTags = stylesheets(appOnly) + moduleList(appOnly);
  const tags = new Map<string, string>();
  for (const { page, parts = [] } of LANDING_PAGES) {
    if (!page || !manifest[page]) continue;
    // The page chunk, then the lazy parts the server draws (e.g. the detail tabs), each after what it imports.
    const pageFiles = closure(manifest, page, new Set());
    for (const part of parts) closure(manifest, part, pageFiles);
    const files = [...pageFiles].filter((f) => !appFiles.has(f));
    tags.set(page, stylesheets([...appOnly, ...files]) + moduleList([...appOnly, ...files]));
  }
  return (pathname) => {
    const route = LANDING_PAGES.find((r) => r.pattern.test(pathname));
    return (route?.page && tags.get(route.page)) || appTags;
  };
}
