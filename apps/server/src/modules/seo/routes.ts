/**
 * Server-rendered heads for shared links (link previews, ADR 0062) and the sitemap, at the site
 * root (no /api prefix). Registered before the SPA plugin; `app.renderSpa` is looked up per request.
 *
 * - GET /product/:type/:id: the SPA's index.html with the item's own <title>, description, Open
 *   Graph tags and Product JSON-LD. An unknown, unlisted or malformed item answers the plain SPA
 *   page (the app shows its Not Found) with status 404 and noindex. Both carry the page's
 *   stylesheets and module list (route-preload.ts); a found item is also drawn on the server
 *   (server-render.ts, ADR 0072) and carries a high-priority preload of its main picture (the page's
 *   LCP element, which then still loads early when the server answers the plain shell).
 * - GET /seller/:username: a seller's shop page (ADR 0210) the same way, with the shop's title,
 *   description, Open Graph profile tags and Organization JSON-LD (with its aggregateRating); a
 *   seller who is unknown, pending or blocked answers the plain SPA page with 404 and noindex.
 * - GET /sitemap.xml (and /sitemaps/<part>.xml when there are more than 50,000 URLs).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { catalogReader } from "../../db/read.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { addVary } from "../../lib/vary.js";
import { escapeHtml, renderHead, renderSellerHead, withPageHead } from "./head.js";
import {
  buildSitemap,
  findProductForSeo,
  findSellerForSeo,
  findServiceForSeo,
  renderSitemapIndex,
  renderUrlset,
  sitemapPart,
} from "./service.js";

/** Browsers revalidate (prices and stock change, and a deploy changes asset names); shared caches may keep 5 minutes. */
const PAGE_CACHE = "public, max-age=0, s-maxage=300";
/** The sitemap changes slowly and is read by crawlers. */
const SITEMAP_CACHE = "public, max-age=300";
/** How long a built sitemap document is reused (same as the Cache-Control age). */
const SITEMAP_MEMO_MS = 300_000;
/**
 * Sitemaps are public and a 50,000-URL part costs about a second of database and CPU time, so each
 * IP may fetch a limited number per minute (crawlers fetch a few; ADR 0062).
 */
export const SITEMAP_RATE_LIMIT = { max: 60, timeWindow: "1 minute" } as const;

const ItemParams = z.object({ type: z.enum(["market-place", "services"]), id: z.uuid() });
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * The absolute origin for links: PUBLIC_URL when configured (required in production, config.ts),
 * otherwise the request's protocol and host (honouring X-Forwarded-* via trustProxy). Without
 * PUBLIC_URL the answer depends on those headers, so it says so with `Vary` (a shared cache must not
 * hand one host's links to another). A malformed Host falls back to localhost so a forged header
 * cannot put markup into the page.
 */
function publicOrigin(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  if (app.config.PUBLIC_URL) return app.config.PUBLIC_URL.replace(/\/+$/, "");
  addVary(reply, "Host", "X-Forwarded-Host", "X-Forwarded-Proto");
  const host = HOST.test(request.host) ? request.host : "localhost";
  const protocol = request.protocol === "https" ? "https" : "http";
  return `${protocol}://${host}`;
}

/**
 * `<link rel="preload" as="image">` of the detail page's main picture: the full-size image the page
 * shows first (ItemImage size="full" of image_urls[0]), as a site-relative URL when it is an upload,
 * so the preload matches the page's own request whatever PUBLIC_URL says. "" without a picture.
 */
function mainImagePreload(absolute: string | undefined, base: string): string {
  if (!absolute) return "";
  const href = absolute.startsWith(`${base}/`) ? absolute.slice(base.length) : absolute;
  return `\n    <link rel="preload" as="image" href="${escapeHtml(href)}" fetchpriority="high" />`;
}

/** The plain SPA page (the app shows its Not Found) with 404 and noindex. */
function notFoundPage(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).header("Cache-Control", "no-cache").send(app.renderSpa(`<meta name="robots" content="noindex" />`, request.url));
}

function sendXml(reply: FastifyReply, body: string) {
  return reply.header("Cache-Control", SITEMAP_CACHE).type("application/xml; charset=utf-8").send(body);
}

export default async function seoRoutes(app: FastifyInstance) {
  app.get("/product/:type/:id", { config: { cache: NO_CACHE_EFFECT }, schema: { hide: true } }, async (request, reply) => {
    reply.type("text/html; charset=utf-8");
    const params = ItemParams.safeParse(request.params);
    const base = publicOrigin(app, request, reply);
    const item = !params.success
      ? null
      : params.data.type === "market-place"
        ? await findProductForSeo(catalogReader(request), params.data.id, base)
        : await findServiceForSeo(catalogReader(request), params.data.id, base);
    if (!item) {
      return notFoundPage(app, request, reply);
    }
    const head = renderHead(item, base) + mainImagePreload(item.images[0], base);
    const document = withPageHead((h) => app.renderSpa(h, request.url), head);
    return reply.header("Cache-Control", PAGE_CACHE).send(await app.withServerRender(document, request.url, request));
  });

  app.get("/seller/:username", { config: { cache: NO_CACHE_EFFECT }, schema: { hide: true } }, async (request, reply) => {
    reply.type("text/html; charset=utf-8");
    const { username } = request.params as { username: string };
    const base = publicOrigin(app, request, reply);
    const seller = username.length <= 60 ? await findSellerForSeo(catalogReader(request), username, base) : null;
    if (!seller) {
      return notFoundPage(app, request, reply);
    }
    const document = withPageHead((h) => app.renderSpa(h, request.url), renderSellerHead(seller, base));
    return reply.header("Cache-Control", PAGE_CACHE).send(await app.withServerRender(document, request.url, request));
  });

  // Rendered documents (or null for a missing part), per origin and file, reused for SITEMAP_MEMO_MS
  // (the named cache `sitemap`, ADR 0100); off under NODE_ENV=test, where factories write straight
  // to the database (as ADR 0052's cache).
  const documents = app.cache.define<Promise<string | null>>("sitemap", { max: 8, ttlMs: SITEMAP_MEMO_MS });
  const memo = {
    get: (key: string, compute: () => Promise<string | null>) =>
      app.config.NODE_ENV === "test" ? compute() : documents.memo(key, compute),
  };
  const limited = { config: { cache: NO_CACHE_EFFECT, rateLimit: SITEMAP_RATE_LIMIT }, schema: { hide: true } };

  // robots.txt names the sitemap by its absolute URL, as the sitemaps protocol asks.
  app.get("/robots.txt", { config: { cache: NO_CACHE_EFFECT }, schema: { hide: true } }, async (request, reply) => {
    const base = publicOrigin(app, request, reply);
    return reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(`User-agent: *\nDisallow: /admin_real/\nDisallow: /api/\nDisallow: /dev/\nSitemap: ${base}/sitemap.xml\n`);
  });

  app.get("/sitemap.xml", limited, async (request, reply) => {
    const base = publicOrigin(app, request, reply);
    const body = await memo.get(`${base} index`, async () => {
      const doc = await buildSitemap(catalogReader(request), base);
      return doc.kind === "urlset" ? renderUrlset(doc.urls) : renderSitemapIndex(doc.parts, base);
    });
    return sendXml(reply, body ?? "");
  });

  app.get("/sitemaps/:name", limited, async (request, reply) => {
    const { name } = request.params as { name: string };
    const base = publicOrigin(app, request, reply);
    const body = /^[a-z0-9-]{1,40}\.xml$/.test(name)
      ? await memo.get(`${base} ${name}`, async () => {
          const urls = await sitemapPart(catalogReader(request), base, name);
          return urls ? renderUrlset(urls) : null;
        })
      : null;
    if (body === null) {
      return reply
        .status(404)
        .type("application/xml; charset=utf-8")
        .send(`<?xml version="1.0"?><error>${escapeHtml(name)} not found</error>`);
    }
    return sendXml(reply, body);
  });
}
