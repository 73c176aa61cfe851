/**
 * The server cart (spec §3 "Cart line, server form", §4 "Cart", §5 quantity rules, §7 /api/cart).
 * A line is (user, product, count); adding the same product replaces its count. Counts are clamped
 * to 1..count_in_stock; an out-of-stock or unlisted product cannot be added. Prices are kobo in the
 * database and naira in the answers.
 */
import { type CartProduct, koboToNaira, type ServerCartLine } from "@market/contract";
import { and, asc, eq } from "drizzle-orm";
import { type Executor, namedStatement, type PgClient } from "../../db/client.js";
import { cartLines, products } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";

type ProductRow = typeof products.$inferSelect;

/** Product row -> the product object a cart line carries (price in naira). */
function toCartProduct(p: ProductRow): CartProduct {
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

/** What the add-to-cart statement answers: the product as read, and the line when it was written. */
type AddToCartRow = {
  id: string;
  user_id: string;
  name: string;
  image_urls: string[];
  price_kobo: number;
  count_in_stock: number;
  category_id: string;
  listed: boolean;
  line_id: string | null;
  line_count: number | null;
};

/** The add-to-cart statement (`count`: the wanted count); see `addToCart`. */
const addToCartStatement = namedStatement<{ productId: string; userId: string; count: number }, AddToCartRow>("cart_add")`
  with async_commit as (
    select set_config('synchronous_commit', 'off', true)
  ),
  p as (
    select id, user_id, name, image_urls, price_kobo, count_in_stock, category_id, listed
    from products where id = ${"productId"}::uuid
  ),
  line as (
    insert into cart_lines (user_id, product_id, count)
    select ${"userId"}::uuid, p.id, greatest(1, least(${"count"}::int, p.count_in_stock))
    from p
    where p.listed and p.user_id <> ${"userId"}::uuid and p.count_in_stock > 0
    on conflict (user_id, product_id) do update set count = excluded.count, updated_at = now()
    returning id, count
  )
  select p.*, line.id as line_id, line.count as line_count
  from p cross join async_commit left join line on true`;

/**
 * Add `count` units of a product to the cart, replacing the line of the same product (spec §4), on
 * `client` (the pool, or a transaction's connection).
 *
 * ONE SQL statement, one round trip (ADR 0070: adding to the cart is the busiest write):
 * - `p` reads the product (whatever its state, so a refusal can say why);
 * - `line` upserts the cart line only when the product is listed, not the caller's own and in
 *   stock, with the count clamped to 1..count_in_stock (spec §4 "Quantity": never below 1, never above count_in_stock);
 * - `async_commit` sets `synchronous_commit = off` for this statement's own (implicit) transaction
 *   only: `set_config(..., true)` is `SET LOCAL`. A cart line lost in the last few milliseconds
 *   before a crash is harmless; orders and payments keep synchronous commits.
 * When no line came back, the product row tells which rule refused it, in the order the spec's
 * messages are checked: unknown/unlisted, own product, out of stock.
 * @throws 404 unknown or unlisted product; 400 own product; 409 out of stock.
 */
export async function addToCart(client: PgClient, userId: string, productId: string, count: number): Promise<ServerCartLine> {
  const { rows } = await addToCartStatement.run(client, { productId, userId, count: Math.floor(count) });
  const row = rows[0];
  if (!row?.listed) throw notFound("This product is no longer available");
  if (row.user_id === userId) throw badRequest("You cannot buy your own product");
  if (row.count_in_stock <= 0 || row.line_id === null || row.line_count === null) throw conflict(`${row.name} is out of stock`);
  const product: CartProduct = {
    _id: row.id,
    user_id: row.user_id,
    name: row.name,
    image_urls: row.image_urls,
    price: koboToNaira(Number(row.price_kobo)),
    count_in_stock: row.count_in_stock,
    category_id: row.category_id,
  };
  return { _id: row.line_id, productId: product, count: row.line_count };
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
