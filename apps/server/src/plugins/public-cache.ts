/**
 * In-process cache of the public catalog answers (ADR 0052). GETs of the catalog (the store's settings, categories,
 * product and service lists and details, reviews) are answered from memory; every request that may change what they show clears
 * it, and entries live at most `ttlMs` as a backstop for changes made outside HTTP (the expiry
 * sweep releasing stock).
 *
 * Correctness rules:
 * - Only GET, only status 200, only the allow-listed paths below; with an Authorization header or a
 *   session cookie only the answers that are the same for everyone (`PERSONAL_PARAM`, ADR 0125).
 * - Every non-GET /api request (except writes known not to touch the catalog: cart, sign-in,
 *   wishlist...) and the state-changing `GET /api/user/follow` invalidate the `catalog` tag once
 *   their handler is done (onSend, before the answer leaves), and an answer computed while an
 *   invalidation arrived in between is not stored (the cache's stamp).
 * - A write that changes only stock says which products (`request.stockChanged`): then only the
 *   entries tagged with those items (`itemTags`: the listings and details that show them) are
 *   dropped, so a checkout does not empty the whole catalog cache of every process (ADR 0144).
 * - Every process: the cache is the named cache `public-answers` of the cache module (lib/cache,
 *   ADR 0100), so an invalidation here reaches the other store processes over the bus.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { CacheHub } from "../lib/cache/index.js";

/** The tag of everything drawn from the catalog: the public answers and the server-drawn pages. */
export const CATALOG_TAG = "catalog";

/** The tag of every cached answer or page that shows item `id` (a product's stock, ADR 0144). */
export const itemTag = (id: string) => `item:${id}`;

const ITEM_ID = /"_id":"([0-9a-f-]{36})"/g;

/**
 * The item tags of a cached answer or page: one per `"_id":"<uuid>"` in its JSON (the products of
 * a listing, the item of a detail; a category's or seller's id too, which no stock change names:
 * harmless). What a stock change must reach is exactly what shows the product.
 */
export function itemTags(json: string): string[] {
  const tags = new Set<string>();
  for (const m of json.matchAll(ITEM_ID)) tags.add(itemTag(m[1]!));
  return [...tags];
}

/** Anonymous GETs answered from the cache. */
const CACHEABLE = [
  /^\/api\/settings(\?|$)/,
  /^\/api\/category(\?|$)/,
  /^\/api\/product(\?|$)/,
  /^\/api\/posts(\?|$)/,
  /^\/api\/posts\/reviews(\?|$)/,
];
/**
 * Cacheable GETs whose answer differs by caller: an item's detail (`id=`: the viewer's follow
 * state and categories, composed from caches of their own in catalog/detail-cache.ts, ADR 0125) and
 * a seller's own list (`mine=`). Every other cacheable answer is the same for everyone, so signed-in
 * shoppers are served the shared entry too.
 */
const PERSONAL_PARAM = /[?&](id|mine)=/;
/** GET routes that change data (spec §7: follow/unfollow is a GET). */
const MUTATING_GETS = [/^\/api\/user\/follow(\?|$)/];
/** Writes that never change a cached answer (nothing in them is shown in the catalog). */
const UNRELATED_WRITES = [
  /^\/api\/cart(\?|$)/,
  /^\/api\/signin(\?|$)/,
  /^\/api\/signout(\?|$)/,
  /^\/api\/wishlist(\?|$)/,
  /^\/api\/contact(\?|$)/,
  /^\/api\/address(\?|$)/,
  /^\/api\/verify(\?|$)/,
  /^\/api\/recover\//,
  /^\/api\/uploads(\?|$)/,
  /^\/api\/v1\//,
];

type PublicCacheOptions = {
  /**
   * Off under NODE_ENV=test unless PUBLIC_CACHE says otherwise (config.ts, app.ts): tests insert
   * rows with the factories, straight into the database, which no hook sees.
   * test/perf-cache.test.ts builds the app with PUBLIC_CACHE=true.
   */
  enabled?: boolean;
  /** Longest life of an entry in ms (default 30 s, the period of the stock-release sweep). */
  ttlMs?: number;
  /** At most this many answers (default 2,000)... */
  maxEntries?: number;
  /** ...and this many bytes of JSON (default 32 MiB); the least recently used go first. */
  maxBytes?: number;
};

type Entry = { payload: string; contentType: string };

type PublicCache = {
  /** Is the cache on (see `PublicCacheOptions.enabled`)? The server-drawn page cache follows it. */
  enabled: boolean;
  /**
   * Drop every catalog answer and drawn page in every process (call after a write the hooks cannot
   * see, e.g. a background job); with `productIds`, only those that show these products (a change
   * of their stock alone, ADR 0144; none: nothing). Resolves once the other processes' bus took it
   * (never rejects).
   */
  invalidate(productIds?: readonly string[]): Promise<void>;
  /** Figures for tests and the benchmark; `version` changes whenever an invalidation may concern it. */
  stats(): { entries: number; bytes: number; hits: number; misses: number; version: number };
};

declare module "fastify" {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    /** Cache stamp when this cacheable request started; undefined when not cacheable or a hit. */
    publicCacheVersion?: number;
    /**
     * Set by a write that changes nothing in the catalog but the stock of these products (a
     * checkout, a cancelled order): only the answers and pages showing them are dropped, in every
     * process, whatever the answer's status but a 500 (ADR 0144). Unset: the write empties the
     * catalog caches unless refused (400-499).
     */
    stockChanged?: string[];
  }
}

export default fp<PublicCacheOptions>(
  async function publicCachePlugin(app: FastifyInstance, opts: PublicCacheOptions) {
    const ttlMs = opts.ttlMs ?? 30_000;
    const maxEntries = opts.maxEntries ?? 2_000;
    const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
    // Registered alone (a test of this plugin), the app has no hub: this process's own, without a bus.
    if (!app.hasDecorator("cache")) app.decorate("cache", new CacheHub({ bus: null }));
    const entries = app.cache.define<Entry>("public-answers", {
      max: maxEntries,
      ttlMs,
      maxSize: maxBytes,
      sizeOf: (e) => e.payload.length,
      tags: [CATALOG_TAG],
    });
    let hits = 0;
    let misses = 0;

    const invalidate = () => app.cache.invalidate([CATALOG_TAG]);
    const invalidateItems = (ids: readonly string[]) => (ids.length ? app.cache.invalidate(ids.map(itemTag)) : undefined);
    app.decorate("publicCache", {
      enabled: opts.enabled !== false,
      invalidate: async (productIds) => (productIds ? invalidateItems(productIds) : invalidate()),
      stats: () => ({ entries: entries.size, bytes: entries.totalSize, hits, misses, version: entries.stamp() }),
    } satisfies PublicCache);
    app.decorateRequest("publicCacheVersion", undefined);
    app.decorateRequest("stockChanged", undefined);
    if (opts.enabled === false) return;

    const cacheable = (request: FastifyRequest) =>
      request.method === "GET" &&
      CACHEABLE.some((r) => r.test(request.url)) &&
      // A caller with a token (header or session cookie, ADR 0127) never gets an anonymous personal answer.
      ((!request.headers.authorization && request.sessionVia === null) || !PERSONAL_PARAM.test(request.url));

    // preValidation runs after every onRequest hook (helmet's headers are already set on a hit).
    // Callback-style hooks (not async): no promise per request for the routes they skip (ADR 0071).
    app.addHook("preValidation", (request, reply, done) => {
      if (!cacheable(request)) return done();
      const hit = entries.get(request.url);
      if (hit) {
        hits++;
        reply.header("content-type", hit.contentType).header("x-cache", "hit");
        reply.send(hit.payload);
        return;
      }
      misses++;
      request.publicCacheVersion = entries.stamp();
      done();
    });

    /** Does this request (a write, or a GET that writes) possibly change a cached answer? */
    const writes = (request: FastifyRequest) => {
      const url = request.url;
      if (!url.startsWith("/api")) return false;
      if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS")
        return MUTATING_GETS.some((r) => r.test(url));
      return !UNRELATED_WRITES.some((r) => r.test(url));
    };

    // onSend runs once the handler is done (its transaction committed) and before the answer
    // leaves, so the writer's next read never sees the old entry. Registered before
    // @fastify/compress, so it sees the JSON string, not a compressed stream.
    // A write's answer waits until the bus took the invalidation (lib/cache): a client that then
    // asks another process finds it told.
    const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> | undefined => {
      if (writes(request)) {
        const stock = request.stockChanged;
        // Only stock changed (committed, even when the answer is a refusal): only what shows it goes.
        // A 500 may have stopped anywhere: everything goes.
        if (stock && reply.statusCode < 500) return invalidateItems(stock);
        // A refused write (400-499) changed nothing: anonymous junk requests cannot flush the cache.
        if (reply.statusCode < 400 || reply.statusCode >= 500) return invalidate();
        return;
      }
      const stamp = request.publicCacheVersion;
      if (stamp === undefined || reply.statusCode !== 200 || typeof payload !== "string") return;
      // Not stored when an invalidation came while it was computed, or when over maxBytes / 8.
      const contentType = String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");
      if (!entries.set(request.url, { payload, contentType }, { stamp, tags: itemTags(payload) })) return;
      reply.header("x-cache", "miss");
    };
    app.addHook("onSend", (request, reply, payload, done) => {
      const sent = onSend(request, reply, payload);
      if (sent) sent.then(() => done(null, payload));
      else done(null, payload);
    });
  },
  { name: "public-cache" },
);
