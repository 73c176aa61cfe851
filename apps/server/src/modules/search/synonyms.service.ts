/**
 * Synonym groups (ADR 0206): the admin's list of terms that find the same items, applied both
 * ways at query time (query.ts `applySynonyms`), so an edit works at once with no reindexing.
 * Each process keeps the list in a named cache tagged "catalog": the admin's writes declare the
 * catalog invalidation, which empties it in every process (ADR 0100).
 */
import type { SynonymGroup } from "@market/contract";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../../db/client.js";
import { searchSynonyms } from "../../db/schema/index.js";
import type { NamedCache } from "../../lib/cache/index.js";
import { notFound } from "../../lib/errors.js";
import { CATALOG_TAG } from "../../plugins/public-cache.js";
import { wordsOf } from "./query.js";

/** The terms of every group, for the query planner. */
export type Synonyms = readonly (readonly string[])[];

/** The cache of each hub (plugins see the one hub through their own encapsulated instances). */
const caches = new WeakMap<FastifyInstance["cache"], NamedCache<Synonyms>>();

function cacheOf(app: FastifyInstance): NamedCache<Synonyms> {
  let cache = caches.get(app.cache);
  if (!cache) {
    cache = app.cache.define<Synonyms>("search-synonyms", { max: 1, ttlMs: 5 * 60_000, tags: [CATALOG_TAG] });
    caches.set(app.cache, cache);
  }
  return cache;
}

/**
 * Forget the groups in every process after the admin changed them (the catalog invalidation does
 * too, but only while the public cache is on).
 */
export function synonymsChanged(app: FastifyInstance): Promise<void> {
  return cacheOf(app).clear();
}

/** The synonym groups as the planner reads them, from this process's cache (filled from `db`). */
export async function loadSynonyms(app: FastifyInstance, db: Executor): Promise<Synonyms> {
  const cache = cacheOf(app);
  const hit = cache.get("all");
  if (hit) return hit;
  const stamp = cache.stamp();
  const groups = (await listSynonyms(db)).map((g) => g.terms);
  cache.set("all", groups, { stamp });
  return groups;
}

/** Every group, oldest first. */
export async function listSynonyms(db: Executor): Promise<SynonymGroup[]> {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.updatedAt), asc(searchSynonyms.id));
  return rows.map((r) => ({ _id: r.id, terms: r.terms }));
}

/** A term as the search reads it: its words, lower case and unaccented, one space apart. */
const clean = (terms: string[]) => [...new Set(terms.map((t) => wordsOf(t).join(" ")).filter(Boolean))];

/** Add a group (terms already checked by the contract's SynonymInput). */
export async function createSynonyms(db: Executor, terms: string[]): Promise<SynonymGroup> {
  const [row] = await db
    .insert(searchSynonyms)
    .values({ terms: clean(terms) })
    .returning();
  return { _id: row!.id, terms: row!.terms };
}

/**
 * Replace a group's terms.
 * @throws HttpError 404 when there is no such group.
 */
export async function updateSynonyms(db: Executor, id: string, terms: string[]): Promise<SynonymGroup> {
  const [row] = await db
    .update(searchSynonyms)
    .set({ terms: clean(terms), updatedAt: new Date() })
    .where(eq(searchSynonyms.id, id))
    .returning();
  if (!row) throw notFound("Synonym group not found");
  return { _id: row.id, terms: row.terms };
}

/**
 * Delete a group.
 * @throws HttpError 404 when there is no such group.
 */
export async function deleteSynonyms(db: Executor, id: string): Promise<void> {
  const gone = await db.delete(searchSynonyms).where(eq(searchSynonyms.id, id)).returning({ id: searchSynonyms.id });
  if (!gone.length) throw notFound("Synonym group not found");
}
