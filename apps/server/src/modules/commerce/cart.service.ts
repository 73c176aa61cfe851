/**
 * The server cart (spec §3 "Cart line, server form", §4 "Cart", §5 quantity rules, §7 /api/cart).
 * A line is (user, product, variant, count); adding the same variant replaces its count. Counts are
 * clamped to 1..the variant's count_in_stock; an out-of-stock variant or unlisted product cannot be
 * added (ADR 0215). Prices are kobo in the
 * database and naira in the answers.
 */
import { type CartProduct, koboToNaira, type ServerCartLine, variantName } from "@market/contract";
import { and, asc, eq } from "drizzle-orm";
import { type Executor, namedStatement, type PgClient } from "../../db/client.js";
import { cartLines, products, productVariants } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { optionNamesColumn, orderedOptions } from "../catalog/variants.service.js";

/** What a cart line shows of its product and variant (price in kobo). */
type LineParts = {
  id: string;
  userId: string;
  name: string;
  imageUrls: string[];
  categoryId: string;
  variantId: string;
  sku: string;
  options: Record<string, string>;
  optionNames: string[] | null;
  priceKobo: number;
  countInStock: number;
  imageUrl: string | null;
};

/**
 * A cart line's product object and variant: the variant's price, stock and picture (put first), the
 * variant `null` for a product without options (ADR 0215).
 */
function lineParts(r: LineParts): Pick<ServerCartLine, "productId" | "variant"> {
  const names = r.optionNames ?? [];
  const options = orderedOptions(names, r.options);
  const product: CartProduct = {
    _id: r.id,
    user_id: r.userId,
    name: variantName(r.name, options),
    image_urls: r.imageUrl ? [r.imageUrl, ...r.imageUrls.filter((u) => u !== r.imageUrl)] : r.imageUrls,
    price: koboToNaira(Number(r.priceKobo)),
    count_in_stock: r.countInStock,
    category_id: r.categoryId,
  };
  return { productId: product, variant: names.length ? { _id: r.variantId, sku: r.sku, options } : null };
}

/** The user's cart lines, oldest first, with their products and variants. Lines of unlisted products are left out. */
export async function listCart(db: Executor, userId: string): Promise<ServerCartLine[]> {
  const rows = await db
    .select({
      lineId: cartLines.id,
      count: cartLines.count,
      id: products.id,
      userId: products.userId,
      name: products.name,
      imageUrls: products.imageUrls,
      categoryId: products.categoryId,
      variantId: productVariants.id,
      sku: productVariants.sku,
      options: productVariants.options,
      optionNames: optionNamesColumn,
      priceKobo: productVariants.priceKobo,
      countInStock: productVariants.countInStock,
      imageUrl: productVariants.imageUrl,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .innerJoin(productVariants, eq(productVariants.id, cartLines.variantId))
    .where(and(eq(cartLines.userId, userId), eq(products.listed, true)))
    .orderBy(asc(cartLines.createdAt), asc(cartLines.id));
  return rows.map((r) => ({ _id: r.lineId, ...lineParts(r), count: r.count }));
}

/** What the add-to-cart statement answers: the product and variant as read, and the line when it was written. */
type AddToCartRow = {
  id: string;
  user_id: string;
  name: string;
  image_urls: string[];
  category_id: string;
  listed: boolean;
  option_names: string[] | null;
  variant_id: string | null;
  sku: string | null;
  options: Record<string, string> | null;
  price_kobo: number | null;
  count_in_stock: number | null;
  image_url: string | null;
  line_id: string | null;
  line_count: number | null;
};

/** The add-to-cart statement (`count`: the wanted count; `variantId` null: the default variant); see `addToCart`. */
const addToCartStatement = namedStatement<{ productId: string; variantId: string | null; userId: string; count: number }, AddToCartRow>(
  "cart_add",
)`
  with async_commit as (
    select set_config('synchronous_commit', 'off', true)
  ),
  p as (
    select id, user_id, name, image_urls, category_id, listed,
      (select array_agg(o.name order by o.position) from product_options o where o.product_id = products.id) as option_names
    from products where id = ${"productId"}::uuid
  ),
  v as (
    select id as variant_id, sku, options, price_kobo, count_in_stock, image_url
    from product_variants
    where product_id = ${"productId"}::uuid
      and (id = ${"variantId"}::uuid or (${"variantId"}::uuid is null and options = '{}'::jsonb))
  ),
  line as (
    insert into cart_lines (user_id, product_id, variant_id, count)
    select ${"userId"}::uuid, p.id, v.variant_id, greatest(1, least(${"count"}::int, v.count_in_stock))
    from p, v
    where p.listed and p.user_id <> ${"userId"}::uuid and v.count_in_stock > 0
    on conflict (user_id, variant_id) do update set count = excluded.count, updated_at = now()
    returning id, count
  )
  select p.*, v.*, line.id as line_id, line.count as line_count
  from p cross join async_commit left join v on true left join line on true`;

/**
 * Add `count` units of a product's variant (`variantId`; the hidden default variant of a product
 * without options when omitted) to the cart, replacing the line of the same variant (spec §4), on
 * `client` (the pool, or a transaction's connection).
 *
 * ONE SQL statement, one round trip (ADR 0070: adding to the cart is the busiest write):
 * - `p` reads the product and `v` the variant (whatever their state, so a refusal can say why);
 * - `line` upserts the cart line only when the product is listed, not the caller's own and the
 *   variant in stock, with the count clamped to 1..the variant's stock (spec §4 "Quantity");
 * - `async_commit` sets `synchronous_commit = off` for this statement's own (implicit) transaction
 *   only: `set_config(..., true)` is `SET LOCAL`. A cart line lost in the last few milliseconds
 *   before a crash is harmless; orders and payments keep synchronous commits.
 * When no line came back, the rows tell which rule refused it, in the order the spec's messages are
 * checked: unknown/unlisted, own product, no variant chosen (ADR 0215), unknown variant, out of stock.
 * @throws 404 unknown or unlisted product, or a variant not of this product; 400 own product, or no
 * `variantId` for a product with options (`errors.variant_id`); 409 out of stock.
 */
export async function addToCart(
  client: PgClient,
  userId: string,
  productId: string,
  count: number,
  variantId: string | null = null,
): Promise<ServerCartLine> {
  const { rows } = await addToCartStatement.run(client, { productId, variantId, userId, count: Math.floor(count) });
  const row = rows[0];
  if (!row?.listed) throw notFound("This product is no longer available");
  if (row.user_id === userId) throw badRequest("You cannot buy your own product");
  if (!row.variant_id) {
    if (variantId) throw notFound("This choice is no longer available");
    const names = row.option_names ?? [];
    const msg = `Choose ${names.join(" and ")} first`;
    throw badRequest(msg, { variant_id: msg });
  }
  const shown = variantName(row.name, orderedOptions(row.option_names ?? [], row.options ?? {}));
  if (row.count_in_stock! <= 0 || row.line_id === null || row.line_count === null) throw conflict(`${shown} is out of stock`);
  const parts = lineParts({
    id: row.id,
    userId: row.user_id,
    name: row.name,
    imageUrls: row.image_urls,
    categoryId: row.category_id,
    variantId: row.variant_id,
    sku: row.sku ?? "",
    options: row.options ?? {},
    optionNames: row.option_names,
    priceKobo: Number(row.price_kobo),
    countInStock: row.count_in_stock!,
    imageUrl: row.image_url,
  });
  return { _id: row.line_id, ...parts, count: row.line_count };
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
