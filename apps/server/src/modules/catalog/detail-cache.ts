/**
 * Signed-in catalog details as fast as anonymous ones (ADR 0125). A product or service detail
 * (spec §3 "Detail response") is a public part, the same for everyone (the item, its seller, the
 * newest reviews), and a personal part: `user.following` and `UsersCategories`. Both parts come
 * from named caches of the cache module (lib/cache, ADR 0100):
 * - `catalog-details`: the public part of a listed item, by item; an unlisted item is never kept
 *   (only its owner sees it, read from the database each time);
 * - `viewer-facts`: per signed-in user, the sellers they follow and their own categories.
 * Both carry the catalog tag, so every catalog write, follow and profile change empties them in
 * every process (plugins/public-cache.ts decides which writes those are), and both are read from
 * the primary database: a signed-in writer's next read sees their write (ADR 0106).
 */
import type { Category, Seller } from "@market/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../../db/client.js";
import { follows } from "../../db/schema/index.js";
import type { CacheHub, NamedCache } from "../../lib/cache/index.js";
import { CATALOG_TAG, itemTag } from "../../plugins/public-cache.js";
import { listCategories } from "./categories.service.js";

/** The public part of a detail: `user.following` is false in it (nobody is looking). */
export type PublicDetail<P> = { products: P; user: Seller };

/** What one signed-in viewer adds to every detail. */
type ViewerFacts = { follows: ReadonlySet<string>; categories: Category[] };

export type DetailCaches = {
  details: NamedCache<PublicDetail<unknown>>;
  viewers: NamedCache<ViewerFacts>;
};

/** Entries live at most this long (ms): the backstop for changes no hook sees, like the public answers'. */
const TTL_MS = 30_000;
const byHub = new WeakMap<CacheHub, DetailCaches>();

/**
 * The detail caches of `app` (defined on its cache hub on first use); null when the public cache is
 * off (NODE_ENV=test: tests write rows straight into the database, which no hook sees).
 */
export function detailCaches(app: FastifyInstance): DetailCaches | null {
  if (!app.publicCache.enabled) return null;
  let caches = byHub.get(app.cache);
  if (!caches) {
    caches = {
      details: app.cache.define<PublicDetail<unknown>>("catalog-details", { max: 5_000, ttlMs: TTL_MS, tags: [CATALOG_TAG] }),
      viewers: app.cache.define<ViewerFacts>("viewer-facts", { max: 20_000, ttlMs: TTL_MS, tags: [CATALOG_TAG] }),
    };
    byHub.set(app.cache, caches);
  }
  return caches;
}

/**
 * The public part of item `key` ("product:<id>", "post:<id>"): from the cache,
 * else `read()` (null for an item the public does not see), kept when `read` answered and nothing
 * that concerns it was invalidated meanwhile. Tagged with the item, so a change of its stock drops
 * it alone (ADR 0144).
 */
export async function publicDetail<P>(
  caches: DetailCaches | null,
  key: string,
  read: () => Promise<PublicDetail<P> | null>,
): Promise<PublicDetail<P> | null> {
  if (!caches) return read();
  const hit = caches.details.get(key);
  if (hit) return hit as PublicDetail<P>;
  const stamp = caches.details.stamp();
  const value = await read();
  if (value) caches.details.set(key, value, { stamp, tags: [itemTag(key.slice(key.indexOf(":") + 1))] });
  return value;
}

/** The sellers `userId` follows and their own categories, cached per user. */
async function viewerFacts(db: Executor, caches: DetailCaches | null, userId: string): Promise<ViewerFacts> {
  const hit = caches?.viewers.get(userId);
  if (hit) return hit;
  const stamp = caches?.viewers.stamp();
  const [followed, categories] = await Promise.all([
    db.select({ id: follows.sellerId }).from(follows).where(eq(follows.followerId, userId)),
    listCategories(db, { userId }),
  ]);
  const facts = { follows: new Set(followed.map((r) => r.id)), categories };
  caches?.viewers.set(userId, facts, { stamp });
  return facts;
}

/**
 * The detail answer for `viewerId` (null: anonymous) built from the public part: the viewer's
 * `following` of this seller and their categories (spec §3 "UsersCategories", empty when anonymous).
 */
export async function personalDetail<P>(
  db: Executor,
  caches: DetailCaches | null,
  base: PublicDetail<P>,
  viewerId: string | null,
): Promise<{ products: P; user: Seller; UsersCategories: Category[] }> {
  if (!viewerId) return { ...base, UsersCategories: [] };
  const facts = await viewerFacts(db, caches, viewerId);
  return {
    products: base.products,
    user: { ...base.user, following: facts.follows.has(base.user._id) },
    UsersCategories: facts.categories,
  };
}
