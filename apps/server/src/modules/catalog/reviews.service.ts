/**
 * Reviews and star reactions on services (spec §2 "Reviews" tab, §3 "reactions",
 * "Stars"). One reaction (1..5 stars) and one review per user per service; a second one replaces
 * the first. `posts.rating_count` / `rating_sum` are kept in the same transaction as the reaction,
 * under a row lock on the post, so the average is never out of step (ADR 0022).
 */
import { averageStars, type RatingAnswer, type Review, type ReviewInput } from "@market/contract";
import { and, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { allOf, type Executor, type Tx } from "../../db/client.js";
import { posts, reactions, reviews, users } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../lib/errors.js";
import { newestFirst } from "../../lib/keyset.js";
import type { AuthUser } from "../auth/sessions.js";

const NOT_FOUND = "Service not found";
const OWN = "You cannot rate your own service";

/** Lock a listed service for a rating write; answers its owner. */
async function lockRatablePost(tx: Tx, postId: string, userId: string) {
  const [post] = await tx.select({ userId: posts.userId, listed: posts.listed }).from(posts).where(eq(posts.id, postId)).for("update");
  if (!post?.listed) throw notFound(NOT_FOUND);
  if (post.userId === userId) throw forbidden(OWN);
}

/** Insert or replace the user's star reaction and move the post's totals by the difference. */
async function upsertReaction(tx: Tx, postId: string, userId: string, stars: number) {
  const [old] = await tx
    .select({ stars: reactions.stars })
    .from(reactions)
    .where(and(eq(reactions.postId, postId), eq(reactions.userId, userId)));
  if (old) {
    await tx
      .update(reactions)
      .set({ stars, createdAt: new Date() })
      .where(and(eq(reactions.postId, postId), eq(reactions.userId, userId)));
    await tx
      .update(posts)
      .set({ ratingSum: sql`${posts.ratingSum} + ${stars - old.stars}` })
      .where(eq(posts.id, postId));
  } else {
    await tx.insert(reactions).values({ postId, userId, stars });
    await tx
      .update(posts)
      .set({ ratingSum: sql`${posts.ratingSum} + ${stars}`, ratingCount: sql`${posts.ratingCount} + 1` })
      .where(eq(posts.id, postId));
  }
}

async function ratingFacts(tx: Executor, postId: string) {
  const [[p], [r]] = await allOf(tx, [
    () => tx.select({ sum: posts.ratingSum, n: posts.ratingCount }).from(posts).where(eq(posts.id, postId)),
    () => tx.select({ n: count() }).from(reviews).where(eq(reviews.postId, postId)),
  ]);
  return { stars: averageStars(p!.sum, p!.n) ?? 0, reactions_count: p!.n, reviews_count: r?.n ?? 0 };
}

const reviewColumns = {
  id: reviews.id,
  postId: reviews.postId,
  rating: reviews.rating,
  comment: reviews.comment,
  createdAt: reviews.createdAt,
  userId: users.id,
  names: users.names,
  profile: users.profile,
};

type ReviewRow = {
  id: string;
  postId: string;
  rating: number;
  comment: string;
  createdAt: Date;
  userId: string;
  names: string;
  profile: string | null;
};

function toReview(r: ReviewRow): Review {
  return {
    _id: r.id,
    post_id: r.postId,
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
    user: { _id: r.userId, names: r.names, profile: r.profile },
    verified_purchase: false,
  };
}

/**
 * The newest `perPost` reviews of each of `postIds` (newest first), by service id: one query for a
 * whole page of a services list (a window over the reviews of those services only).
 */
export async function newestReviewsByPost(db: Executor, postIds: string[], perPost: number): Promise<Map<string, Review[]>> {
  const out = new Map<string, Review[]>();
  if (postIds.length === 0) return out;
  const ranked = db
    .select({
      rid: reviews.id,
      rn: sql<number>`row_number() over (partition by ${reviews.postId} order by ${reviews.createdAt} desc, ${reviews.id} desc)`.as("rn"),
    })
    .from(reviews)
    .where(inArray(reviews.postId, postIds))
    .as("ranked");
  const rows = await db
    .select(reviewColumns)
    .from(ranked)
    .innerJoin(reviews, eq(reviews.id, ranked.rid))
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(lte(ranked.rn, perPost))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  for (const r of rows) out.set(r.postId, [...(out.get(r.postId) ?? []), toReview(r)]);
  return out;
}

/**
 * Give (or change) a star reaction on a listed service.
 * @throws HttpError 404 for an unknown or unlisted service; 403 on one's own service.
 */
export async function react(db: Executor, user: AuthUser, postId: string, stars: number): Promise<Omit<RatingAnswer, "statusCode">> {
  return db.transaction(async (tx) => {
    await lockRatablePost(tx, postId, user.id);
    await upsertReaction(tx, postId, user.id, stars);
    return { message: "Thanks for rating this service", ...(await ratingFacts(tx, postId)) };
  });
}

/**
 * Write (or replace) the user's review of a listed service; its rating is also their star reaction.
 * @throws HttpError 404 for an unknown or unlisted service; 403 on one's own service.
 */
export async function writeReview(db: Executor, user: AuthUser, input: ReviewInput): Promise<Omit<RatingAnswer, "statusCode">> {
  return db.transaction(async (tx) => {
    await lockRatablePost(tx, input.post_id, user.id);
    await upsertReaction(tx, input.post_id, user.id, input.rating);
    const [saved] = await tx
      .insert(reviews)
      .values({ postId: input.post_id, userId: user.id, rating: input.rating, comment: input.comment })
      .onConflictDoUpdate({
        target: [reviews.postId, reviews.userId],
        set: { rating: input.rating, comment: input.comment, createdAt: new Date() },
      })
      .returning({ id: reviews.id });
    const [row] = await tx
      .select(reviewColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.id, saved!.id));
    return { message: "Thank you! Your review has been saved", ...(await ratingFacts(tx, input.post_id)), review: toReview(row!) };
  });
}

/** Reviews newest first; ties (reviews saved in one transaction) by id. */
const REVIEWS = newestFirst(reviews.createdAt, "timestamptz", reviews.id);

/**
 * One page of a listed service's reviews, newest first (keyset on created_at, id).
 * @throws HttpError 404 for an unknown or unlisted service; 400 for a bad cursor.
 */
export async function listReviews(db: Executor, postId: string, limit: number, rawCursor: string | undefined, viewer: AuthUser | null) {
  const [post] = await db.select({ listed: posts.listed, userId: posts.userId }).from(posts).where(eq(posts.id, postId));
  if (!post || (!post.listed && post.userId !== viewer?.id)) throw notFound(NOT_FOUND);
  const [rows, [total]] = await allOf(db, [
    () =>
      db
        .select({ ...reviewColumns, ...REVIEWS.columns })
        .from(reviews)
        .innerJoin(users, eq(users.id, reviews.userId))
        .where(and(eq(reviews.postId, postId), REVIEWS.after(rawCursor)))
        .orderBy(...REVIEWS.order)
        .limit(limit + 1),
    () => db.select({ n: count() }).from(reviews).where(eq(reviews.postId, postId)),
  ]);
  const page = REVIEWS.page(rows, limit);
  return {
    data: page.rows.map(toReview),
    total: total?.n ?? 0,
    nextCursor: page.nextCursor,
  };
}
