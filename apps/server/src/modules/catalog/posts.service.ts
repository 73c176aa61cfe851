/**
 * Services ("posts", spec §3 "Service (post)", §7 /api/posts): the public listing (listed items
 * only), the seller's own list, one service with its seller, and the owner's writes. A service's
 * category must be one of the seller's own categories of type services (spec §5).
 */
import {
  averageStars,
  DETAIL_REVIEWS_MAX,
  LIST_REVIEWS_MAX,
  type Post,
  type PostCreateInput,
  type PostListQuery,
  type PostSort,
  type PostUpdateInput,
  REACTIONS_LIST_MAX,
  TEXT,
} from "@market/contract";
import { and, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client.js";
import { categories, posts, reactions, reviews, userCategories } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { runListing, type SortSpec } from "../../lib/keyset.js";
import type { AuthUser } from "../auth/sessions.js";
import { type DetailCaches, personalDetail, publicDetail } from "./detail-cache.js";
import { cachedCount } from "./listing-count.js";
import { listReviews, newestReviewsByPost } from "./reviews.service.js";
import { assertCategory, assertOwnUploads, assertSeller, isListedSeller, listingWhere } from "./rules.js";
import { getSeller } from "./sellers.service.js";

const OWN_SERVICE_CATEGORY = "Choose one of your service categories";
const NOT_FOUND = "Service not found";

/** Average stars as a SQL expression (0 when nobody rated). Used for the "rating" sort. */
const averageExpr = sql`(case when ${posts.ratingCount} = 0 then 0 else round(${posts.ratingSum}::numeric / ${posts.ratingCount}, 6) end)`;

/** Sort orders of services. "newest" matches the partial indexes of db/schema/catalog.ts. */
const POST_SORT_SPECS: Record<PostSort, SortSpec> = {
  newest: {
    indexDesc: true,
    name: "newest",
    keyExpr: sql`${posts.createdAt}`,
    keyText: sql`${posts.createdAt}::text`,
    keyType: "timestamptz",
    idExpr: sql`${posts.id}`,
    desc: true,
  },
  rating: {
    indexDesc: true,
    name: "rating",
    keyExpr: averageExpr,
    keyText: sql`${averageExpr}::text`,
    keyType: "numeric",
    idExpr: sql`${posts.id}`,
    desc: true,
  },
};

function columns(spec: SortSpec) {
  return {
    id: posts.id,
    userId: posts.userId,
    categoryId: posts.categoryId,
    categoryName: categories.name,
    body: posts.body,
    imageUrls: posts.imageUrls,
    ratingCount: posts.ratingCount,
    ratingSum: posts.ratingSum,
    listed: posts.listed,
    createdAt: posts.createdAt,
    reactions: sql<
      number[]
    >`coalesce((select array_agg(s.stars) from (select ${reactions.stars} as stars from ${reactions} where ${reactions.postId} = ${posts.id} order by ${reactions.createdAt} desc limit ${REACTIONS_LIST_MAX}) s), '{}')`,
    reviewsCount: sql<number>`(select count(*)::int from ${reviews} where ${reviews.postId} = ${posts.id})`,
    cursorKey: sql<string>`${spec.keyText}`,
  };
}

type Row = {
  id: string;
  userId: string;
  categoryId: string;
  categoryName: string;
  body: string;
  imageUrls: string[];
  ratingCount: number;
  ratingSum: number;
  listed: boolean;
  createdAt: Date;
  reactions: number[];
  reviewsCount: number;
};

/** Row -> API shape. */
function toPost(r: Row): Post {
  return {
    _id: r.id,
    user_id: r.userId,
    category_id: r.categoryId,
    category_name: r.categoryName,
    body: r.body,
    image_urls: r.imageUrls,
    reactions: r.reactions.map(Number),
    stars: averageStars(r.ratingSum, r.ratingCount) ?? 0,
    reviews_count: Number(r.reviewsCount),
    listed: r.listed,
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * One page of services. Public: listed items only. `mine`: the viewer's own (any state).
 * @throws HttpError 401 for `mine` without a signed-in user; 400 for a bad cursor.
 */
export async function listPosts(db: Executor, q: z.output<typeof PostListQuery>, viewer: AuthUser | null) {
  const where = listingWhere(posts, q, viewer);
  const spec = POST_SORT_SPECS[q.sort];
  const page = await runListing({
    spec,
    where,
    limit: q.limit,
    cursor: q.cursor,
    page: q.page,
    count: (w) => cachedCount("posts", w, async () => (await db.select({ n: count() }).from(posts).where(w))[0]?.n ?? 0),
    fetch: (w, order, limit, offset) =>
      db
        .select(columns(spec))
        .from(posts)
        .innerJoin(categories, eq(categories.id, posts.categoryId))
        .where(w)
        .orderBy(order)
        .limit(limit)
        .offset(offset),
  });
  const newest = await newestReviewsByPost(
    db,
    page.rows.map((r) => r.id),
    LIST_REVIEWS_MAX,
  );
  return { ...page, products: page.rows.map((r) => ({ ...toPost(r), reviews: newest.get(r.id) ?? [] })) };
}

/** One service row by id (any state), or undefined. */
export async function findPost(db: Executor, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select(columns(POST_SORT_SPECS.newest))
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, id));
  return row;
}

/**
 * One service with its seller and its newest DETAIL_REVIEWS_MAX reviews. Unlisted services are
 * visible only to their owner.
 * @throws HttpError 404 "Service not found".
 */
export async function getPostDetail(db: Executor, id: string, viewer: AuthUser | null, caches: DetailCaches | null) {
  const read = async (row: NonNullable<Awaited<ReturnType<typeof findPost>>>) => {
    const [user, newestReviews] = await Promise.all([
      getSeller(db, row.userId, null),
      listReviews(db, id, DETAIL_REVIEWS_MAX, undefined, viewer),
    ]);
    return { products: { ...toPost(row), reviews: newestReviews.data }, user };
  };
  const base = await publicDetail(caches, `post:${id}`, async () => {
    const row = await findPost(db, id);
    return row?.listed ? read(row) : null;
  });
  if (base) return personalDetail(db, caches, base, viewer?.id ?? null);
  const row = viewer ? await findPost(db, id) : undefined;
  if (!row || row.userId !== viewer?.id) throw notFound(NOT_FOUND);
  return personalDetail(db, caches, await read(row), viewer.id);
}

/** The category must be of type services and one of the seller's own categories (spec §5). */
async function assertOwnServiceCategory(db: Executor, userId: string, categoryId: string) {
  await assertCategory(db, categoryId, "services", OWN_SERVICE_CATEGORY);
  const [mine] = await db
    .select({ id: userCategories.categoryId })
    .from(userCategories)
    .where(and(eq(userCategories.userId, userId), eq(userCategories.categoryId, categoryId)));
  if (!mine) throw badRequest(OWN_SERVICE_CATEGORY, { category_id: OWN_SERVICE_CATEGORY });
}

/**
 * Create a service owned by `user` (a business account).
 * @throws HttpError 403 for non-business accounts, 400 for a category that is not one of the
 * seller's service categories or images that are not the seller's uploads.
 */
export async function createPost(db: Executor, user: AuthUser, input: z.output<typeof PostCreateInput>) {
  assertSeller(user, "services");
  return db.transaction(async (tx) => {
    await assertOwnServiceCategory(tx, user.id, input.category_id);
    await assertOwnUploads(tx, user.id, input.image_urls);
    const [created] = await tx
      .insert(posts)
      .values({
        userId: user.id,
        categoryId: input.category_id,
        body: input.body,
        imageUrls: input.image_urls,
        listed: await isListedSeller(tx, user.id),
      })
      .returning({ id: posts.id });
    const row = await findPost(tx, created!.id);
    return { message: TEXT.success.serviceCreated, data: toPost(row!) };
  });
}

/**
 * Update the owner's service: only the fields given change.
 * @throws HttpError 404 when it does not exist or belongs to someone else (nothing changes).
 */
export async function updatePost(db: Executor, user: AuthUser, input: z.output<typeof PostUpdateInput>) {
  assertSeller(user, "services");
  const id = (input._id ?? input.id)!;
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, id), eq(posts.userId, user.id)))
      .for("update");
    if (!own) throw notFound(NOT_FOUND);
    if (input.category_id) await assertOwnServiceCategory(tx, user.id, input.category_id);
    if (input.image_urls) await assertOwnUploads(tx, user.id, input.image_urls);
    await tx
      .update(posts)
      .set({
        ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
        ...(input.body !== undefined ? { body: input.body } : {}),
        ...(input.image_urls !== undefined ? { imageUrls: input.image_urls } : {}),
        updatedAt: new Date(),
      })
      .where(eq(posts.id, id));
    const row = await findPost(tx, id);
    return { message: TEXT.success.serviceUpdated, data: toPost(row!) };
  });
}

/**
 * Delete the owner's service (its reactions and reviews go with it).
 * @throws HttpError 404 when it does not exist or belongs to someone else.
 */
export async function deletePost(db: Executor, user: AuthUser, id: string) {
  assertSeller(user, "services");
  const gone = await db
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, user.id)))
    .returning({ id: posts.id });
  if (!gone.length) throw notFound(NOT_FOUND);
  return { message: TEXT.success.deleted };
}
