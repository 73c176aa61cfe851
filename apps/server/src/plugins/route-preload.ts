/**
 * `<link rel="modulepreload">` tags for the lazy chunk of the storefront page a URL opens (issue 7,
 * ADR 0051): without them the browser learns about the page's chunk only after the entry chunk has
 * downloaded and the router has run, one more round trip on a slow 4G phone. The file names come
 * from the web build's manifest (`<dist>/.vite/manifest.json`, Vite `build.manifest`); without a
 * manifest (tests, no web build) no tags are added.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** Shopper landing pages and the page module the web router lazy-loads for them (apps/web/src/app/router.tsx). */
const ROUTE_PAGES: Array<{ pattern: RegExp; page: string }> = [
  { pattern: /^\/$/, page: "src/features/home/pages/home-page.tsx" },
  { pattern: /^\/categories\/collections\/[^/]+\/[^/]+\/?$/, page: "src/features/catalog/pages/category-listing-page.tsx" },
  { pattern: /^\/product\/[^/]+\/[^/]+\/?$/, page: "src/features/catalog/pages/product-detail-page.tsx" },
];

/** Every file loaded with manifest entry `key`: its chunk, its CSS and its static imports, recursively. */
function closure(manifest: Manifest, key: string, files: Set<string>): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imp of chunk.imports ?? []) closure(manifest, imp, files);
  return files;
}

/**
 * Reads the manifest in `dist` once and returns `(pathname) => head tags`: modulepreload links for
 * the route chunk's JavaScript and stylesheet links for its CSS, minus what index.html already loads
 * with the entry. Unknown paths, or a missing or unreadable manifest, give "".
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
  const tags = new Map<string, string>();
  for (const { page } of ROUTE_PAGES) {
    if (!manifest[page]) continue;
    const files = [...closure(manifest, page, new Set())].filter((f) => !entryFiles.has(f));
    tags.set(
      page,
      files
        .map((f) =>
          f.endsWith(".css")
            ? `<link rel="stylesheet" crossorigin href="${base}${f}">`
            : `<link rel="modulepreload" crossorigin href="${base}${f}">`,
        )
        .join(""),
    );
  }
  return (pathname) => {
    const route = ROUTE_PAGES.find((r) => r.pattern.test(pathname));
    return route ? (tags.get(route.page) ?? "") : "";
  };
}
