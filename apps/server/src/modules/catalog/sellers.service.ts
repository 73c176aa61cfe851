/**
 * Sellers as shoppers see them (spec §2 "Seller popup", §3 "Detail response") and follows
 * (spec §4 "Follow", §5: nobody follows themselves, §7 GET /api/user/follow).
 */
import { FOLLOWERS_LIST_MAX, type Follower, type Seller, type SellerShop, TEXT } from "@market/contract";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { allOf, type Executor } from "../../db/client.js";
import { categories, follows, posts, products, sellerBusinesses, userCategories, users } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { readSellerScore } from "./seller-score.js";

/** Follower ids of `sellerId` (most recent first, capped) and the exact count. */
async function followerFacts(db: Executor, sellerId: string, viewerId: string | null) {
  const [ids, [total], mine] = await allOf(db, [
    () =>
      db
        .select({ id: follows.followerId })
        .from(follows)
        .where(eq(follows.sellerId, sellerId))
        .orderBy(desc(follows.createdAt), desc(follows.followerId))
        .limit(FOLLOWERS_LIST_MAX),
    () => db.select({ n: count() }).from(follows).where(eq(follows.sellerId, sellerId)),
    () =>
      viewerId
        ? db
            .select({ id: follows.followerId })
            .from(follows)
            .where(and(eq(follows.sellerId, sellerId), eq(follows.followerId, viewerId)))
        : Promise.resolve([]),
  ]);
  return { followers: ids.map((r) => r.id), followers_count: total?.n ?? 0, following: mine.length > 0 };
}

/**
 * The public profile of a seller for the detail answer and the seller popup.
 * @param viewerId the signed-in viewer (for `following`), or null.
 * @throws HttpError 404 when the user does not exist.
 */
export async function getSeller(db: Executor, sellerId: string, viewerId: string | null): Promise<Seller> {
  const [[u], cats, facts, score] = await allOf(db, [
    () => db.select().from(users).where(eq(users.id, sellerId)),
    () =>
      db
        .select({ _id: categories.id, name: categories.name, type: categories.type })
        .from(userCategories)
        .innerJoin(categories, eq(categories.id, userCategories.categoryId))
        .where(eq(userCategories.userId, sellerId))
        .orderBy(asc(userCategories.position)),
    () => followerFacts(db, sellerId, viewerId),
    () => readSellerScore(db, sellerId),
  ]);
  if (!u) throw notFound("Seller not found");
  return {
    _id: u.id,
    names: u.names,
    username: u.username,
    profile: u.profile,
    desc: u.desc,
    whatsapp: u.whatsapp,
    verified: { blue_tick: u.blueTick, email: u.emailVerified, phone: u.phoneVerified },
    ...facts,
    categories: cats,
    score,
  };
}

/** The message of a shop that is not public (unknown, not a seller, pending or blocked). */
const SHOP_NOT_FOUND = "Seller not found";

/**
 * The public shop of the seller named `username` (any letter case): the popup's profile with the
 * business's state and city, membership date, score and counts of public items (ADR 0210).
 * @param viewerId the signed-in viewer (for `following`), or null.
 * @throws HttpError 404 unless the account is an approved, active business (a pending or blocked
 * seller's shop does not exist for the public, as their listings do not; ADR 0004).
 */
export async function getSellerShop(db: Executor, username: string, viewerId: string | null): Promise<SellerShop> {
  const [u] = await db
    .select({ id: users.id, createdAt: users.createdAt, state: sellerBusinesses.state, city: sellerBusinesses.city })
    .from(users)
    .leftJoin(sellerBusinesses, eq(sellerBusinesses.userId, users.id))
    .where(
      and(
        sql`lower(${users.username}) = lower(${username})`,
        eq(users.accType, "business"),
        eq(users.status, "approved"),
        eq(users.active, true),
      ),
    );
  if (!u) throw notFound(SHOP_NOT_FOUND);
  const [seller, [p], [s]] = await allOf(db, [
    () => getSeller(db, u.id, viewerId),
    () =>
      db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.userId, u.id), eq(products.listed, true))),
    () =>
      db
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.userId, u.id), eq(posts.listed, true))),
  ]);
  return {
    ...seller,
    state: u.state || null,
    city: u.city || null,
    member_since: u.createdAt.toISOString(),
    products_count: p?.n ?? 0,
    services_count: s?.n ?? 0,
  };
}

/**
 * Follow or unfollow seller `sellerId` as `viewerId` (idempotent). Answers the seller's follower
 * list after the change.
 * @throws HttpError 400 "You are not allowed to follow yourself"; 404 when the seller is not a
 * business account.
 */
export async function setFollow(db: Executor, viewerId: string, sellerId: string, state: "follow" | "unfollow") {
  if (viewerId === sellerId) throw badRequest(TEXT.alerts.followYourself);
  const [seller] = await db.select({ accType: users.accType }).from(users).where(eq(users.id, sellerId));
  if (seller?.accType !== "business") throw notFound("Seller not found");
  if (state === "follow") await db.insert(follows).values({ followerId: viewerId, sellerId }).onConflictDoNothing();
  else await db.delete(follows).where(and(eq(follows.sellerId, sellerId), eq(follows.followerId, viewerId)));
  const facts = await followerFacts(db, sellerId, viewerId);
  return { message: state === "follow" ? "You are now following this seller" : "You have unfollowed this seller", ...facts };
}

/**
 * The signed-in seller's followers, most recent first, one page (back office "Followers"): names,
 * username and picture only; a follower's e-mail and phone are not the seller's to see.
 */
export async function listFollowers(
  db: Executor,
  sellerId: string,
  page: number,
  limit: number,
): Promise<{ data: Follower[]; total: number }> {
  const [rows, [total]] = await allOf(db, [
    () =>
      db
        .select({
          _id: users.id,
          names: users.names,
          username: users.username,
          profile: users.profile,
          createdAt: users.createdAt,
          followedAt: follows.createdAt,
        })
        .from(follows)
        .innerJoin(users, eq(users.id, follows.followerId))
        .where(eq(follows.sellerId, sellerId))
        .orderBy(desc(follows.createdAt), desc(follows.followerId))
        .limit(limit)
        .offset((page - 1) * limit),
    () => db.select({ n: count() }).from(follows).where(eq(follows.sellerId, sellerId)),
  ]);
  return {
    data: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), followedAt: r.followedAt.toISOString() })),
    total: total?.n ?? 0,
  };
}
