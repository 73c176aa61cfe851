/**
 * The server cart (spec §3 "Cart line, server form", §4 "Cart", §5 quantity rules, §7 /api/cart).
 * A line is (user, product, count); adding the same product replaces its count. Counts are clamped
 * to 1..count_in_stock; an out-of-stock or unlisted product cannot be added. Prices are kobo in the
 * database and naira in the answers.
 */
import { type CartProduct, koboToNaira, type ServerCartLine } from "@market/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { cartLines, products } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";

type ProductRow = typeof products.$inferSelect;

/** Product row -> the product object a cart line carries (price in naira). */
export function toCartProduct(p: ProductRow): CartProduct {
  return {
    _id: p.id,
    user_id: p.userId,
    name: p.name,
    image_urls: p.imageUrls,
    price: koboToNaira(p.priceKobo),
    count_in_stock: p.countInStock,
    category_id: p.categoryId,
  };
}

/** The user's cart lines, oldest first, with their products. Lines of unlisted products are left out. */
export async function listCart(db: Executor, userId: string): Promise<ServerCartLine[]> {
  const rows = await db
    .select({ line: cartLines, product: products })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.userId, userId), eq(products.listed, true)))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  return rows.map(({ line, product }) => ({ _id: line.id, productId: toCartProduct(product), count: line.count }));
}

/** Clamp a wanted count to 1..stock (spec §4 "Quantity": never below 1, never above count_in_stock). */
export function clampCount(count: number, stock: number): number {
  return Math.max(1, Math.min(Math.floor(count), stock));
}

/**
 * Add `count` units of a product to the cart, replacing the line of the same product (spec §4).
 * @throws 404 unknown or unlisted product; 400 own product; 409 out of stock.
 */
export async function addToCart(db: Executor, userId: string, productId: string, count: number): Promise<ServerCartLine> {
  const [product] = await db.select().from(products).where(eq(products.id, productId)).limit(1);
  if (!product?.listed) throw notFound("This product is no longer available");
  if (product.userId === userId) throw badRequest("You cannot buy your own product");
  if (product.countInStock <= 0) throw conflict(`${product.name} is out of stock`);
  const clamped = clampCount(count, product.countInStock);
  const [line] = await db
    .insert(cartLines)
    .values({ userId, productId, count: clamped })
    .onConflictDoUpdate({
      target: [cartLines.userId, cartLines.productId],
      set: { count: clamped, updatedAt: sql`now()` },
    })
    .returning();
  return { _id: line!.id, productId: toCartProduct(product), count: line!.count };
}

/** Remove one of the user's lines. @throws 404 when the line is not this user's. */
export async function removeCartLine(db: Executor, userId: string, lineId: string): Promise<void> {
  const deleted = await db
    .delete(cartLines)
    .where(and(eq(cartLines.id, lineId), eq(cartLines.userId, userId)))
    .returning({ id: cartLines.id });
  if (deleted.length === 0) throw notFound("Cart item not found");
}

/** Empty the user's cart; answers how many lines were removed. */
export async function clearCart(db: Executor, userId: string): Promise<number> {
  const deleted = await db.delete(cartLines).where(eq(cartLines.userId, userId)).returning({ id: cartLines.id });
  return deleted.length;
}
