/**
 * A product's options and variants (ADR 0215): how they are read with the product (two JSON
 * columns, so a listing stays one query) and written by the owner's create and update, in the
 * caller's transaction. Stock and price live on the variants; the product row's `price_kobo`
 * (lowest) and `count_in_stock` (sum) follow by the trigger of migration 0021.
 */
import {
  koboToNaira,
  type LineVariant,
  nairaToKobo,
  type ProductOption,
  type ProductOptionInput,
  type ProductVariant,
  type ProductVariantInput,
  variantProblems,
} from "@market/contract";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client.js";
import { productOptions, productOptionValues, products, productVariants } from "../../db/schema/index.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { assertOwnUploads } from "./rules.js";

// The product's id is written `products.id` in full: drizzle leaves the table out of a column of a
// one-table select, which inside these subqueries would name the option's or variant's own id.

/** A product's options as JSON (`[{ name, values }]`, in the seller's order), for a select of products. */
export const optionsColumn = sql<ProductOption[]>`coalesce((
  select json_agg(json_build_object('name', o.name, 'values',
    (select coalesce(json_agg(ov.value order by ov.position), '[]'::json) from ${productOptionValues} ov where ov.option_id = o.id)) order by o.position)
  from ${productOptions} o where o.product_id = ${products}.id), '[]'::json)`;

/** A product's option names in the seller's order (null when it has none), for a select of products. */
export const optionNamesColumn = sql<
  string[] | null
>`(select array_agg(o.name order by o.position) from ${productOptions} o where o.product_id = ${products}.id)`;

/** A stored variant as the variants column reads it (price in kobo). */
type VariantJson = {
  _id: string;
  sku: string;
  options: Record<string, string>;
  price_kobo: number;
  count_in_stock: number;
  image_url: string | null;
};

/** A product's variants as JSON, in the seller's order, for a select of products. */
export const variantsColumn = sql<VariantJson[]>`coalesce((
  select json_agg(json_build_object('_id', v.id, 'sku', v.sku, 'options', v.options, 'price_kobo', v.price_kobo,
    'count_in_stock', v.count_in_stock, 'image_url', v.image_url) order by v.position, v.created_at, v.id)
  from ${productVariants} v where v.product_id = ${products}.id), '[]'::json)`;

/**
 * `options` with its keys in the order of the product's option `names` (PostgreSQL's jsonb keeps
 * keys in its own order), so a variant is named and shown the way the seller set its options.
 */
export function orderedOptions(names: readonly string[], options: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) if (options[n] !== undefined) out[n] = options[n];
  return out;
}

/** The variant snapshot an order line keeps (`names`: the option names in the seller's order). */
export type LineVariantSnapshot = { sku: string; options: Record<string, string>; names?: string[] };

/** An order line's variant as the API answers it (`LineVariant`): null for a product without options. */
export function lineVariant(variantId: string | null, snapshot: LineVariantSnapshot | null): LineVariant {
  if (!snapshot) return null;
  return {
    _id: variantId,
    sku: snapshot.sku,
    options: snapshot.names ? orderedOptions(snapshot.names, snapshot.options) : snapshot.options,
  };
}

/** The variants column -> the API's variants (naira, options in the options' order). */
export function toVariants(options: ProductOption[], rows: VariantJson[]): ProductVariant[] {
  const names = options.map((o) => o.name);
  return rows.map((v) => ({
    _id: v._id,
    sku: v.sku,
    options: orderedOptions(names, v.options),
    price: koboToNaira(Number(v.price_kobo)),
    count_in_stock: v.count_in_stock,
    image_url: v.image_url,
  }));
}

type VariantIn = z.output<typeof ProductVariantInput>;
type OptionIn = z.output<typeof ProductOptionInput>;

/** What a product write may say about options and variants (the create and update bodies). */
export type VariantsInput = { options?: OptionIn[]; variants?: VariantIn[]; price?: number; count_in_stock?: number };

/** 400 with the problem under `errors["variants.2.sku"]` (its dotted path), the way the route's validation answers. */
function refuse(path: (string | number)[], message: string): never {
  throw badRequest(message, { [path.join(".")]: message });
}

async function storedOptions(tx: Tx, productId: string): Promise<OptionIn[]> {
  const [row] = await tx.select({ options: optionsColumn }).from(products).where(eq(products.id, productId));
  return row?.options ?? [];
}

async function replaceOptions(tx: Tx, productId: string, options: OptionIn[]): Promise<void> {
  await tx.delete(productOptions).where(eq(productOptions.productId, productId));
  for (const [i, o] of options.entries()) {
    const [opt] = await tx
      .insert(productOptions)
      .values({ productId, position: i + 1, name: o.name })
      .returning({ id: productOptions.id });
    await tx.insert(productOptionValues).values(o.values.map((value, j) => ({ optionId: opt!.id, position: j + 1, value })));
  }
}

/**
 * SKUs are unique per seller (ADR 0215): refuse one that another of the seller's products uses.
 * @throws HttpError 400 with `errors.variants`.
 */
async function assertFreeSkus(tx: Tx, userId: string, productId: string, variants: VariantIn[]): Promise<void> {
  const skus = variants.map((v) => v.sku.toLowerCase()).filter(Boolean);
  if (!skus.length) return;
  const [taken] = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(eq(productVariants.userId, userId), ne(productVariants.productId, productId), inArray(sql`lower(${productVariants.sku})`, skus)),
    )
    .limit(1);
  if (taken) refuse(["variants"], `SKU ${taken.sku} is already used by another of your products`);
}

/**
 * Write the options and variants a product create or update carries, after the product row, in its
 * transaction (the product row is already locked or new). On create without options, or on an
 * update of a product without options that gives `price` or `count_in_stock`, the hidden default
 * variant takes them. With `variants`: a variant with an `_id` of this product is kept and changed,
 * one without is added, a stored one not sent is removed (its cart lines go; order lines keep their
 * snapshot).
 * @throws HttpError 400 with field errors (rules of `variantProblems` against the stored options,
 * price or stock of a product with options, a SKU of another product, images not the seller's);
 * 404 for a variant `_id` that is not this product's.
 */
export async function saveVariants(tx: Tx, productId: string, userId: string, input: VariantsInput): Promise<void> {
  const stored = await tx
    .select({ id: productVariants.id, options: productVariants.options })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  const options = input.options ?? (await storedOptions(tx, productId));
  if (!input.variants) {
    if (input.price === undefined && input.count_in_stock === undefined) return;
    if (options.length) refuse(["price"], "This product has options: set the price and stock of each variant");
    await tx
      .update(productVariants)
      .set({
        ...(input.price !== undefined ? { priceKobo: nairaToKobo(input.price) } : {}),
        ...(input.count_in_stock !== undefined ? { countInStock: input.count_in_stock } : {}),
        updatedAt: new Date(),
      })
      .where(eq(productVariants.productId, productId));
    return;
  }
  const variants = input.variants;
  const problem = variantProblems(options, variants)[0];
  if (problem) refuse(problem.path, problem.message);
  const storedIds = new Set(stored.map((s) => s.id));
  for (const v of variants) if (v._id && !storedIds.has(v._id)) throw notFound("Variant not found");
  await assertFreeSkus(tx, userId, productId, variants);
  await assertOwnUploads(
    tx,
    userId,
    variants.flatMap((v) => (v.image_url ? [v.image_url] : [])),
  );
  if (input.options) await replaceOptions(tx, productId, input.options);

  // Without options the one variant is the default one, with the product's id (ADR 0215).
  const rows = options.length ? variants : variants.map((v) => ({ ...v, _id: v._id ?? productId }));
  const kept = new Set(rows.flatMap((v) => (v._id ? [v._id] : [])));
  const gone = stored.filter((s) => !kept.has(s.id)).map((s) => s.id);
  if (gone.length) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  for (const [position, v] of rows.entries()) {
    const values = {
      sku: v.sku,
      options: v.options,
      priceKobo: nairaToKobo(v.price),
      countInStock: v.count_in_stock,
      imageUrl: v.image_url,
      position,
    };
    if (v._id && storedIds.has(v._id)) {
      await tx
        .update(productVariants)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(productVariants.id, v._id));
    } else await tx.insert(productVariants).values({ ...values, ...(v._id ? { id: v._id } : {}), productId, userId });
  }
}
