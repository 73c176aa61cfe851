/**
 * Products of the market place (spec §3 "Product", §7 /api/product): the public listing (only
 * listed items: approved, active sellers, ADR 0004), the seller's own list, one item with its
 * seller, and the owner's writes. Prices are naira in the API and kobo in the database.
 */
import {
  koboToNaira,
  nairaToKobo,
  type Product,
  type ProductCreateInput,
  type ProductListQuery,
  type ProductSort,
  type ProductUpdateInput,
  TEXT,
} from "@market/contract";
import { and, count, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client.js";
import { categories, products } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { runListing, type SortSpec } from "../../lib/keyset.js";
import type { AuthUser } from "../auth/sessions.js";
import { type DetailCaches, personalDetail, publicDetail } from "./detail-cache.js";
import { cachedCount } from "./listing-count.js";
import { assertCategory, assertOwnUploads, assertSeller, isListedSeller, listingWhere } from "./rules.js";
import { getSeller } from "./sellers.service.js";

const MARKET_CATEGORY = "Choose a market-place category";
const NOT_FOUND = "Product not found";

/** Sort orders of products, each matching a partial index of db/schema/catalog.ts. */
const PRODUCT_SORT_SPECS: Record<ProductSort, SortSpec> = {
  newest: {
    indexDesc: true,
    name: "newest",
    keyExpr: sql`${products.createdAt}`,
    keyText: sql`${products.createdAt}::text`,
    keyType: "timestamptz",
    idExpr: sql`${products.id}`,
    desc: true,
  },
  price_asc: {
    indexDesc: false,
    name: "price_asc",
    keyExpr: sql`${products.priceKobo}`,
    keyText: sql`${products.priceKobo}::text`,
    keyType: "bigint",
    idExpr: sql`${products.id}`,
    desc: false,
  },
  price_desc: {
    indexDesc: false,
    name: "price_desc",
    keyExpr: sql`${products.priceKobo}`,
    keyText: sql`${products.priceKobo}::text`,
    keyType: "bigint",
    idExpr: sql`${products.id}`,
    desc: true,
  },
};

function columns(spec: SortSpec) {
  return {
    id: products.id,
    userId: products.userId,
    name: products.name,
    imageUrls: products.imageUrls,
    priceKobo: products.priceKobo,
    countInStock: products.countInStock,
    description: products.description,
    categoryId: products.categoryId,
    categoryName: categories.name,
    listed: products.listed,
    createdAt: products.createdAt,
    cursorKey: sql<string>`${spec.keyText}`,
  };
}

type Row = {
  id: string;
  userId: string;
  name: string;
  imageUrls: string[];
  priceKobo: number;
  countInStock: number;
  description: string;
  categoryId: string;
  categoryName: string;
  listed: boolean;
  createdAt: Date;
};

/** Row -> API shape (naira price). */
function toProduct(r: Row): Product {
  return {
    _id: r.id,
    user_id: r.userId,
    name: r.name,
    image_urls: r.imageUrls,
    price: koboToNaira(r.priceKobo),
    count_in_stock: r.countInStock,
    description: r.description,
    category_id: r.categoryId,
    category_name: r.categoryName,
    body: null,
    reactions: [],
    listed: r.listed,
    createdAt: r.createdAt.toISOString(),
  };
}

type ListQuery = z.output<typeof ProductListQuery>;

/**
 * One page of products. Public: listed items only. `mine`: the viewer's own items (any state).
 * Filters: category, seller, text search. Sorted by `sort`, paged by cursor or page number.
 * @throws HttpError 401 for `mine` without a signed-in user; 400 for a bad cursor.
 */
export async function listProducts(db: Executor, q: ListQuery, viewer: AuthUser | null) {
  const where = listingWhere(products, q, viewer);
  const spec = PRODUCT_SORT_SPECS[q.sort];
  const page = await runListing({
    spec,
    where,
    limit: q.limit,
    cursor: q.cursor,
    page: q.page,
    count: (w) => cachedCount("products", w, async () => (await db.select({ n: count() }).from(products).where(w))[0]?.n ?? 0),
    fetch: (w, order, limit, offset) =>
      db
        .select(columns(spec))
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(w)
        .orderBy(order)
        .limit(limit)
        .offset(offset),
  });
  return { ...page, products: page.rows.map(toProduct) };
}

async function findProduct(db: Executor, id: string): Promise<Row | undefined> {
  const [row] = await db
    .select(columns(PRODUCT_SORT_SPECS.newest))
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, id));
  return row;
}

/**
 * One product with its seller (spec §3 "Detail response"), its public part from `caches`
 * (detail-cache.ts). An unlisted product is visible only to its owner; to anyone else it does not exist.
 * @throws HttpError 404 "Product not found".
 */
export async function getProductDetail(db: Executor, id: string, viewer: AuthUser | null, caches: DetailCaches | null) {
  const base = await publicDetail(caches, `product:${id}`, async () => {
    const row = await findProduct(db, id);
    return row?.listed ? { products: toProduct(row), user: await getSeller(db, row.userId, null) } : null;
  });
  if (base) return personalDetail(db, caches, base, viewer?.id ?? null);
  const row = viewer ? await findProduct(db, id) : undefined;
  if (!row || row.userId !== viewer?.id) throw notFound(NOT_FOUND);
  return personalDetail(db, caches, { products: toProduct(row), user: await getSeller(db, row.userId, null) }, viewer.id);
}

/**
 * Create a product owned by `user` (a business account). The category must be a market-place one;
 * images must be the seller's uploads. Public at once when the seller is approved and active.
 * @throws HttpError 403 for non-business accounts, 400 for a bad category or images.
 */
export async function createProduct(db: Executor, user: AuthUser, input: z.output<typeof ProductCreateInput>) {
  assertSeller(user, "products");
  return db.transaction(async (tx) => {
    await assertCategory(tx, input.category_id, "market-place", MARKET_CATEGORY);
    await assertOwnUploads(tx, user.id, input.image_urls);
    const [created] = await tx
      .insert(products)
      .values({
        userId: user.id,
        categoryId: input.category_id,
        name: input.name,
        description: input.description,
        priceKobo: nairaToKobo(input.price),
        countInStock: input.count_in_stock,
        imageUrls: input.image_urls,
        listed: await isListedSeller(tx, user.id),
      })
      .returning({ id: products.id });
    const row = await findProduct(tx, created!.id);
    return { message: TEXT.success.productCreated, data: toProduct(row!) };
  });
}

/**
 * Update the owner's product: only the fields given change.
 * @throws HttpError 404 when the product does not exist or belongs to someone else (nothing changes).
 */
export async function updateProduct(db: Executor, user: AuthUser, input: z.output<typeof ProductUpdateInput>) {
  assertSeller(user, "products");
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input._id), eq(products.userId, user.id)))
      .for("update");
    if (!own) throw notFound(NOT_FOUND);
    if (input.category_id) await assertCategory(tx, input.category_id, "market-place", MARKET_CATEGORY);
    if (input.image_urls) await assertOwnUploads(tx, user.id, input.image_urls);
    await tx
      .update(products)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.price !== undefined ? { priceKobo: nairaToKobo(input.price) } : {}),
        ...(input.count_in_stock !== undefined ? { countInStock: input.count_in_stock } : {}),
        ...(input.image_urls !== undefined ? { imageUrls: input.image_urls } : {}),
        updatedAt: new Date(),
      })
      .where(eq(products.id, input._id));
    const row = await findProduct(tx, input._id);
    return { message: TEXT.success.productUpdated, data: toProduct(row!) };
  });
}

/**
 * Delete the owner's product (its cart lines go with it; past order lines keep their snapshot).
 * @throws HttpError 404 when it does not exist or belongs to someone else.
 */
export async function deleteProduct(db: Executor, user: AuthUser, id: string) {
  assertSeller(user, "products");
  const gone = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.userId, user.id)))
    .returning({ id: products.id });
  if (!gone.length) throw notFound(NOT_FOUND);
  return { message: TEXT.success.deleted };
}
