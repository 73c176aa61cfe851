/**
 * In-process cache of the public catalog answers (ADR 0052). GETs of the catalog (the store's settings, categories,
 * product and service lists and details, reviews) are answered from memory; every request that may change what they show clears
 * it, and entries live at most `ttlMs` as a backstop for changes made outside HTTP (the expiry
 * sweep releasing stock).
 *
 * Each route declares what it is to the caches in its options (`config.cache`, lib/route-cache.ts,
 * ADR 0166), read once when it is registered (onRoute); a route without a declaration is listed in
 * `undeclared` (a test fails on it). Correctness rules:
 * - Only GET, only status 200, only routes declaring `answers: "public"` (those declaring
 *   `admit: "second ask"` from the second time a URL is answered, ADR 0230); with an Authorization
 *   header or a session cookie not the queries naming one of the route's `personal` parameters
 *   (their answer differs by caller, ADR 0125).
 * - A route declaring "catalog" invalidates the `catalog` tag once its handler is done (onSend,
 *   before the answer leaves) unless refused (400-499), and an answer computed while an
 *   invalidation arrived in between is not stored (the cache's stamp).
 * - A route declaring "stock" changes only stock: its handler drops the entries tagged with the
 *   products it changed (`invalidate(ids)`; `itemTags`: the listings and details that show them), so
 *   a checkout does not empty the whole catalog cache of every process (ADR 0144); a 500 empties it.
 * - Every process: the cache is the named cache `public-answers` of the cache module (lib/cache,
 *   ADR 0100), so an invalidation here reaches the other store processes over the bus.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { CacheHub, localCache } from "../lib/cache/index.js";
import { type CachePlan, planOf } from "../lib/route-cache.js";

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

/**
 * Run `work`, a write that changes only stock (a route declaring "stock"), with a callback it calls
 * with the products whose stock it changed once committed; when it ends, answer or error, the answers
 * and pages showing them are dropped in every process before the answer leaves (ADR 0144).
 */
export async function withStockChanges<T>(
  app: FastifyInstance,
  work: (changed: (productIds: readonly string[]) => void) => Promise<T>,
): Promise<T> {
  const changed: string[] = [];
  try {
    return await work((ids) => changed.push(...ids));
  } finally {
    await app.publicCache.invalidate(changed);
  }
}

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
  /**
   * For the routes admitting on the second ask (ADR 0230): how many URLs this process remembers
   * (default 10,000) and how many characters of them (default 2 million: the unknown parameters a
   * route ignores can make a URL long), each for `askedMs` from its first ask (default 10 minutes).
   */
  askedUrls?: number;
  askedChars?: number;
  askedMs?: number;
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
  /** The routes registered without a cache declaration ("GET /api/x"): a test requires none. */
  undeclared(): string[];
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
    /** The plan of the route's cache declaration, when it has an effect (set as the route's hooks start). */
    cachePlan?: CachePlan;
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
    // The URLs of the routes admitting on the second ask that this process answered (ADR 0230):
    // its own (each process keeps its own answers), each with its length, for the bound in characters.
    const asked = localCache<number>("public-answers-asked", {
      max: opts.askedUrls ?? 10_000,
      maxSize: opts.askedChars ?? 2_000_000,
      sizeOf: (length) => length,
      ttlMs: opts.askedMs ?? 600_000,
    });
    let hits = 0;
    let misses = 0;

    const invalidate = () => app.cache.invalidate([CATALOG_TAG]);
    const invalidateItems = (ids: readonly string[]) => (ids.length ? app.cache.invalidate(ids.map(itemTag)) : undefined);
    const routes: RouteOptions[] = [];
    // Every route's declaration, read once; the hooks below only read its plan (none: no effect).
    // The route's options are kept to list the undeclared ones later: a plugin's own routes (the API
    // documentation's) are declared by an onRoute hook of their scope, which runs after this one.
    // A route with an effect gets a first route-level onRequest hook handing its plan to the request:
    // a property read for the hooks below (`request.routeOptions` builds an object per call).
    app.addHook("onRoute", (route) => {
      routes.push(route);
      const declared = route.config?.cache;
      if (!declared) return;
      const plan = planOf(declared);
      if (!plan.public && !plan.catalog && !plan.stock && !plan.sessions) return;
      const withPlan: onRequestHookHandler = (request, _reply, done) => {
        request.cachePlan = plan;
        done();
      };
      route.onRequest = [withPlan, ...[route.onRequest ?? []].flat()];
    });
    app.decorate("publicCache", {
      enabled: opts.enabled !== false,
      undeclared: () => routes.filter((r) => !r.config?.cache).flatMap((r) => [r.method].flat().map((m) => `${m} ${r.url}`)),
      invalidate: async (productIds) => (productIds ? invalidateItems(productIds) : invalidate()),
      stats: () => ({ entries: entries.size, bytes: entries.totalSize, hits, misses, version: entries.stamp() }),
    } satisfies PublicCache);
    app.decorateRequest("publicCacheVersion", undefined);
    app.decorateRequest("cachePlan", undefined);
    if (opts.enabled === false) return;

    const cacheable = (request: FastifyRequest) => {
      const plan = request.cachePlan;
      if (!plan?.public || request.method !== "GET") return false;
      // A caller with a token (header or session cookie, ADR 0127) never gets an anonymous personal answer.
      if (!plan.personal.length || (!request.headers.authorization && request.sessionVia === null)) return true;
      const query = request.query as Record<string, unknown>;
      return !plan.personal.some((name) => name in query);
    };

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

    // onSend runs once the handler is done (its transaction committed) and before the answer
    // leaves, so the writer's next read never sees the old entry. Registered before
    // @fastify/compress, so it sees the JSON string, not a compressed stream.
    // A write's answer waits until the bus took the invalidation (lib/cache): a client that then
    // asks another process finds it told.
    const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<void> | undefined => {
      const plan = request.cachePlan;
      // A 500 may have stopped anywhere: everything goes. A refused write (400-499) changed nothing
      // (anonymous junk requests cannot flush the cache); a stock-only write dropped its products itself.
      if (plan?.stock) return reply.statusCode >= 500 ? invalidate() : undefined;
      if (plan?.catalog) return reply.statusCode < 400 || reply.statusCode >= 500 ? invalidate() : undefined;
      const stamp = request.publicCacheVersion;
      if (stamp === undefined || reply.statusCode !== 200 || typeof payload !== "string") return;
      // On a route admitting on the second ask, a URL not asked in the last `askedMs` is only
      // remembered. One remembered is kept at once, also after its kept answer expired or was dropped.
      if (plan?.secondAsk && asked.get(request.url) === undefined) {
        asked.set(request.url, request.url.length);
        return;
      }
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
