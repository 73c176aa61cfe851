#!/usr/bin/env bash
# The React Router 7 framework-mode prototype of ADR 0121, rebuilt outside the repository: the
# store's home, listing and product pages as framework-mode routes over the web app's own code
# (apps/web/src and packages/contract, copied), with the framework's default client and server
# entries, a loader per route that prefetches the queries our server renderer fetches for that page,
# and an Express server (React Router's adapter) that passes /api and /uploads to a running store.
# Also two floors (an empty route under MantineProvider, and under QueryClientProvider too) and
# a variant that hydrates after the load event.
#
# Usage: bash bench/framework-mode-proto.sh [dir, default /tmp/rr7-proto]
# Then, with our store built into <b> (scripts/e2e-local.sh's build steps) and running on :4610:
#   (cd <dir> && PORT=4620 STORE=http://127.0.0.1:4610 node server.mjs)            # framework mode
#   (cd <dir> && PORT=4621 BUILD=./build-floor-mantine node server.mjs)              # floors, late
#   node scripts/first-load.mjs --base ours=http://127.0.0.1:4610 --base rr7=http://127.0.0.1:4620 \
#     --path / --path /product/market-place/<id> --runs 3 --lighthouse
#   (cd <dir> && node static-closure.mjs http://127.0.0.1:4620/)   # the budget's figure, framework side
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
dir="${1:-/tmp/rr7-proto}"
mkdir -p "$dir" && cd "$dir"
rm -rf src contract public app app-floor app-late
cp -r "$repo/apps/web/src" src
cp -r "$repo/apps/web/public" public
cp "$repo/apps/web/postcss.config.cjs" .
mkdir -p contract app/routes app-floor/routes
cp -r "$repo/packages/contract/src" contract/src
cat > package.json <<'FILE'
{
  "name": "rr7-proto",
  "private": true,
  "type": "module"
}
FILE
cat > react-router.config.ts <<'FILE'
import type { Config } from "@react-router/dev/config";

// Framework mode with server rendering (the framework's defaults: entry.client / entry.server from
// @react-router/dev, <Scripts> with its inline context and module preloads).
// FLOOR=mantine|query builds the floor: an empty route under MantineProvider (and QueryClientProvider).
// LATE=1 builds app-late/ (app/ with a client entry that hydrates after the load event).
const floor = process.env.FLOOR;
const late = process.env.LATE === "1";
export default {
  appDirectory: floor ? "app-floor" : late ? "app-late" : "app",
  ssr: true,
  buildDirectory: floor ? `build-floor-${floor}` : late ? "build-late" : "build",
} satisfies Config;
FILE
cat > vite.config.ts <<'FILE'
import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Same build settings as apps/web/vite.config.ts where they are not about our own pipeline:
// target, the library chunk groups, the contract's tree-shaking rules. FLOOR=1 builds app-floor/.
export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: { "@market/contract": path.resolve("contract/src/index.ts") } },
  build: {
    target: "es2022",
    sourcemap: false,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: "router", test: /node_modules[\\/]react-router[\\/]/, priority: 2 },
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
            { name: "floating-ui", test: /node_modules[\\/]@floating-ui[\\/]/, priority: 1 },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) => (/contract\/src\/(schemas\/|index\.ts)/.test(id) ? false : undefined),
        manualPureFunctions: ["z"],
      },
    },
  },
});
FILE
cat > tsconfig.json <<'FILE'
{
  "compilerOptions": {
    "target": "ES2023", "module": "ESNext", "moduleResolution": "Bundler", "strict": true,
    "esModuleInterop": true, "skipLibCheck": true, "resolveJsonModule": true, "isolatedModules": true,
    "noEmit": true, "lib": ["ES2023", "DOM", "DOM.Iterable"], "jsx": "react-jsx"
  },
  "include": ["src", "app", "contract/src"]
}
FILE
cat > server.mjs <<'FILE'
// The prototype's server: the framework's request handler in Express (React Router ships an
// Express adapter), static assets compressed, /api and /uploads passed to the running store.
import { createRequestHandler } from "react-router";
import compression from "compression";
import express from "express";

const STORE = process.env.STORE ?? "http://127.0.0.1:4610";
const BUILD = process.env.BUILD ?? "./build";
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use(async (req, res, next) => {
  if (!/^\/(api|uploads)\//.test(req.url)) return next();
  try {
    const r = await fetch(new URL(req.url, STORE), { method: req.method, headers: { accept: req.headers.accept ?? "*/*" } });
    res.status(r.status);
    r.headers.forEach((v, k) => {
      if (!["content-encoding", "content-length", "transfer-encoding", "connection"].includes(k)) res.setHeader(k, v);
    });
    res.end(Buffer.from(await r.arrayBuffer()));
  } catch (e) {
    next(e);
  }
});
app.use("/assets", express.static(`${BUILD}/client/assets`, { immutable: true, maxAge: "1y" }));
app.use(express.static(`${BUILD}/client`, { maxAge: "1h" }));
// Rendered pages are kept per URL for 30 s, as our server-render.ts does (ADR 0072), so both
// servers answer a repeated page from memory (PAGE_CACHE=0 turns it off).
const handle = createRequestHandler(await import(`${BUILD}/server/index.js`), "production");
const pages = new Map();
app.all("*", async (req, res) => {
  const url = new URL(req.originalUrl, `http://${req.headers.host}`);
  const cached = req.method === "GET" && process.env.PAGE_CACHE !== "0" ? pages.get(url.href) : undefined;
  let page = cached && cached.until > Date.now() ? cached : undefined;
  if (!page) {
    const r = await handle(new Request(url, { method: req.method, headers: { "user-agent": req.headers["user-agent"] ?? "", accept: req.headers.accept ?? "*/*" } }));
    page = { status: r.status, headers: [...r.headers], body: Buffer.from(await r.arrayBuffer()), until: Date.now() + 30_000 };
    if (req.method === "GET" && r.status === 200) pages.set(url.href, page);
  }
  res.status(page.status);
  for (const [k, v] of page.headers) if (!["content-length", "transfer-encoding"].includes(k)) res.setHeader(k, v);
  res.end(page.body);
});
const port = Number(process.env.PORT ?? 4620);
app.listen(port, "127.0.0.1", () => console.log(`proto on http://127.0.0.1:${port} (build ${BUILD})`));
FILE
cat > app/api.server.ts <<'FILE'
// Server-only: the app's api() answered by the running store over HTTP (the loaders' data source).
import { QueryClient } from "@tanstack/react-query";
import { setApiTransport } from "../src/lib/api";

const STORE = process.env.STORE ?? "http://127.0.0.1:4610";
setApiTransport((p, init) => fetch(new URL(p, STORE), init));

/** A QueryClient for one request's loader (no retries on the server, as entry-server.tsx). */
export function serverQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
}
FILE
cat > app/root.tsx <<'FILE'
import type { ReactNode } from "react";
import { Links, Meta, Scripts } from "react-router";
import "../src/app/mantine-styles";
import "../src/app/global.css";
import { PublicLayout } from "../src/app/layouts/public-layout";
import { Providers } from "../src/app/providers";

// index.html's head, as a React document (framework mode renders the whole document).
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-mantine-color-scheme="light">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#0b7a4b" />
        <meta
          name="description"
          content="Naija Market: shop phones, fashion, groceries and home goods, and book trusted local services in Lagos. Pay by bank transfer in naira."
        />
        <link rel="icon" href="/favicon.png" sizes="64x64" type="image/png" />
        <title>Naija Market: shop products and local services in Nigeria</title>
        <Meta />
        <Links />
      </head>
      <body>
        <div id="root">{children}</div>
        <Scripts />
      </body>
    </html>
  );
}

// The same providers and public layout (header, footer, ScrollRestoration, AppReadyMarker) as ours.
export default function App() {
  return (
    <Providers>
      <PublicLayout />
    </Providers>
  );
}
FILE
cat > app/routes.ts <<'FILE'
import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("/categories/collections/:type/:id", "routes/listing.tsx"),
  route("/product/:type/:id", "routes/product.tsx"),
] satisfies RouteConfig;
FILE
cat > app/routes/home.tsx <<'FILE'
import { dehydrate, type DehydratedState, HydrationBoundary } from "@tanstack/react-query";
import HomePage from "../../src/features/home/pages/home-page";
import { categoriesQuery } from "../../src/lib/queries/categories";
import { serverQueryClient } from "../api.server";

// The queries our server renderer fetched for this page (its #rq-state): ["categories","list"].
export async function loader() {
  const qc = serverQueryClient();
  await qc.prefetchQuery(categoriesQuery);
  return dehydrate(qc);
}

export default function Home({ loaderData }: { loaderData: DehydratedState }) {
  return (
    <HydrationBoundary state={loaderData}>
      <HomePage />
    </HydrationBoundary>
  );
}
FILE
cat > app/routes/listing.tsx <<'FILE'
import { dehydrate, type DehydratedState, HydrationBoundary } from "@tanstack/react-query";
import CategoryListingPage from "../../src/features/catalog/pages/category-listing-page";
import { categoriesQuery } from "../../src/lib/queries/categories";
import { listingQuery } from "../../src/lib/queries/catalog";
import { serverQueryClient } from "../api.server";

// Our renderer's #rq-state for the first page of a listing: the categories and ["listing", ...].
export async function loader({ params }: { params: { type: string; id: string } }) {
  const qc = serverQueryClient();
  const type = params.type as "market-place" | "services";
  await Promise.all([
    qc.prefetchQuery(categoriesQuery),
    qc.prefetchQuery(listingQuery({ type, categoryId: params.id, sort: "newest", search: "", page: 1, cursor: null })),
  ]);
  return dehydrate(qc);
}

export default function Listing({ loaderData }: { loaderData: DehydratedState }) {
  return (
    <HydrationBoundary state={loaderData}>
      <CategoryListingPage />
    </HydrationBoundary>
  );
}
FILE
cat > app/routes/product.tsx <<'FILE'
import { dehydrate, type DehydratedState, HydrationBoundary } from "@tanstack/react-query";
import ProductDetailPage from "../../src/features/catalog/pages/product-detail-page";
import { detailQuery } from "../../src/lib/queries/catalog";
import { serverQueryClient } from "../api.server";

// Our renderer's #rq-state for this page: ["item", type, id].
export async function loader({ params }: { params: { type: string; id: string } }) {
  const qc = serverQueryClient();
  await qc.prefetchQuery(detailQuery(params.type as "market-place" | "services", params.id));
  return dehydrate(qc);
}

export default function Product({ loaderData }: { loaderData: DehydratedState }) {
  return (
    <HydrationBoundary state={loaderData}>
      <ProductDetailPage />
    </HydrationBoundary>
  );
}
FILE
cat > app-floor/root.tsx <<'FILE'
import { MantineProvider } from "@mantine/core";
import "@mantine/core/styles/baseline.layer.css";
import "@mantine/core/styles/default-css-variables.layer.css";
import "@mantine/core/styles/global.layer.css";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import { theme } from "../src/app/theme";

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-mantine-color-scheme="light">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <title>Floor</title>
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

function WithQuery({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient());
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export default function App() {
  const page = (
    <MantineProvider theme={theme}>
      <Outlet />
    </MantineProvider>
  );
  return import.meta.env.VITE_FLOOR === "query" ? <WithQuery>{page}</WithQuery> : page;
}
FILE
cat > app-floor/routes.ts <<'FILE'
import { index, type RouteConfig } from "@react-router/dev/routes";

export default [index("routes/empty.tsx")] satisfies RouteConfig;
FILE
cat > app-floor/routes/empty.tsx <<'FILE'
import { useEffect } from "react";

// An empty page; marks <html data-app-ready> once hydrated, as our layouts do (scripts/first-load.mjs waits for it).
export default function Empty() {
  useEffect(() => {
    document.documentElement.dataset.appReady = "";
  }, []);
  return null;
}
FILE
cat > static-closure.mjs <<'FILE'
// gzip -9 of the JS and CSS a framework-mode document lists (its modulepreload and stylesheet
// links: the route's static imports from the framework's manifest), the set scripts/budget.mjs
// counts for our build. Usage: node static-closure.mjs <page url> [build dir, default ./build]
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [url, build = "./build"] = process.argv.slice(2);
const html = await (await fetch(url)).text();
const listed = (re) => [...html.matchAll(re)].map((m) => m[1]);
const gz = (f) => gzipSync(readFileSync(`${build}/client${f}`), { level: 9 }).length;
const kb = (files) => (files.reduce((s, f) => s + gz(f), 0) / 1000).toFixed(1);
const js = listed(/rel="modulepreload" href="([^"]+)"/g);
const css = listed(/rel="stylesheet" href="([^"#]+)#?"/g);
console.log(`${url}: JS ${kb(js)} KB in ${js.length} files, CSS ${kb(css)} KB in ${css.length} files`);
FILE
mkdir -p app-late && cp -r app/. app-late/
cat > app-late/entry.client.tsx <<'FILE'
// The framework's default client entry, except that hydration waits for the page's load event
// (as our boot.ts does, ADR 0072). The route modules are still preloaded from the document's head.
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

function start() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}
if (document.readyState === "complete") start();
else window.addEventListener("load", () => requestAnimationFrame(() => setTimeout(start, 0)), { once: true });
FILE
# The web app's versions (react-router 7.18.4: the newest @react-router/dev 7 wants exactly it).
npm install --no-audit --no-fund @mantine/charts@9.7.1 @mantine/core@9.7.1 @mantine/dropzone@9.7.1 \
  @mantine/form@9.7.1 @mantine/hooks@9.7.1 @mantine/notifications@9.7.1 @tabler/icons-react@3.51.0 \
  @tanstack/react-query@5.108.0 i18n-iso-countries@7.14.0 react@19.3.1 react-dom@19.3.1 \
  react-router@7.18.4 recharts@3.10.1 @zxcvbn-ts/language-common@4.1.3 zod@4.6.7 \
  @react-router/node@7.18.4 @react-router/express@7.18.4 express@4 compression isbot@5
npm install --no-audit --no-fund -D vite@8.3.8 @vitejs/plugin-react@6.3.0 postcss@8.5.33 \
  postcss-preset-mantine@1.18.0 postcss-simple-vars@7.0.1 @react-router/dev@7.18.4 typescript@5.9.3
# One build at a time (a shared 2-core machine).
npx react-router build
FLOOR=mantine VITE_FLOOR=mantine npx react-router build
FLOOR=query VITE_FLOOR=query npx react-router build
LATE=1 npx react-router build
echo "built: $dir/build, build-floor-mantine, build-floor-query, build-late"
