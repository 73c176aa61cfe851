/**
 * Cache effects declared on the route (ADR 0166): every route says in its options
 * (`config.cache`) how the public cache treats its answers and which caches a call empties, instead
 * of URL lists kept far from the routes. The public-cache plugin reads the declaration once per
 * route (onRoute) into a `CachePlan` that the route hands to each request (`request.cachePlan`);
 * the per-request hooks only read its flags.
 */

/** A cache a call may empty once its handler is done. */
type Effect =
  /** Every catalog answer and drawn page, in every process (the catalog tag, ADR 0052), unless the call was refused (400-499). */
  | "catalog"
  /**
   * Only stock changes: the handler drops what shows the products it changed itself
   * (`app.publicCache.invalidate(ids)`, ADR 0144), whatever its answer; a 500 (it may have stopped
   * anywhere) empties the catalog.
   */
  | "stock"
  /** The session cache of every process (ADR 0070), when the call succeeded (below 400). */
  | "sessions";

/** What a route declares in `config.cache`. */
export type RouteCache = {
  /**
   * "public": a GET answer (200) is kept in the public cache by URL and served to every caller,
   * signed in or not (it must be the same for everyone, ADR 0125), except the queries naming one of
   * `personal`'s parameters: those are kept and served for anonymous callers only. "none": never kept.
   */
  answers: "public" | "none";
  personal?: readonly string[];
  /**
   * "second ask": a public answer is kept only when this process was asked its URL before (in the
   * last 10 minutes, among the last 10,000 URLs it remembers): the URLs asked once, most searches,
   * neither pay for storing nor push out the answers asked often (ADR 0230). Default: kept on the first.
   */
  admit?: "second ask";
  invalidates: readonly Effect[];
};

/** A declaration read once: what the per-request hooks test. */
export type CachePlan = {
  public: boolean;
  personal: readonly string[];
  secondAsk: boolean;
  catalog: boolean;
  stock: boolean;
  sessions: boolean;
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's cache declaration (ADR 0166); a test fails for a route without one. */
    cache?: RouteCache;
  }
}

/** A route whose answers are never cached and whose calls empty nothing: reads of one's own data, writes the catalog never shows. */
export const NO_CACHE_EFFECT: RouteCache = { answers: "none", invalidates: [] };

/** The plan of a declaration. */
export function planOf(declared: RouteCache): CachePlan {
  return {
    public: declared.answers === "public",
    personal: declared.personal ?? [],
    secondAsk: declared.admit === "second ask",
    catalog: declared.invalidates.includes("catalog"),
    stock: declared.invalidates.includes("stock"),
    sessions: declared.invalidates.includes("sessions"),
  };
}
