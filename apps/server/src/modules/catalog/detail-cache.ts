/**
 * Signed-in catalog details as fast as anonymous ones (ADR 0125). A product or service detail
 * (spec §3 "Detail response") is a public part, the same for everyone (the item, its seller, the
 * newest reviews), and a personal part: `user.following` and `UsersCategories`. Both parts come
 * from named caches of the cache module (lib/cache, ADR 0100):
 * - `catalog-details`: the public part of a listed item, by item; an unlisted item is never kept
 *   (only its owner sees it, read from the database each time);
 * - `viewer-facts`: per signed-in user, the sellers they follow and their own categories.
 * Both carry the catalog tag, so every catalog write, follow and profile change empties them in
 * every process (the routes declaring "catalog", lib/route-cache.ts), and both are read from
 * the primary database: a signed-in writer's next read sees their write (ADR 0106).
 *
 * When both are cached, a signed-in detail is answered before the route runs (`signedInDetailHook`,
 * ADR 0146, 0167): the item and its seller (following or not) are serialised once per cached entry
 * and the viewer's categories once per cached facts; the answer is the answer object written
 * around these parts, with no per-request Zod encoding and no cutting of JSON.
 */
import type { Category, Seller } from "@market/contract";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { allOf, type Executor } from "../../db/client.js";
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
  /** Signed-in details answered by `signedInDetailHook` (tests, the benchmark). */
  early: number;
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
      early: 0,
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
  const [followed, categories] = await allOf(db, [
    () => db.select({ id: follows.sellerId }).from(follows).where(eq(follows.followerId, userId)),
    () => listCategories(db, { userId }),
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

/**
 * The schema of a detail answer (ProductDetailAnswer, PostDetailAnswer): what the route's
 * serialiser encodes a detail with, so the early answer is the same bytes. Its parts are encoded
 * one by one, in the answer's key order.
 */
export type DetailSchema = {
  shape: {
    products: { encode(value: never): unknown };
    user: { encode(value: never): unknown };
    UsersCategories: { encode(value: never): unknown };
  };
};

/**
 * A cached public part serialised once: the item's JSON, and the seller's as seen by a viewer who
 * follows them and by one who does not (the only per-viewer field of the public part). Null: it
 * could not be encoded (then the route answers). Kept beside the cached entry, so it goes when the
 * entry is invalidated.
 */
type Serialised = { item: string; followed: string; notFollowed: string } | null;
const serialisedOf = new WeakMap<object, Serialised>();
/** The viewer's categories as JSON, kept beside the cached facts. */
const categoriesJsonOf = new WeakMap<object, string>();

function serialise(schema: DetailSchema, base: PublicDetail<unknown>): Serialised {
  const seller = (following: boolean) => JSON.stringify(schema.shape.user.encode({ ...base.user, following } as never));
  try {
    return {
      item: JSON.stringify(schema.shape.products.encode(base.products as never)),
      followed: seller(true),
      notFollowed: seller(false),
    };
  } catch {
    return null;
  }
}

/**
 * The detail answer's JSON for signed-in `viewerId` from the caches alone: the answer object
 * `{statusCode, products, user, UsersCategories}` written around the cached public part of `key`
 * ("product:<id>", "post:<id>") serialised once and the viewer's cached facts, byte for byte what
 * the route answers (its serialiser encodes with the same `schema`). Undefined when either is not
 * cached (an unlisted item never is) or the part cannot be encoded: the route answers then.
 */
function cachedDetailJson(caches: DetailCaches, key: string, viewerId: string, schema: DetailSchema): string | undefined {
  const base = caches.details.get(key);
  if (!base) return undefined;
  const facts = caches.viewers.get(viewerId);
  if (!facts) return undefined;
  let parts = serialisedOf.get(base);
  if (parts === undefined) {
    parts = serialise(schema, base);
    serialisedOf.set(base, parts);
  }
  if (!parts) return undefined;
  let categories = categoriesJsonOf.get(facts);
  if (categories === undefined) {
    categories = JSON.stringify(schema.shape.UsersCategories.encode(facts.categories as never));
    categoriesJsonOf.set(facts, categories);
  }
  const seller = facts.follows.has(base.user._id) ? parts.followed : parts.notFollowed;
  return `{"statusCode":200,"products":${parts.item},"user":${seller},"UsersCategories":${categories}}`;
}

/**
 * Route hook (preValidation: after the auth plugin's onRequest set `request.user`, so a revoked or
 * expired token is no viewer here) answering a signed-in `GET ?id=<id>` of `kind` from the caches
 * (`cachedDetailJson`) before the query's validation, the handler and the response serialiser run.
 * Anything else (anonymous, other query parameters, not cached) goes on to the route. The auth
 * plugin's onSend still marks the answer `private, no-store` and `Vary: Authorization, Cookie`.
 */
export function signedInDetailHook(caches: DetailCaches | null, kind: "product" | "post", schema: DetailSchema) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const viewer = request.user;
    if (!caches || !viewer) return done();
    const query = request.query as Record<string, unknown>;
    const id = query.id;
    if (typeof id !== "string") return done();
    for (const name in query) if (name !== "id") return done();
    const json = cachedDetailJson(caches, `${kind}:${id}`, viewer.id, schema);
    if (json === undefined) return done();
    caches.early++;
    reply.header("content-type", "application/json; charset=utf-8").send(json);
  };
}
