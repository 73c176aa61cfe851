import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createRoutePreloads } from "../src/plugins/route-preload.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function distWith(manifest: unknown): string {
  const dist = mkdtempSync(path.join(tmpdir(), "route-preload-"));
  dirs.push(dist);
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, ".vite/manifest.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  return dist;
}

/** A manifest shaped like Vite's: boot entry, the app module it imports later, pages with their own and shared imports. */
const MANIFEST = {
  "index.html": { file: "assets/index-A.js", isEntry: true, css: ["assets/index-A.css"], dynamicImports: ["src/main.tsx"] },
  "src/main.tsx": { file: "assets/main-M.js", isDynamicEntry: true, imports: ["_react-R.js", "index.html"], css: ["assets/main-M.css"] },
  "_react-R.js": { file: "assets/react-R.js" },
  "_Card-C.js": { file: "assets/Card-C.js", imports: ["_react-R.js"] },
  "_item-card-I.js": { file: "assets/item-card-I.js", imports: ["_Card-C.js"], css: ["assets/item-card-I.css"] },
  "src/features/home/pages/home-page.tsx": { file: "assets/home-page-H.js", imports: ["_Card-C.js", "_react-R.js"] },
  "src/features/catalog/pages/category-listing-page.tsx": { file: "assets/listing-L.js", imports: ["_item-card-I.js"] },
  "src/features/catalog/pages/product-detail-page.tsx": {
    file: "assets/product-P.js",
    imports: ["_item-card-I.js"],
    dynamicImports: ["src/features/catalog/components/detail-tabs.tsx", "src/app/not-found-page.tsx"],
  },
  "src/features/catalog/components/detail-tabs.tsx": {
    file: "assets/tabs-T.js",
    isDynamicEntry: true,
    imports: ["_react-R.js", "_Card-C.js"],
    css: ["assets/tabs-T.css"],
  },
  "src/app/not-found-page.tsx": { file: "assets/not-found-N.js", isDynamicEntry: true, imports: ["_react-R.js"] },
};
const APP_CSS = '<link rel="stylesheet" crossorigin href="/assets/main-M.css">';
const APP_JS = ["/assets/react-R.js", "/assets/main-M.js"];
const modules = (html: string) =>
  JSON.parse(/<script type="application\/json" id="route-modules">(.*?)<\/script>/.exec(html)?.[1] ?? "null");

describe("createRoutePreloads", () => {
  it("links the CSS of the app module and of the page chunk, and lists the JavaScript of both, minus what index.html loads", () => {
    const preloads = createRoutePreloads(distWith(MANIFEST));
    const home = preloads("/");
    expect(home.startsWith(APP_CSS)).toBe(true);
    expect(modules(home)).toEqual([...APP_JS, "/assets/Card-C.js", "/assets/home-page-H.js"]);
    expect(home).not.toContain("modulepreload");
    const listing = preloads("/categories/collections/market-place/001");
    // Every chunk after the chunks it imports (the order boot.ts runs them in).
    expect(modules(listing)).toEqual([...APP_JS, "/assets/Card-C.js", "/assets/item-card-I.js", "/assets/listing-L.js"]);
    expect(listing).toContain('<link rel="stylesheet" crossorigin href="/assets/item-card-I.css">');
    expect(listing).not.toContain("index-A");
    // The lazy parts the server draws come after the page chunk, with their CSS; other lazy parts
    // (the not-found page) load when needed.
    const product = preloads("/product/market-place/9a0d1f7e-0000-4000-8000-000000000000");
    expect(modules(product)).toEqual([
      ...APP_JS,
      "/assets/Card-C.js",
      "/assets/item-card-I.js",
      "/assets/product-P.js",
      "/assets/tabs-T.js",
    ]);
    expect(product).toContain('<link rel="stylesheet" crossorigin href="/assets/tabs-T.css">');
  });

  it("gives other pages the app's CSS and modules only, and nothing without a readable manifest", () => {
    const preloads = createRoutePreloads(distWith(MANIFEST));
    const appOnly = `${APP_CSS}<script type="application/json" id="route-modules">${JSON.stringify(APP_JS)}</script>`;
    expect(preloads("/cart")).toBe(appOnly);
    expect(preloads("/admin_real/dashboard")).toBe(appOnly);
    expect(preloads("/product/market-place")).toBe(appOnly);
    expect(createRoutePreloads(path.join(tmpdir(), "no-such-web-build"))("/")).toBe("");
    expect(createRoutePreloads(distWith("{not json"))("/")).toBe("");
  });
});
