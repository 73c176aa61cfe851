/**
 * Catalog: categories and sellers' choice of them, products (market-place), posts (services), reactions, reviews, follows,
 * wishlist (spec §3 "Product", "Service (post)", "Category").
 *
 * `listed` on products and posts is true while the owner is an approved, active seller; it is kept
 * in step by `syncSellerListings` (modules/catalog/listing-visibility.ts) in the same transaction
 * that changes the seller, so public listings need no join (ADR 0004).
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { categoryType } from "./enums.js";
import { users } from "./users.js";

export const categories = pgTable(
  "categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    type: categoryType("type").notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("categories_type_name_uq").on(t.type, sql`lower(${t.name})`), index("categories_type_idx").on(t.type, t.createdAt)],
);

/** A seller's categories: at most 3 per user, enforced by `position` 1..3 being unique per user. */
export const userCategories = pgTable(
  "user_categories",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.categoryId] }),
    uniqueIndex("user_categories_position_uq").on(t.userId, t.position),
    check("user_categories_position_ck", sql`${t.position} between 1 and 3`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Price in kobo (integer). */
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    countInStock: integer("count_in_stock").notNull().default(0),
    imageUrls: text("image_urls").array().notNull().default(sql`'{}'::text[]`),
    listed: boolean("listed").notNull().default(false),
    /**
     * Taken down by an admin (a report upheld) or by 3 verified buyers' reports until an admin looks
     * (ADR 0213): while set, `listed` stays false whatever the seller's state.
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Why, in the admin's words (the seller sees it). */
    hiddenReason: text("hidden_reason"),
    /** Denormalised from the visible purchase reviews' product stars (kept in the review's transaction, ADR 0212). */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_count_in_stock_ck", sql`${t.countInStock} >= 0`),
    check("products_price_ck", sql`${t.priceKobo} >= 0`),
    index("products_owner_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("products_listed_new_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.listed}`),
    index("products_listed_cat_new_idx").on(t.categoryId, t.createdAt.desc(), t.id.desc()).where(sql`${t.listed}`),
    index("products_listed_price_idx").on(t.priceKobo, t.id).where(sql`${t.listed}`),
    index("products_listed_cat_price_idx").on(t.categoryId, t.priceKobo, t.id).where(sql`${t.listed}`),
  ],
);

/**
 * A product's options (at most 3, e.g. Size, Colour, Storage), in the seller's order (`position` 1..3).
 * A product without options has none and one default variant (ADR 0215).
 */
export const productOptions = pgTable(
  "product_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
  },
  (t) => [
    uniqueIndex("product_options_position_uq").on(t.productId, t.position),
    uniqueIndex("product_options_name_uq").on(t.productId, sql`lower(${t.name})`),
    check("product_options_position_ck", sql`${t.position} between 1 and 3`),
  ],
);

/** The values of an option (e.g. S, M, L), in the seller's order. */
export const productOptionValues = pgTable(
  "product_option_values",
  {
    optionId: uuid("option_id")
      .notNull()
      .references(() => productOptions.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    value: text("value").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.optionId, t.position] }),
    uniqueIndex("product_option_values_value_uq").on(t.optionId, sql`lower(${t.value})`),
  ],
);

/**
 * What is sold and stocked: one row per combination of option values the seller offers, or one
 * default variant (no options, `options` = {}, id = the product's id) for a product without options.
 * Stock is reserved on the variant; `products.price_kobo` (lowest) and `products.count_in_stock`
 * (sum) are kept by the trigger `product_variants_sync` of migration 0021 (ADR 0215), so listings,
 * sorts and the spec's fields read the product row alone.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** The product's seller, so a SKU is unique per seller. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The seller's stock-keeping unit; "" for none (a default variant). */
    sku: text("sku").notNull().default(""),
    /** Option name -> value, e.g. {"Size": "M", "Colour": "Blue"}; {} for the default variant. */
    options: jsonb("options").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Price in kobo. */
    priceKobo: bigint("price_kobo", { mode: "number" }).notNull(),
    countInStock: integer("count_in_stock").notNull().default(0),
    imageUrl: text("image_url"),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    uniqueIndex("product_variants_combination_uq").on(t.productId, t.options),
    uniqueIndex("product_variants_sku_uq").on(t.userId, sql`lower(${t.sku})`).where(sql`${t.sku} <> ''`),
    check("product_variants_count_in_stock_ck", sql`${t.countInStock} >= 0`),
    check("product_variants_price_ck", sql`${t.priceKobo} >= 0`),
  ],
);

export const posts = pgTable(
  "posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "restrict" }),
    body: text("body").notNull(),
    imageUrls: text("image_urls").array().notNull().default(sql`'{}'::text[]`),
    listed: boolean("listed").notNull().default(false),
    /**
     * Taken down by an admin (a report upheld) or by 3 verified buyers' reports until an admin looks
     * (ADR 0213): while set, `listed` stays false whatever the seller's state.
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /** Why, in the admin's words (the seller sees it). */
    hiddenReason: text("hidden_reason"),
    /** Denormalised from reactions (kept in the same transaction as a reaction write). */
    ratingCount: integer("rating_count").notNull().default(0),
    ratingSum: integer("rating_sum").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("posts_owner_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("posts_listed_new_idx").on(t.createdAt.desc(), t.id.desc()).where(sql`${t.listed}`),
    index("posts_listed_cat_new_idx").on(t.categoryId, t.createdAt.desc(), t.id.desc()).where(sql`${t.listed}`),
  ],
);

/** Star reactions on services: 1..5, one per user per post. */
export const reactions = pgTable(
  "reactions",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stars: smallint("stars").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), check("reactions_stars_ck", sql`${t.stars} between 1 and 5`)],
);

/** Written reviews on services: one per user per post. */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_post_user_uq").on(t.postId, t.userId),
    index("reviews_post_idx").on(t.postId, t.createdAt.desc()),
    check("reviews_rating_ck", sql`${t.rating} between 1 and 5`),
  ],
);

/** follower follows seller. Nobody follows themselves. */
export const follows = pgTable(
  "follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sellerId, t.followerId] }),
    index("follows_follower_idx").on(t.followerId),
    check("follows_not_self_ck", sql`${t.followerId} <> ${t.sellerId}`),
  ],
);

export const wishlistItems = pgTable(
  "wishlist_items",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] })],
);
