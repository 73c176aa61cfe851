/**
 * Listing totals (ADR 0020): "Showing 1-12 of N results" counts the listing's rows, and a large
 * count is reused for a while instead of reading the whole listing on every page.
 */
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { localCache } from "../../lib/cache/index.js";

/** Counts at or above this are cached (counting a large listing reads all of it on every page; small lists stay exact). */
const COUNT_CACHE_MIN = 5_000;
/** How long a cached large count is reused. */
const COUNT_CACHE_TTL_MS = 30_000;
const COUNT_CACHE_MAX = 1_000;
/**
 * Large counts, per table and filter: a named cache of this process only (lib/cache, ADR 0100).
 * Nothing invalidates a count (ADR 0020 accepts its age), so there is nothing to broadcast.
 */
const countCache = localCache<number>("listing-counts", { max: COUNT_CACHE_MAX, ttlMs: COUNT_CACHE_TTL_MS });
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Count rows of `table` matching `where`, reusing a recent answer when the list is large
 * (ADR 0020): "Showing 1-12 of 100,000 results" may be up to COUNT_CACHE_TTL_MS old, while a
 * small list (a category, a search, a seller's own items) is always counted exactly.
 */
export async function cachedCount(table: string, where: SQL, count: () => Promise<number>): Promise<number> {
  const q = dialect.sqlToQuery(where);
  const key = `${table}|${q.sql}|${JSON.stringify(q.params)}`;
  const hit = countCache.get(key);
  if (hit !== undefined) return hit;
  const n = await count();
  if (n >= COUNT_CACHE_MIN) countCache.set(key, n);
  return n;
}
