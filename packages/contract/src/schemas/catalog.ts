/**
 * Catalog shapes (spec §3 "Product", "Service (post)", "Category", "Detail response"; §7 the catalog
 * calls). Shared by the server (request validation + response serialisation) and the web app.
 * Money is naira (numbers) in the API; the database keeps kobo.
 */
import { z } from "zod";
import {
  CATEGORY_TYPES,
  MAX_IMAGES_PER_ITEM,
  MAX_OPTION_TEXT,
  MAX_PAGE_SIZE,
  MAX_PRODUCT_OPTIONS,
  MAX_PRODUCT_VARIANTS,
  PAGE_SIZE,
} from "../constants.js";
import { BoolParam, Id, Naira } from "./common.js";
import { plainText } from "./plain-text.js";
import { SellerScore } from "./seller-score.js";

export const CategoryType = z.enum(CATEGORY_TYPES, { message: "Type must be market-place or services" });
export type CategoryType = z.infer<typeof CategoryType>;

/** A category as the API answers it. */
export const Category = z.object({
  _id: z.string(),
  name: z.string(),
  type: CategoryType,
  is_default: z.boolean(),
});
export type Category = z.infer<typeof Category>;

/** GET /api/category query: all, one (`id`), or filtered to a user's categories (`user_id`), optionally by type. */
export const CategoryQuery = z.object({
  id: Id.optional(),
  user_id: Id.optional(),
  type: CategoryType.optional(),
});

export const CategoryListAnswer = z.object({ statusCode: z.number().int(), data: z.array(Category) });
export type CategoryListAnswer = z.infer<typeof CategoryListAnswer>;

/** POST /api/category (admin): name and type (spec §2 "Add/Update Category"). */
export const CategoryCreateInput = z.object({
  name: plainText("Name", "Name is required").min(2, "Name must have at least 2 characters").max(60, "Name is too long"),
  type: CategoryType,
  is_default: z.boolean().optional(),
});
export type CategoryCreateInput = z.infer<typeof CategoryCreateInput>;

/** PUT /api/category (admin): `id` (or `_id`) plus the new name and type. */
export const CategoryUpdateInput = CategoryCreateInput.extend({
  id: Id.optional(),
  _id: Id.optional(),
}).refine((v) => !!(v.id ?? v._id), { message: "Category id is required", path: ["id"] });
export type CategoryUpdateInput = z.infer<typeof CategoryUpdateInput>;

/** Answer of a category write: the message ("Category Successfully Created/Updated") and the category. */
export const CategoryWriteAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: Category });
export type CategoryWriteAnswer = z.infer<typeof CategoryWriteAnswer>;

// ---------------------------------------------------------------------------------------------
// Images

/**
 * An image URL of an item: a stored upload (`/uploads/<key>.webp`, from POST /api/uploads).
 * Anything else (remote URLs, `javascript:`, data URLs, path tricks) is refused.
 */
export const UploadUrl = z.string().regex(/^\/uploads\/[A-Za-z0-9_-]+\.webp$/, "Images must be uploaded first (a URL under /uploads/)");

const ImageList = z.array(UploadUrl).max(MAX_IMAGES_PER_ITEM, `At most ${MAX_IMAGES_PER_ITEM} images`);

// ---------------------------------------------------------------------------------------------
// Products (market-place) and their options and variants (ADR 0215)

/** An option of a product and its values, in the seller's order, e.g. `{ name: "Size", values: ["S", "M"] }`. */
export const ProductOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOption>;

/**
 * A variant: what is stocked and sold. `options` maps each option's name to a value
 * (`{ Size: "M", Colour: "Blue" }`; `{}` for the hidden default variant of a product without options).
 * `price` in naira.
 */
export const ProductVariant = z.object({
  _id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number(),
  count_in_stock: z.number().int(),
  image_url: z.string().nullable(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/**
 * The variant a cart or order line holds (spec §3 lines gain `variant`): null for a product without
 * options. An order line keeps its snapshot when the seller later removes the variant (`_id` null).
 */
export const LineVariant = z.object({ _id: z.string().nullable(), sku: z.string(), options: z.record(z.string(), z.string()) }).nullable();
export type LineVariant = z.infer<typeof LineVariant>;

/** A product as the API answers it (spec §3 "Product"). `price` in naira: the lowest variant's; `count_in_stock` the sum of the variants'. */
export const Product = z.object({
  _id: z.string(),
  user_id: z.string(),
  name: z.string(),
  image_urls: z.array(z.string()),
  /** Naira. */
  price: z.number(),
  count_in_stock: z.number().int(),
  description: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  /** Spec §3: a `body` marks a post or service; a product's is always null. */
  body: z.null(),
  /** The product stars of its verified buyers' reviews (1..5, newest first, at most REACTIONS_LIST_MAX; ADR 0212). */
  reactions: z.array(z.number().int()),
  /** Average of all of them, 1 decimal, 0 when nobody rated. */
  stars: z.number(),
  /** How many ratings `stars` averages. */
  reactions_count: z.number().int(),
  /** False while the owner is pending or blocked (only in the owner's own list / detail). */
  listed: z.boolean(),
  createdAt: z.string(),
  /** Up to 3 options with their values; empty for a product without options. */
  options: z.array(ProductOption),
  /** The variants; one (options `{}`) for a product without options. */
  variants: z.array(ProductVariant),
});
export type Product = z.infer<typeof Product>;

const StockCount = z
  .number({ message: "Stock must be a number" })
  .int("Stock must be a whole number")
  .min(0, "Stock cannot be negative")
  .max(1_000_000, "Stock is too large");

const OptionText = (label: string) =>
  plainText(label, `${label} is required`)
    .min(1, `${label} is required`)
    .max(MAX_OPTION_TEXT, `${label} can have at most ${MAX_OPTION_TEXT} characters`);

/** An option as a seller writes it. */
export const ProductOptionInput = z.object({
  name: OptionText("Option name"),
  values: z.array(OptionText("Option value")).min(1, "Give the option at least one value").max(MAX_PRODUCT_VARIANTS, "Too many values"),
});
export type ProductOptionInput = z.input<typeof ProductOptionInput>;

/** A variant as a seller writes it; `_id` keeps an existing variant on update (its stock history and carts). */
export const ProductVariantInput = z.object({
  _id: Id.optional(),
  sku: plainText("SKU").max(64, "SKU can have at most 64 characters").default(""),
  options: z.record(z.string(), z.string()).default({}),
  price: Naira,
  count_in_stock: StockCount,
  image_url: UploadUrl.nullable().default(null),
});
export type ProductVariantInput = z.input<typeof ProductVariantInput>;

/** A problem of a product's options and variants: where (`path` under the body) and what. */
export type VariantProblem = { path: (string | number)[]; message: string };

/**
 * The rules of options and variants together (ADR 0215), for the contract's refinements and the
 * server's check of an update against the stored options: option names and each option's values
 * unique (ignoring case); with options, at least one variant, each naming exactly the options with
 * one of their values, no combination twice; without options, at most one variant with no options;
 * no SKU twice. Answers every problem, in body order.
 */
export function variantProblems(
  options: readonly { name: string; values: readonly string[] }[],
  variants: readonly { sku: string; options: Record<string, string> }[],
): VariantProblem[] {
  const problems: VariantProblem[] = [];
  const names = new Set<string>();
  options.forEach((o, i) => {
    if (names.has(o.name.toLowerCase())) problems.push({ path: ["options", i, "name"], message: `Option ${o.name} is there twice` });
    names.add(o.name.toLowerCase());
    const seen = new Set<string>();
    o.values.forEach((v, j) => {
      if (seen.has(v.toLowerCase())) problems.push({ path: ["options", i, "values", j], message: `${o.name} ${v} is there twice` });
      seen.add(v.toLowerCase());
    });
  });
  if (options.length > 0 && variants.length === 0) problems.push({ path: ["variants"], message: "Add at least one variant" });
  if (options.length === 0 && variants.length > 1)
    problems.push({ path: ["variants"], message: "Add options to sell more than one variant" });
  const combos = new Set<string>();
  const skus = new Set<string>();
  variants.forEach((v, i) => {
    const n = i + 1;
    const keys = Object.keys(v.options);
    const fits =
      keys.length === options.length &&
      options.every((o) => typeof v.options[o.name] === "string" && o.values.includes(v.options[o.name]!));
    if (!fits) {
      const wanted = options.map((o) => o.name).join(", ");
      problems.push({
        path: ["variants", i, "options"],
        message: options.length
          ? `Variant ${n}: give one value of each option (${wanted}) from the option's values`
          : `Variant ${n}: the product has no options`,
      });
    } else {
      const combo = JSON.stringify(options.map((o) => v.options[o.name]!.toLowerCase()));
      if (combos.has(combo)) problems.push({ path: ["variants", i, "options"], message: `Variant ${n}: this combination is there twice` });
      combos.add(combo);
    }
    if (v.sku) {
      if (skus.has(v.sku.toLowerCase()))
        problems.push({ path: ["variants", i, "sku"], message: `Variant ${n}: SKU ${v.sku} is used twice` });
      skus.add(v.sku.toLowerCase());
    }
  });
  return problems;
}

/** Whether a product body carries options or variants (then price and stock are the variants'). */
const hasVariants = (v: { options?: unknown[]; variants?: unknown[] } | undefined) => !!(v?.options?.length || v?.variants?.length);

const OptionList = z.array(ProductOptionInput).max(MAX_PRODUCT_OPTIONS, `At most ${MAX_PRODUCT_OPTIONS} options`);
const VariantList = z.array(ProductVariantInput).max(MAX_PRODUCT_VARIANTS, `At most ${MAX_PRODUCT_VARIANTS} variants`);

const productFields = {
  name: plainText("Name", "Name is required").min(2, "Name must have at least 2 characters").max(120, "Name is too long"),
  category_id: Id,
  price: Naira,
  count_in_stock: StockCount,
  description: z.string().trim().max(5000, "Description is too long"),
  image_urls: ImageList,
  options: OptionList,
  variants: VariantList,
};

/**
 * POST /api/product body (spec §7; back-office "Add Product"). `price` in naira. A product without
 * options gives `price` and `count_in_stock` (its hidden default variant); with `options`, the
 * `variants` carry price and stock each and the product's are theirs (lowest price, total stock).
 */
export const ProductCreateInput = z
  .object({
    ...productFields,
    price: productFields.price.optional(),
    count_in_stock: productFields.count_in_stock.optional(),
    description: productFields.description.default(""),
    image_urls: productFields.image_urls.default([]),
    options: productFields.options.default([]),
    variants: productFields.variants.optional(),
  })
  // Checked even when other fields are wrong (`when`), so a form shows every missing field at once;
  // the value may then be partly invalid, hence the optional chains.
  .refine((v) => hasVariants(v) || v?.price !== undefined, { message: "Price is required", path: ["price"], when: () => true })
  .refine((v) => hasVariants(v) || v?.count_in_stock !== undefined, {
    message: "Stock is required",
    path: ["count_in_stock"],
    when: () => true,
  })
  .superRefine((v, ctx) => {
    for (const p of variantProblems(v.options, v.variants ?? [])) ctx.addIssue({ code: "custom", ...p });
  });
export type ProductCreateInput = z.input<typeof ProductCreateInput>;

/**
 * PUT /api/product body: `_id` plus the fields to change (absent fields keep their value). `options`
 * come with `variants`; `variants` alone are checked against the stored options (a variant with an
 * `_id` is kept and changed, one without is added, a stored one not sent is removed).
 */
export const ProductUpdateInput = z
  .object(productFields)
  .partial()
  .extend({ _id: Id })
  .superRefine((v, ctx) => {
    if (v.options && !v.variants) ctx.addIssue({ code: "custom", path: ["variants"], message: "Send the variants with the options" });
    if (v.options && v.variants) for (const p of variantProblems(v.options, v.variants)) ctx.addIssue({ code: "custom", ...p });
  });
export type ProductUpdateInput = z.input<typeof ProductUpdateInput>;

export const ProductWriteAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: Product });
export type ProductWriteAnswer = z.infer<typeof ProductWriteAnswer>;

// ---------------------------------------------------------------------------------------------
// Posts (services)

/** A service as the API answers it (spec §3 "Service (post)"). `stars` is the average of `reactions` (0 when none). */
export const Post = z.object({
  _id: z.string(),
  user_id: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  body: z.string(),
  image_urls: z.array(z.string()),
  /** The most recent star values given (1..5, newest first, at most REACTIONS_LIST_MAX); `stars` averages all of them. */
  reactions: z.array(z.number().int()),
  /** Average stars, 1 decimal, 0 when nobody rated. */
  stars: z.number(),
  /** How many star ratings `stars` averages: every rating, with or without a written review. */
  reactions_count: z.number().int(),
  /** How many of those came with a written review (the Reviews tab). */
  reviews_count: z.number().int(),
  listed: z.boolean(),
  createdAt: z.string(),
});
export type Post = z.infer<typeof Post>;

const postFields = {
  category_id: Id,
  body: z
    .string({ message: "Description is required" })
    .trim()
    .min(10, "Description must have at least 10 characters")
    .max(5000, "Description is too long"),
  image_urls: ImageList,
};

/** POST /api/posts body (spec §7): a category among the seller's own service categories, a description, images. */
export const PostCreateInput = z.object({ ...postFields, image_urls: postFields.image_urls.default([]) });
export type PostCreateInput = z.input<typeof PostCreateInput>;

/** PUT /api/posts body: `_id` (or `id`) plus the fields to change (absent fields keep their value). */
export const PostUpdateInput = z
  .object(postFields)
  .partial()
  .extend({ _id: Id.optional(), id: Id.optional() })
  .refine((v) => !!(v._id ?? v.id), { message: "Service id is required", path: ["_id"] });
export type PostUpdateInput = z.input<typeof PostUpdateInput>;

export const PostWriteAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: Post });
export type PostWriteAnswer = z.infer<typeof PostWriteAnswer>;

// ---------------------------------------------------------------------------------------------
// Listing queries (public lists, the seller's own list, one item)

/** Sort orders. Products: newest, price_asc, price_desc. Services: newest, rating. */
export const PRODUCT_SORTS = ["newest", "price_asc", "price_desc"] as const;
export const POST_SORTS = ["newest", "rating"] as const;
export const ProductSort = z.enum(PRODUCT_SORTS, { message: "Sort must be newest, price_asc or price_desc" });
export const PostSort = z.enum(POST_SORTS, { message: "Sort must be newest or rating" });
export type ProductSort = z.infer<typeof ProductSort>;
export type PostSort = z.infer<typeof PostSort>;

const listQueryBase = {
  /** One item with its seller: `{statusCode, products, user}`. */
  id: Id.optional(),
  /** The signed-in seller's own items (listed or not). */
  mine: BoolParam.optional(),
  /** Category filter; "001" (all) is accepted and ignored. */
  category_id: z.union([Id, z.literal("001")]).optional(),
  /** Seller filter. */
  user_id: Id.optional(),
  /** Text search (words, "quoted phrases", -excluded). */
  search: z.string().trim().max(100, "Search is too long").optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  /** Opaque keyset cursor from `nextCursor` / `prevCursor`. */
  cursor: z.string().max(300).optional(),
  /** 1-based page number (used when no cursor is given). */
  page: z.coerce.number().int().min(1).max(100_000).optional(),
};

/** GET /api/product query. */
export const ProductListQuery = z.object({ ...listQueryBase, sort: ProductSort.default("newest") });
export type ProductListQuery = z.input<typeof ProductListQuery>;

/** GET /api/posts query. */
export const PostListQuery = z.object({ ...listQueryBase, sort: PostSort.default("newest") });
export type PostListQuery = z.input<typeof PostListQuery>;

/** Page facts of a listing answer: `total` matching items, this page's 1-based `page`, its `from`..`to` positions. */
const pageFields = {
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** 1-based position of the first item of this page (0 when empty): "Showing {from}-{to} of {total} results". */
  from: z.number().int(),
  to: z.number().int(),
  nextCursor: z.string().nullable(),
  prevCursor: z.string().nullable(),
};

/** GET /api/product list answer (spec §7: the list is under `products`). */
export const ProductListAnswer = z.object({ statusCode: z.number().int(), products: z.array(Product), ...pageFields });
export type ProductListAnswer = z.infer<typeof ProductListAnswer>;

/** The seller of an item, as the detail answer carries it (spec §2 "Seller popup", §3 "Detail response"). */
export const Seller = z.object({
  _id: z.string(),
  names: z.string(),
  username: z.string(),
  profile: z.string().nullable(),
  desc: z.string(),
  whatsapp: z.string().nullable(),
  verified: z.object({ blue_tick: z.boolean(), email: z.boolean(), phone: z.boolean() }),
  /** Follower ids, most recent first (at most FOLLOWERS_LIST_MAX; `followers_count` is the true count). */
  followers: z.array(z.string()),
  followers_count: z.number().int(),
  /** Whether the signed-in viewer follows this seller (false when anonymous). */
  following: z.boolean(),
  categories: z.array(z.object({ _id: z.string(), name: z.string(), type: CategoryType })),
  /** The seller score and its parts (ADR 0211). */
  score: SellerScore,
});
export type Seller = z.infer<typeof Seller>;

/**
 * Average stars of a service to one decimal (spec §2 "Stars", from its star reactions), or null
 * when nobody rated: the API answers that as `stars: 0`, the page's structured data leaves the
 * rating out.
 */
export function averageStars(ratingSum: number, ratingCount: number): number | null {
  return ratingCount > 0 ? Math.round((ratingSum / ratingCount) * 10) / 10 : null;
}

/** At most this many star values are sent in a service's `reactions`. */
export const REACTIONS_LIST_MAX = 100;

/** At most this many follower ids are sent in a follower list (the count is always exact). */
export const FOLLOWERS_LIST_MAX = 500;

/** GET /api/product?id= answer: the item and its seller (spec §3 "Detail response"). */
export const ProductDetailAnswer = z.object({
  statusCode: z.number().int(),
  products: Product,
  user: Seller,
  /** The signed-in viewer's categories (spec §3 "UsersCategories"); empty when anonymous. */
  UsersCategories: z.array(Category),
});
export type ProductDetailAnswer = z.infer<typeof ProductDetailAnswer>;

/** DELETE /api/product?id= and /api/posts?id= query. */
export const DeleteItemQuery = z.object({ id: Id });

// ---------------------------------------------------------------------------------------------
// Follows

/** GET /api/user/follow query: `id` is the seller to follow or unfollow. */
export const FollowQuery = z.object({
  id: Id,
  state: z.enum(["follow", "unfollow"], { message: "State must be follow or unfollow" }),
});

/** GET /api/user/follow answer: the seller's follower ids after the change (spec §4 "Follow"). */
export const FollowAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  followers: z.array(z.string()),
  followers_count: z.number().int(),
  following: z.boolean(),
});
export type FollowAnswer = z.infer<typeof FollowAnswer>;

/**
 * One follower of the signed-in seller (back office "Followers" page): the public profile only.
 * Never the follower's e-mail or phone: following a seller does not share contact details with them.
 */
export const Follower = z.object({
  _id: z.string(),
  names: z.string(),
  username: z.string(),
  profile: z.string().nullable(),
  createdAt: z.string(),
  /** When they started following. */
  followedAt: z.string(),
});
export type Follower = z.infer<typeof Follower>;

/** GET /api/user/followers query: one page of the signed-in seller's followers, most recent first. */
export const FollowersQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const FollowersAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(Follower),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type FollowersAnswer = z.infer<typeof FollowersAnswer>;

// ---------------------------------------------------------------------------------------------
// Reviews and star reactions (services)

export const Stars = z
  .number({ message: "Rating must be 1 to 5 stars" })
  .int("Rating must be 1 to 5 stars")
  .min(1, "Rating must be 1 to 5 stars")
  .max(5, "Rating must be 1 to 5 stars");

/** A written review of a service. */
export const Review = z.object({
  _id: z.string(),
  post_id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  user: z.object({ _id: z.string(), names: z.string(), profile: z.string().nullable() }),
  /**
   * Written by a buyer of it (ADR 0212). Services are not bought through orders yet, so a service
   * review never is; the field is there so every review says it the same way.
   */
  verified_purchase: z.boolean(),
});
export type Review = z.infer<typeof Review>;

/** GET /api/posts/reviews query: a service's reviews, newest first, keyset-paginated. */
export const ReviewListQuery = z.object({
  post_id: Id,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  cursor: z.string().max(300).optional(),
});

export const ReviewListAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(Review),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type ReviewListAnswer = z.infer<typeof ReviewListAnswer>;

/** How many of the newest reviews a service's detail answer carries (the rest via GET /api/posts/reviews). */
export const DETAIL_REVIEWS_MAX = 20;

/** How many of a service's newest reviews each item of a services list carries (spec §3 "Service (post)": reviews). */
export const LIST_REVIEWS_MAX = 3;

/**
 * GET /api/posts list answer (same shape; the services are under `products` as the spec's client
 * reads). Each service carries its newest LIST_REVIEWS_MAX reviews as `reviews`; `reviews_count`
 * is the true count.
 */
export const PostListAnswer = z.object({
  statusCode: z.number().int(),
  products: z.array(Post.extend({ reviews: z.array(Review) })),
  ...pageFields,
});
export type PostListAnswer = z.infer<typeof PostListAnswer>;

/** GET /api/posts?id= answer: the service carries its newest reviews as `reviews` (spec §3 "Service (post)"). */
export const PostDetailAnswer = z.object({
  statusCode: z.number().int(),
  products: Post.extend({ reviews: z.array(Review) }),
  user: Seller,
  UsersCategories: z.array(Category),
});
export type PostDetailAnswer = z.infer<typeof PostDetailAnswer>;

/** POST /api/posts/reviews body: one review per user per service (a second one replaces the first). */
export const ReviewInput = z.object({
  post_id: Id,
  rating: Stars,
  comment: z.string({ message: "Comment is required" }).trim().min(2, "Comment is required").max(2000, "Comment is too long"),
});
export type ReviewInput = z.infer<typeof ReviewInput>;

/** POST /api/posts/reactions body: a star reaction (1..5), one per user per service. */
export const ReactionInput = z.object({ post_id: Id, stars: Stars });
export type ReactionInput = z.infer<typeof ReactionInput>;

/** Answer of a review or reaction write: the service's new average and counts. */
export const RatingAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  /** Average stars, 1 decimal. */
  stars: z.number(),
  reactions_count: z.number().int(),
  reviews_count: z.number().int(),
  review: Review.optional(),
});
export type RatingAnswer = z.infer<typeof RatingAnswer>;

// ---------------------------------------------------------------------------------------------
// The seller's catalog as CSV (ADR 0216)

/** Most products one CSV import may create or update. */
export const CSV_MAX_PRODUCTS = 1000;
/** Largest CSV body, in bytes (5 MB). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;

/** POST /api/product/import query: `dry_run` writes nothing; `skip_invalid` writes the valid products and skips the rest. */
export const CatalogImportQuery = z.object({ dry_run: BoolParam.optional(), skip_invalid: BoolParam.optional() });

/** One row of an import: its number (1 = the first row under the header), what it does, its errors by column. */
export const CatalogImportRow = z.object({
  row: z.number().int(),
  action: z.enum(["create", "update", "skip"]),
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
});
export type CatalogImportRow = z.infer<typeof CatalogImportRow>;

/** POST /api/product/import answer: every row, and how many products were written (0 on a dry run). */
export const CatalogImportAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ rows: z.array(CatalogImportRow), created: z.number().int(), updated: z.number().int() }),
});
export type CatalogImportAnswer = z.infer<typeof CatalogImportAnswer>;
