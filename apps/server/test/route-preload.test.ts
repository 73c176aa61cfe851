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

/** A manifest shaped like Vite's: entry + vendor chunk, pages with their own and shared imports. */
const MANIFEST = {
  "index.html": { file: "assets/index-A.js", isEntry: true, imports: ["_react-R.js"], css: ["assets/index-A.css"] },
  "_react-R.js": { file: "assets/react-R.js" },
  "_Card-C.js": { file: "assets/Card-C.js", imports: ["_react-R.js"] },
  "_item-card-I.js": { file: "assets/item-card-I.js", imports: ["_Card-C.js"], css: ["assets/item-card-I.css"] },
  "src/features/home/pages/home-page.tsx": { file: "assets/home-page-H.js", imports: ["_Card-C.js", "_react-R.js"] },
  "src/features/catalog/pages/category-listing-page.tsx": { file: "assets/listing-L.js", imports: ["_item-card-I.js"] },
  "src/features/catalog/pages/product-detail-page.tsx": { file: "assets/product-P.js", imports: ["_item-card-I.js"] },
};

describe("createRoutePreloads", () => {
  it("preloads the route chunk and its static imports, not what the entry already loads", () => {
    const preloads = createRoutePreloads(distWith(MANIFEST));
    expect(preloads("/")).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/home-page-H.js"><link rel="modulepreload" crossorigin href="/assets/Card-C.js">',
    );
    const listing = preloads("/categories/collections/market-place/001");
    expect(listing).toContain('<link rel="modulepreload" crossorigin href="/assets/listing-L.js">');
    expect(listing).toContain('<link rel="modulepreload" crossorigin href="/assets/item-card-I.js">');
    expect(listing).toContain('<link rel="stylesheet" crossorigin href="/assets/item-card-I.css">');
    expect(listing).not.toContain("react-R.js");
    expect(listing).not.toContain("index-A");
    expect(preloads("/product/market-place/9a0d1f7e-0000-4000-8000-000000000000")).toContain("/assets/product-P.js");
  });

  it("adds nothing for other pages, a missing manifest or an unreadable one", () => {
    const preloads = createRoutePreloads(distWith(MANIFEST));
    expect(preloads("/cart")).toBe("");
    expect(preloads("/admin_real/dashboard")).toBe("");
    expect(preloads("/product/market-place")).toBe("");
    expect(createRoutePreloads(path.join(tmpdir(), "no-such-web-build"))("/")).toBe("");
    expect(createRoutePreloads(distWith("{not json"))("/")).toBe("");
  });
});
