/**
 * In-process cache of the public catalog answers (issue 7 "response caching with invalidation on
 * writes", ADR 0052). Anonymous GETs of the catalog (categories, product and service lists and
 * details, reviews) are answered from memory; every request that may change what they show clears
 * it, and entries live at most `ttlMs` as a backstop for changes made outside HTTP (the expiry
 * sweep releasing stock).
 *
 * Correctness rules:
 * - Only GET, only without an Authorization header (signed-in answers can be personal: "Following",
 *   the seller's own unlisted items), only status 200, only the allow-listed paths below.
 * - Every non-GET /api request (except writes known not to touch the catalog: cart, sign-in,
 *   wishlist...) and the state-changing `GET /api/user/follow` bump a version once their handler is
 *   done (onSend, before the answer leaves); an entry is served only while its version is current,
 *   and an answer computed while a write finished in between is not stored.
 * - One process only: several server processes would each keep their own cache, bounded by `ttlMs`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** Anonymous GETs answered from the cache. */
const CACHEABLE = [/^\/api\/category(\?|$)/, /^\/api\/product(\?|$)/, /^\/api\/posts(\?|$)/, /^\/api\/posts\/reviews(\?|$)/];
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

export type PublicCacheOptions = {
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

type Entry = { version: number; expires: number; payload: string; contentType: string };

export type PublicCache = {
  /** Is the cache on (see `PublicCacheOptions.enabled`)? Caches built on its version follow it. */
  enabled: boolean;
  /** Drop every entry (call after a write the hooks cannot see, e.g. a background job). */
  invalidate(): void;
  /** Figures for tests and the benchmark. */
  stats(): { entries: number; bytes: number; hits: number; misses: number; version: number };
};

declare module "fastify" {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    /** Cache version when this cacheable request started; undefined when not cacheable or a hit. */
    publicCacheVersion?: number;
  }
}

export default fp<PublicCacheOptions>(
  async function publicCachePlugin(app: FastifyInstance, opts: PublicCacheOptions) {
    const ttlMs = opts.ttlMs ?? 30_000;
    const maxEntries = opts.maxEntries ?? 2_000;
    const maxBytes = opts.maxBytes ?? 32 * 1024 * 1024;
    const entries = new Map<string, Entry>();
    let bytes = 0;
    let version = 0;
    let hits = 0;
    let misses = 0;

    const remove = (key: string) => {
      const e = entries.get(key);
      if (!e) return;
      bytes -= e.payload.length;
      entries.delete(key);
    };
    const invalidate = () => {
      version++;
      entries.clear();
      bytes = 0;
    };
    app.decorate("publicCache", {
      enabled: opts.enabled !== false,
      invalidate,
      stats: () => ({ entries: entries.size, bytes, hits, misses, version }),
    } satisfies PublicCache);
    app.decorateRequest("publicCacheVersion", undefined);
    if (opts.enabled === false) return;

    const cacheable = (request: FastifyRequest) =>
      request.method === "GET" && !request.headers.authorization && CACHEABLE.some((r) => r.test(request.url));

    // preValidation runs after every onRequest hook (helmet's headers are already set on a hit).
    // Callback-style hooks (not async): no promise per request for the routes they skip (ADR 0071).
    app.addHook("preValidation", (request, reply, done) => {
      if (!cacheable(request)) return done();
      const hit = entries.get(request.url);
      if (hit && hit.version === version && hit.expires > Date.now()) {
        hits++;
        // Most recently used last: Map keeps insertion order.
        entries.delete(request.url);
        entries.set(request.url, hit);
        reply.header("content-type", hit.contentType).header("x-cache", "hit");
        reply.send(hit.payload);
        return;
      }
      if (hit) remove(request.url);
      misses++;
      request.publicCacheVersion = version;
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
    const onSend = (request: FastifyRequest, reply: FastifyReply, payload: unknown): void => {
      if (writes(request)) {
        // A refused write (400-499) changed nothing: anonymous junk requests cannot flush the cache.
        if (reply.statusCode < 400 || reply.statusCode >= 500) invalidate();
        return;
      }
      const started = request.publicCacheVersion;
      if (started === undefined || started !== version || reply.statusCode !== 200 || typeof payload !== "string") return;
      if (payload.length > maxBytes / 8) return;
      remove(request.url);
      entries.set(request.url, {
        version,
        expires: Date.now() + ttlMs,
        payload,
        contentType: String(reply.getHeader("content-type") ?? "application/json; charset=utf-8"),
      });
      bytes += payload.length;
      while (entries.size > maxEntries || bytes > maxBytes) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        remove(oldest);
      }
      reply.header("x-cache", "miss");
    };
    app.addHook("onSend", (request, reply, payload, done) => {
      onSend(request, reply, payload);
      done(null, payload);
    });
  },
  { name: "public-cache" },
);
