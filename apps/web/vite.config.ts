import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes dist/.vite/chunk-modules.json (chunk file -> the source modules inside it), so the page
 * budget (scripts/budget.mjs) can prove no back-office module lands in a shopper's first load.
 */
function chunkModules(): Plugin {
  let outDir = "dist";
  let root = process.cwd();
  return {
    name: "market-chunk-modules",
    apply: "build",
    configResolved(c) {
      root = c.root;
      outDir = path.resolve(c.root, c.build.outDir);
    },
    writeBundle(_options, bundle) {
      const out: Record<string, string[]> = {};
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk") continue;
        out[item.fileName] = item.moduleIds.map((id) => path.relative(root, id.replace(/^\0/, "")).split(path.sep).join("/"));
      }
      mkdirSync(path.join(outDir, ".vite"), { recursive: true });
      writeFileSync(path.join(outDir, ".vite/chunk-modules.json"), JSON.stringify(out, null, 1));
      const cycle = staticImportCycle(bundle);
      if (cycle) this.error(`Chunks import each other statically (check APP_CHUNK_GROUPS): ${cycle.join(" -> ")}`);
    },
  };
}

/**
 * The first cycle of static imports between the bundle's chunks, or null. With one, whichever
 * chunk the browser reaches first runs after the other: main.tsx's start-up code could call into a
 * group chunk not yet run (the `codeSplitting` groups below can make one).
 */
function staticImportCycle(bundle: Record<string, { type: string; imports?: string[] }>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, trail: string[]): string[] | null => {
    if (state.get(file) === "done") return null;
    if (state.get(file) === "open") return [...trail.slice(trail.indexOf(file)), file];
    state.set(file, "open");
    const item = bundle[file];
    for (const next of item?.type === "chunk" ? (item.imports ?? []) : []) {
      const found = visit(next, [...trail, file]);
      if (found) return found;
    }
    state.set(file, "done");
    return null;
  };
  for (const file of Object.keys(bundle)) {
    const found = visit(file, []);
    if (found) return found;
  }
  return null;
}

/**
 * Small app modules that the storefront's first loads share with the lazy pages, grouped into one
 * chunk per set of routes that needs them (ADR 0148). Left to itself the bundler gives every
 * distinct set of importers its own chunk, and a product page loaded some fifteen chunks of
 * 0.1-1 KB, each with its own import/export lines and gzip overhead. Each group only holds modules
 * its routes load anyway: "shared" every storefront page (API client, session, alerts, texts,
 * money), "catalog-data" the listing and product pages, "list" home and the listing,
 * "product-actions" the product page's Add To Cart and wishlist heart (and the cart's screens). Their
 * dependencies stay where they were (`includeDependenciesRecursively: false`): boot.ts's chunk
 * (index.html) keeps Vite's preload helper instead of importing a group. A group must not import
 * main.tsx's chunk (a cycle between the chunks would run main.tsx before the group).
 */
const APP_CHUNK_GROUPS: Record<string, string[]> = {
  shared: [
    "apps/web/src/lib/api.ts",
    "apps/web/src/lib/notify.ts",
    "apps/web/src/lib/session.ts",
    "apps/web/src/lib/use-page-title.ts",
    "apps/web/src/lib/lazy-component.ts",
    "apps/web/src/components/lazy-alert.tsx",
    "apps/web/src/components/ui/badge.tsx",
    "apps/web/src/components/ui/badge.module.css",
    "apps/web/src/components/ui/theme-color.ts",
    "packages/contract/src/constants.ts",
    "packages/contract/src/money.ts",
    "packages/contract/src/texts.ts",
    "node_modules/@mantine/core/esm/components/Text/Text.mjs",
    "node_modules/@mantine/core/esm/components/Text/Text.module.mjs",
  ],
  "catalog-data": [
    "apps/web/src/features/catalog/api/catalog.ts",
    "apps/web/src/lib/queries/catalog.ts",
    "apps/web/src/lib/queries/pages.ts",
    "packages/contract/src/images.ts",
    "node_modules/@tabler/icons-react/dist/esm/icons/IconPhoto.mjs",
    // The trail above the listing and product pages; the account screens' heading and the
    // wishlist share it, and on its own it was one more 0.4 KB chunk on both first loads.
    "apps/web/src/components/ui/breadcrumbs.tsx",
    "apps/web/src/components/ui/breadcrumbs.module.css",
  ],
  "product-actions": ["apps/web/src/lib/cart-add.ts", "node_modules/@tabler/icons-react/dist/esm/icons/IconHeart.mjs"],
  list: [
    "apps/web/src/lib/queries/categories.ts",
    "apps/web/src/components/ui/card.tsx",
    "apps/web/src/components/ui/card.module.css",
    "apps/web/src/components/ui/skeleton.tsx",
    "apps/web/src/components/ui/skeleton.module.css",
  ],
};

/** Chunks that get V8's compile hint (see postBanner below). */
const COMPILE_HINTED_CHUNKS = new Set(["react", "router", "query", "main"]);

/**
 * In `npm run dev` the API runs on :3000 and Vite proxies /api and /uploads to it.
 * `vite build --ssr src/entry-server.tsx --outDir dist-ssr` builds the server renderer (ADR 0072):
 * no public files, no manifest and no chunk list there (those describe what browsers load).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), chunkModules()],
  server: {
    port: 5173,
    proxy: {
      "/api": "http://localhost:3000",
      "/uploads": "http://localhost:3000",
      "/dev": "http://localhost:3000",
      "/sitemap.xml": "http://localhost:3000",
    },
  },
  build: {
    target: "es2022",
    copyPublicDir: !isSsrBuild,
    // No preload lists in the chunks (they added weight to every route's first load, and the
    // helper that walks them ran on every lazy import): the server lists the first load's modules once,
    // boot.ts preloads them (ADR 0072). CSS of lazy chunks is still loaded by Vite's helper.
    modulePreload: false,
    sourcemap: false,
    reportCompressedSize: false,
    // dist/.vite/manifest.json: which files each route loads (read by scripts/budget.mjs).
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // V8's explicit compile hint (Chrome 136+): compile every function of these chunks while
        // they download, off the main thread, instead of one by one on first call during start-up.
        // Only the large chunks every storefront page runs: Chrome streams (compiles in the
        // background) scripts of 30 KB and more only; a small chunk with the hint is compiled
        // whole ON the main thread, which made the product page's start-up slower (ADR 0073).
        postBanner: (chunk) => (COMPILE_HINTED_CHUNKS.has(chunk.name) ? "//# allFunctionsCalledOnLoad\n" : ""),
        // Libraries that change rarely get chunks of their own, so a new release of the app does
        // not make returning shoppers download React and the router again (ADR 0051).
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            // Popovers, tooltips and selects position themselves with floating-ui; left to itself
            // the bundler hoisted it into the entry chunk, though no first-load code uses it.
            { name: "floating-ui", test: /node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
            ...Object.entries(APP_CHUNK_GROUPS).map(([name, files]) => ({
              name,
              test: (id: string) => files.some((file) => id.replaceAll("\\", "/").endsWith(`/${file}`)),
              priority: 1,
              includeDependenciesRecursively: false,
            })),
          ],
        },
      },
      treeshake: {
        // The shared contract's schema modules only define Zod schemas: when a page uses none of
        // them, drop them (and Zod with them) instead of keeping their top-level z.object() calls.
        moduleSideEffects: (id: string) => (/packages\/contract\/src\/(schemas\/|index\.ts)/.test(id) ? false : undefined),
        // ...and when a page uses a constant of a schema module, its unused z.object(...) calls go too.
        manualPureFunctions: ["z"],
      },
    },
  },
}));
