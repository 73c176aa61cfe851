/**
 * Server rendering of the storefront's landing pages (ADR 0072), so their largest paint comes early.
 * A slow phone then paints the page from the HTML alone, before any JavaScript arrives; the app
 * (apps/web/src/main.tsx) draws the same page from the same data and replaces that HTML.
 *
 * The renderer is the web build's own server entry (`vite build --ssr`, apps/web/src/entry-server.tsx)
 * at `<WEB_DIST>-ssr/entry-server.js`. Without it (API tests, a build without the SSR step) or
 * when a render fails or takes longer than `RENDER_TIMEOUT_MS`, the page is the plain SPA shell as
 * before: server rendering only ever makes a page arrive sooner, never breaks it.
 *
 * The app's API calls made while rendering are answered in-process (`app.inject`, anonymous, GET
 * only), so they take the public response cache (ADR 0052). Rendered pages are kept per URL under
 * the same rules, in the named cache `pages` of the cache module (ADR 0100): tagged `catalog`, so
 * every catalog write (in any process) drops them with the public answers; a page drawn while such
 * an invalidation arrived is not kept; at most `TTL_MS`, at most `MAX_ENTRIES` (least recently
 * used go first). Concurrent requests for one URL share one render.
 *
 * A browser with a session cookie (`request.user` from the cookie, ADR 0127) gets its page drawn for
 * it (ADR 0129): the same render, with ["me"] read first and every API call made as that user (the
 * token travels in an AsyncLocalStorage, so concurrent renders never mix), which still takes the
 * shared public answers for everything that is the same for everyone (ADR 0125). That page is never
 * kept, nor shared with another request: only anonymous pages are cached, and the auth plugin marks
 * the answer `private, no-store`.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { LANDING_PAGES } from "./landing-pages.js";
import { CATALOG_TAG, itemTags } from "./public-cache.js";

const RENDER_TIMEOUT_MS = 2_000;
const TTL_MS = 30_000;
const MAX_ENTRIES = 500;

type Rendered = { html: string; state: unknown };
type ServerEntry = {
  configure(transport: (path: string, init: RequestInit) => Promise<Response>): void;
  render(url: string, options?: { signedIn?: boolean }): Promise<Rendered | null>;
};

/** Path of the SSR entry beside a web build: `<dist>-ssr/entry-server.js`. */
export function serverEntryPath(webDist: string): string {
  const dist = path.resolve(webDist);
  return path.join(path.dirname(dist), `${path.basename(dist)}-ssr`, "entry-server.js");
}

/** `<div id="root">` with the app's HTML, then the query data as inert JSON (no inline script: CSP). */
function rootMarkup({ html, state }: Rendered): string {
  const json = JSON.stringify(state).replace(/</g, "\\u003c");
  return `<div id="root">${html}</div><script type="application/json" id="rq-state">${json}</script>`;
}

/**
 * Returns `(document, url) => Promise<document>`: the SPA document with the page drawn inside its
 * empty `<div id="root"></div>` when `url` is a rendered page, else the document unchanged.
 */
export function createServerRenderer(app: FastifyInstance, entryPath: string) {
  /** The session token of the visitor a render draws for (unset: anonymous). */
  const viewer = new AsyncLocalStorage<string>();
  let entry: Promise<ServerEntry | null> | undefined;
  const load = () => {
    entry ??= (async () => {
      if (!existsSync(entryPath)) return null;
      try {
        const mod = (await import(pathToFileURL(entryPath).href)) as ServerEntry;
        mod.configure(async (apiPath, init) => {
          if ((init.method ?? "GET") !== "GET") return new Response(null, { status: 405 });
          const token = viewer.getStore();
          const headers = { accept: "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
          const res = await app.inject({ method: "GET", url: apiPath, headers });
          return new Response(res.body, { status: res.statusCode, headers: { "content-type": String(res.headers["content-type"] ?? "") } });
        });
        return mod;
      } catch (err) {
        app.log.error({ err, entryPath }, "server rendering is off: its entry did not load");
        return null;
      }
    })();
    return entry;
  };

  const cache = app.cache.define<string>("pages", { max: MAX_ENTRIES, ttlMs: TTL_MS, tags: [CATALOG_TAG] });
  const inFlight = new Map<string, Promise<string | null>>();

  /** The page's markup; kept in the shared cache only when drawn for nobody in particular (`personal` false). */
  const renderMarkup = async (url: string, personal = false): Promise<string | null> => {
    const mod = await load();
    if (!mod) return null;
    const stamp = cache.stamp();
    let timer: NodeJS.Timeout | undefined;
    try {
      const rendered = await Promise.race([
        mod.render(url, { signedIn: personal }),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
        }),
      ]);
      if (!rendered) return null;
      const markup = rootMarkup(rendered);
      // Only while the public cache is on: the page is drawn from its answers.
      // Tagged with the items it shows (from its query data), so a stock change drops only those pages.
      if (app.publicCache.enabled && !personal) cache.set(url, markup, { stamp, tags: itemTags(markup) });
      return markup;
    } catch (err) {
      app.log.warn({ err, url }, "server rendering failed: answering the plain page");
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  return async function withServerRender(document: string, url: string, request?: FastifyRequest): Promise<string> {
    const pathname = url.split("?")[0] ?? "";
    if (!LANDING_PAGES.some((p) => p.pattern.test(pathname)) || !document.includes('<div id="root"></div>')) return document;
    const token = request?.user && request.sessionVia === "cookie" ? request.sessionToken : null;
    if (token) {
      const own = await viewer.run(token, () => renderMarkup(url, true));
      return own ? document.replace('<div id="root"></div>', own) : document;
    }
    let markup: string | null | undefined = cache.get(url);
    if (markup === undefined) {
      let pending = inFlight.get(url);
      if (!pending) {
        pending = renderMarkup(url).finally(() => inFlight.delete(url));
        inFlight.set(url, pending);
      }
      markup = await pending;
    }
    return markup ? document.replace('<div id="root"></div>', markup) : document;
  };
}
