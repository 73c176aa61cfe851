/**
 * The wishlist (spec §2 "Customer area": name, unit price, stock status, ADD TO CART), made real:
 * each signed-in user keeps up to WISHLIST_MAX products. Every query is scoped to the caller's own
 * user id, so nobody can read or change another person's wishlist.
 */
import { koboToNaira, WISHLIST_MAX, type WishlistItem } from "@market/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.js";
import { products, users, wishlistItems } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";

/**
 * The user's wishlist, newest first. Prices in naira; `in_stock` = listed and count_in_stock > 0;
 * `has_options`: the product has options, so a variant is chosen on its page (ADR 0215).
 */
export async function listWishlist(db: Executor, userId: string): Promise<WishlistItem[]> {
  const rows = await db
    .select({
      productId: products.id,
      name: products.name,
      imageUrls: products.imageUrls,
      priceKobo: products.priceKobo,
      countInStock: products.countInStock,
      listed: products.listed,
      hasOptions: sql<boolean>`exists (select 1 from product_options o where o.product_id = ${products.id})`,
      addedAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId))
    .limit(WISHLIST_MAX);
  return rows.map((r) => ({
    _id: r.productId,
    product_id: r.productId,
    name: r.name,
    image_urls: r.imageUrls,
    price: koboToNaira(r.priceKobo),
    count_in_stock: r.countInStock,
    in_stock: r.listed && r.countInStock > 0,
    listed: r.listed,
    has_options: r.hasOptions,
    added_at: r.addedAt.toISOString(),
  }));
}

/**
 * Add a public product to the user's wishlist (idempotent: adding it twice keeps one line).
 * Throws 404 for an unknown or unlisted product, 400 when the wishlist already holds WISHLIST_MAX.
 * Runs in one transaction that locks the user's row, so two parallel adds cannot pass the limit.
 */
export async function addToWishlist(db: Db, userId: string, productId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.listed, true)));
    if (!product) throw notFound("Product not found");
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [present] = await tx
      .select({ n: sql<number>`1` })
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
    if (present) return;
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, userId));
    if (count >= WISHLIST_MAX) throw badRequest(`Your wishlist is full (${WISHLIST_MAX} products). Remove one to add another.`);
    await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing();
  });
}

/** Remove a product from the user's own wishlist. Removing one that is not there is not an error. */
export async function removeFromWishlist(db: Executor, userId: string, productId: string): Promise<void> {
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}
