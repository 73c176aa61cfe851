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
    },
  };
}

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
