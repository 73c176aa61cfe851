/**
 * The two kinds of catalog item (items.service.ts) as data:
 * - products (spec §3 "Product", /api/product): a market-place category, a price (naira in the API,
 *   kobo in the database), a stock count; sorted by newest or price;
 * - services, stored as posts (spec §3 "Service (post)", /api/posts): one of the seller's own
 *   service categories (spec §5), a description, star reactions and reviews; sorted by newest or rating.
 */
import {
  averageStars,
  DETAIL_REVIEWS_MAX,
  koboToNaira,
  LIST_REVIEWS_MAX,
  nairaToKobo,
  type Post,
  type PostCreateInput,
  type PostSort,
  type PostUpdateInput,
  type Product,
  type ProductCreateInput,
  type ProductSort,
  type ProductUpdateInput,
  REACTIONS_LIST_MAX,
  TEXT,
} from "@market/contract";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../db/client.js";
import { posts, products, purchaseReviews, reactions, reviews, userCategories } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import type { SortSpec } from "../../lib/keyset.js";
import type { ItemKind, ItemTable } from "./items.service.js";
import { listReviews, newestReviewsByPost } from "./reviews.service.js";
import { assertCategory } from "./rules.js";
import { optionsColumn, saveVariants, toVariants, variantsColumn } from "./variants.service.js";

/** A sort of `table` by `key` (then id), served by the index whose direction is `indexDesc`. */
function sortBy(table: ItemTable, name: string, key: SQL, keyType: SortSpec["keyType"], desc: boolean, indexDesc: boolean): SortSpec {
  return { name, keyExpr: key, keyText: sql`${key}::text`, keyType, idExpr: sql`${table.id}`, desc, indexDesc };
}

/** Only the entries of `fields` whose value is given (an update changes only those). */
function given<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const MARKET_CATEGORY = "Choose a market-place category";

/**
 * The price (kobo) a new product row starts with: its own, or its cheapest variant's; the variants'
 * trigger keeps it after (migration 0021). Undefined when the body names none (an update).
 */
function initialPrice(input: { price?: number; variants?: { price: number }[] }): number | undefined {
  if (input.price !== undefined) return nairaToKobo(input.price);
  if (!input.variants?.length) return undefined;
  return nairaToKobo(Math.min(...input.variants.map((v) => v.price)));
}

type ProductRow = {
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
  ratingCount: number;
  ratingSum: number;
  /** The newest product stars of its visible purchase reviews (ADR 0212). */
  recentRatings: number[] | null;
  createdAt: Date;
  options: Product["options"];
  variants: Parameters<typeof toVariants>[1];
};

/** Products: the market-place face of the catalog. */
export const PRODUCT: ItemKind<
  ProductRow,
  Product,
  ProductSort,
  z.output<typeof ProductCreateInput>,
  z.output<typeof ProductUpdateInput>
> = {
  key: "product",
  table: products,
  searchKind: "product",
  searchText: sql`${products.name} || ' ' || ${products.description}`,
  plural: "products",
  notFound: "Product not found",
  created: TEXT.success.productCreated,
  updated: TEXT.success.productUpdated,
  sorts: {
    newest: sortBy(products, "newest", sql`${products.createdAt}`, "timestamptz", true, true),
    price_asc: sortBy(products, "price_asc", sql`${products.priceKobo}`, "bigint", false, false),
    price_desc: sortBy(products, "price_desc", sql`${products.priceKobo}`, "bigint", true, false),
  },
  columns: {
    id: products.id,
    userId: products.userId,
    name: products.name,
    imageUrls: products.imageUrls,
    priceKobo: products.priceKobo,
    countInStock: products.countInStock,
    description: products.description,
    categoryId: products.categoryId,
    listed: products.listed,
    ratingCount: products.ratingCount,
    ratingSum: products.ratingSum,
    recentRatings: sql<
      number[] | null
    >`(select array_agg(r.product_rating order by r.created_at desc, r.id desc) from (select ${purchaseReviews.productRating} as product_rating, ${purchaseReviews.createdAt} as created_at, ${purchaseReviews.id} as id from ${purchaseReviews} where ${purchaseReviews.productId} = ${products.id} and ${purchaseReviews.hiddenAt} is null order by ${purchaseReviews.createdAt} desc, ${purchaseReviews.id} desc limit ${sql.raw(String(REACTIONS_LIST_MAX))}) r)`,
    createdAt: products.createdAt,
    options: optionsColumn,
    variants: variantsColumn,
  },
  toItem: (r) => ({
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
    reactions: r.recentRatings ?? [],
    stars: averageStars(r.ratingSum, r.ratingCount) ?? 0,
    reactions_count: r.ratingCount,
    listed: r.listed,
    createdAt: r.createdAt.toISOString(),
    options: r.options,
    variants: toVariants(r.options, r.variants),
  }),
  // Price and stock are the variants' (saveParts); the product row follows them (migration 0021).
  values: (input) =>
    given({
      name: input.name,
      description: input.description,
      priceKobo: initialPrice(input),
    }),
  saveParts: (tx, id, userId, input) => saveVariants(tx, id, userId, input),
  updateId: (input) => input._id,
  assertCategory: async (db, _userId, categoryId) => {
    await assertCategory(db, categoryId, "market-place", MARKET_CATEGORY);
  },
};

const OWN_SERVICE_CATEGORY = "Choose one of your service categories";

/** Average stars as a SQL expression (0 when nobody rated). Used for the "rating" sort. */
const averageExpr = sql`(case when ${posts.ratingCount} = 0 then 0 else round(${posts.ratingSum}::numeric / ${posts.ratingCount}, 6) end)`;

type ServiceRow = {
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

/** Service row -> API shape (stars averaged, 0 when nobody rated). */
function toService(r: ServiceRow): Post {
  return {
    _id: r.id,
    user_id: r.userId,
    category_id: r.categoryId,
    category_name: r.categoryName,
    body: r.body,
    image_urls: r.imageUrls,
    reactions: r.reactions.map(Number),
    stars: averageStars(r.ratingSum, r.ratingCount) ?? 0,
    reactions_count: r.ratingCount,
    reviews_count: Number(r.reviewsCount),
    listed: r.listed,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Services: the seller's offers in their own service categories, with reactions and reviews. */
export const SERVICE: ItemKind<ServiceRow, Post, PostSort, z.output<typeof PostCreateInput>, z.output<typeof PostUpdateInput>> = {
  key: "post",
  table: posts,
  searchKind: "service",
  searchText: sql`${posts.body}`,
  plural: "services",
  notFound: "Service not found",
  created: TEXT.success.serviceCreated,
  updated: TEXT.success.serviceUpdated,
  sorts: {
    newest: sortBy(posts, "newest", sql`${posts.createdAt}`, "timestamptz", true, true),
    rating: sortBy(posts, "rating", averageExpr, "numeric", true, true),
  },
  columns: {
    id: posts.id,
    userId: posts.userId,
    categoryId: posts.categoryId,
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
  },
  toItem: toService,
  values: (input) => given({ body: input.body }),
  updateId: (input) => (input._id ?? input.id)!,
  /** The category must be of type services and one of the seller's own categories (spec §5). */
  assertCategory: async (db: Executor, userId, categoryId) => {
    await assertCategory(db, categoryId, "services", OWN_SERVICE_CATEGORY);
    const [mine] = await db
      .select({ id: userCategories.categoryId })
      .from(userCategories)
      .where(and(eq(userCategories.userId, userId), eq(userCategories.categoryId, categoryId)));
    if (!mine) throw badRequest(OWN_SERVICE_CATEGORY, { category_id: OWN_SERVICE_CATEGORY });
  },
  listItems: async (db, rows) => {
    const newest = await newestReviewsByPost(
      db,
      rows.map((r) => r.id),
      LIST_REVIEWS_MAX,
    );
    return rows.map((r) => ({ ...toService(r), reviews: newest.get(r.id) ?? [] }));
  },
  detailItem: async (db, row, viewer) => ({
    ...toService(row),
    reviews: (await listReviews(db, row.id, DETAIL_REVIEWS_MAX, undefined, viewer)).data,
  }),
};
