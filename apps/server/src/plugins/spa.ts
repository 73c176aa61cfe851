/**
 * Serves the built web app: hashed assets under /assets with a one-year immutable cache (brotli or
 * gzip files written at build time are preferred), and the SPA's index.html
 * (no-cache, compressed) for every other GET or HEAD that is not /api: a redirect from a page that
 * needs a signed-in customer while there is none (`signedInRedirect`), else 200 on the app's pages
 * (`isAppPath`, the paths the web's router is built from), 404 on any other path, where the app
 * draws its not-found page (spec §2), so crawlers and monitoring see it as one. Unknown /api paths
 * and other methods answer a JSON 404.
 * `app.renderSpa(head, url)` answers index.html with extra tags in <head> (used for SEO pages) and
 * the page's stylesheets and `#route-modules` list (route-preload.ts);
 * `app.withServerRender(document, url)` draws those pages into it on the server (server-render.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { isAppPath } from "@market/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { errorAnswer } from "../lib/errors.js";
import { NO_CACHE_EFFECT } from "../lib/route-cache.js";
import { addVary } from "../lib/vary.js";
import { signedInRedirect } from "./landing-pages.js";
import { createRoutePreloads } from "./route-preload.js";
import { createServerRenderer, serverEntryPath } from "./server-render.js";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * index.html with `head` inserted before </head> (escape values yourself); with `url`, also the
     * stylesheets and module list of that page's first load (none when the web build has no manifest).
     */
    renderSpa(head?: string, url?: string): string;
    /**
     * `document` (from `renderSpa`) with the storefront page at `url` drawn inside its root element
     * when that page is server-rendered (server-render.ts, ADR 0072), for `request`'s signed-in
     * browser when it has one (ADR 0129); else `document` unchanged.
     */
    withServerRender(document: string, url: string, request?: FastifyRequest): Promise<string>;
  }
}

const FALLBACK_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Naija Market</title></head><body><div id="root"></div><p>The web app is not built. Run npm run build.</p></body></html>`;

export default fp(async function spaPlugin(app: FastifyInstance) {
  const dist = app.config.WEB_DIST;
  const indexPath = path.join(dist, "index.html");
  const hasDist = existsSync(indexPath);
  let indexHtml = hasDist ? readFileSync(indexPath, "utf8") : FALLBACK_HTML;
  const readIndex = () => {
    if (app.config.NODE_ENV === "development" && existsSync(indexPath)) indexHtml = readFileSync(indexPath, "utf8");
    return indexHtml;
  };
  const routePreloads = createRoutePreloads(dist);
  app.decorate("renderSpa", (head = "", url?: string) => {
    const preloads = url ? routePreloads(url.split("?")[0] ?? "") : "";
    return readIndex().replace("</head>", `${head}${preloads}</head>`);
  });
  app.decorate("withServerRender", createServerRenderer(app, serverEntryPath(dist)));

  if (hasDist) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: "/",
      wildcard: false,
      index: false,
      preCompressed: true,
      // Documents the server renders itself (modules/seo) must not clash with a stray built file.
      globIgnore: ["robots.txt", "sitemap.xml", "index.html"],
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header("Cache-Control", "public, max-age=31536000, immutable");
        else res.header("Cache-Control", "public, max-age=3600");
      },
    });
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).send(errorAnswer(404, `Route ${request.method} ${request.url.split("?")[0]} not found`));
  // The storefront's pages: a route of its own (not the not-found handler), so @fastify/compress,
  // which hooks into routes, compresses them too: a server-drawn listing is ~74 KB of HTML and
  // ~10 KB gzipped, a third of a second on a slow 4G connection (ADR 0073).
  app.get("/*", { config: { cache: NO_CACHE_EFFECT }, schema: { hide: true } }, async (request, reply) => {
    const url = request.url;
    if (url.startsWith("/api") || url.startsWith("/uploads/") || url.startsWith("/assets/")) return notFound(request, reply);
    // A page for a signed-in customer answers a redirect while there is none (landing-pages.ts). It
    // depends on the cookie, so no shared cache keeps it.
    const away = signedInRedirect(url.split("?")[0] ?? "", request.user);
    if (away) {
      addVary(reply, "Cookie");
      return reply.header("Cache-Control", "no-cache").redirect(away, 302);
    }
    const page = request.method === "GET" ? await app.withServerRender(app.renderSpa("", url), url, request) : app.renderSpa("", url);
    return reply
      .status(isAppPath(url.split("?")[0] ?? "") ? 200 : 404)
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(page);
  });
  app.setNotFoundHandler(async (request, reply) => notFound(request, reply));
});
