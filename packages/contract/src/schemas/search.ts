/**
 * The search API (ADR 0205): `GET /api/search` over products and services together, with
 * relevance, typo tolerance, synonyms, disjunctive facets and a corrected query; `GET
 * /api/search/suggest` while typing; the admin's synonym groups (ADR 0206).
 */
import { z } from "zod";
import { BoolParam, Id, PageQuery } from "./common.js";

/** Longest query the search reads, in characters (a longer one is a 400 with a sentence). */
export const SEARCH_QUERY_MAX = 200;
/** Suggestions start from this many characters. */
export const SUGGEST_MIN_CHARS = 2;

export const SEARCH_SORTS = ["relevance", "newest", "price_asc", "price_desc", "rating"] as const;
export const SearchSort = z.enum(SEARCH_SORTS, { message: "Sort must be relevance, newest, price_asc, price_desc or rating" });
export type SearchSort = z.infer<typeof SearchSort>;
export const SEARCH_KINDS = ["product", "service"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** A comma-separated list parameter ("a,b"): values of one facet are alternatives (OR). */
const listParam = <T extends z.ZodType<unknown, string>>(item: T, max: number, message: string) =>
  z
    .string()
    .max(2000)
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(item).max(max, message));

/** Most `option` filters one search takes. */
export const SEARCH_OPTIONS_MAX = 20;

/**
 * A variant option filter, "Name:Value" (`option=Size:M`), split at the first colon; repeat the
 * parameter for more. Values of one option are alternatives (OR), different options all apply (AND);
 * names and values are compared ignoring case.
 */
export const SearchOptionFilter = z
  .string()
  .max(100, "An option filter is at most 100 characters")
  .transform((v, ctx) => {
    const at = v.indexOf(":");
    const name = at < 0 ? "" : v.slice(0, at).trim();
    const value = at < 0 ? "" : v.slice(at + 1).trim();
    if (!name || !value) {
      ctx.addIssue({ code: "custom", message: "Option must be Name:Value, e.g. Size:M" });
      return z.NEVER;
    }
    return { name, value };
  });
export type SearchOptionFilter = z.output<typeof SearchOptionFilter>;

/** A naira bound of the price facet; an empty value is refused like any other non-number (the page leaves empty fields out). */
const Price = z
  .string()
  .trim()
  .min(1, "Price must be a number")
  .pipe(z.coerce.number<string>({ message: "Price must be a number" }).min(0, "Price cannot be negative").max(1e12, "Price is too large"));

/** GET /api/search query. Values of one facet are alternatives; different facets all apply. */
export const SearchQuery = z.object({
  q: z.string().max(SEARCH_QUERY_MAX, `Search is too long: at most ${SEARCH_QUERY_MAX} characters`).default(""),
  /** "product", "service" or both ("product,service"). */
  kind: listParam(z.enum(SEARCH_KINDS, { message: "Kind must be product or service" }), 2, "Kind must be product or service").optional(),
  category_id: listParam(Id, 20, "At most 20 categories").optional(),
  /** The seller's id: search within one shop. */
  user_id: Id.optional(),
  /** Naira. A range given upside down is read the right way round. */
  min_price: Price.optional(),
  max_price: Price.optional(),
  /** Seller's state(s), as NIGERIAN_STATES spells them. */
  state: listParam(z.string().max(40), 37, "At most 37 states").optional(),
  /** Stars and up (services' average rating). */
  min_rating: z.coerce
    .number({ message: "Rating must be a number" })
    .int("Rating must be 1 to 5")
    .min(1, "Rating must be 1 to 5")
    .max(5, "Rating must be 1 to 5")
    .optional(),
  verified: BoolParam.optional(),
  in_stock: BoolParam.optional(),
  /** Variant option filters, "Name:Value", repeatable (`option=Size:M&option=Size:L&option=Colour:Blue`). */
  option: z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .pipe(z.array(SearchOptionFilter).max(SEARCH_OPTIONS_MAX, `At most ${SEARCH_OPTIONS_MAX} option filters`))
    .optional(),
  /** false: search the words as typed, without typo corrections ("Search instead for ..."). */
  correct: BoolParam.optional(),
  /** Default: relevance with a query, newest without. */
  sort: SearchSort.optional(),
  /** Opaque, from `nextCursor`: the same rule as every listing's (a forged one answers 400 Invalid cursor). */
  cursor: PageQuery.shape.cursor,
  limit: z.coerce.number().int().min(1).max(48).default(24),
});
export type SearchQuery = z.input<typeof SearchQuery>;
export type SearchParams = z.output<typeof SearchQuery>;

export const SearchItem = z.object({
  _id: z.string(),
  kind: z.enum(SEARCH_KINDS),
  name: z.string(),
  /** Naira; null for services. */
  price: z.number().nullable(),
  image_urls: z.array(z.string()),
  category_id: z.string(),
  category_name: z.string(),
  user_id: z.string(),
  /** Null for services. */
  count_in_stock: z.number().int().nullable(),
  /** Average stars, 0 when nobody rated. */
  stars: z.number(),
});
export type SearchItem = z.infer<typeof SearchItem>;

const ValueCount = z.object({ value: z.string(), count: z.number().int() });
export const SearchFacets = z.object({
  kind: z.array(ValueCount),
  category: z.array(z.object({ _id: z.string(), name: z.string(), count: z.number().int() })),
  state: z.array(ValueCount),
  /** Items rated 4 and up, 3 and up. */
  rating: z.object({ "4": z.number().int(), "3": z.number().int() }),
  verified: z.number().int(),
  in_stock: z.number().int(),
  /** Naira, over the matches with the other filters; null when nothing has a price. */
  price: z.object({ min: z.number().nullable(), max: z.number().nullable() }),
  /**
   * Variant options of the matching products (values of variants in stock): the ten most common, by
   * name; values most common first, each
   * value's count with every other filter applied but the same option's (disjunctive).
   */
  options: z.array(z.object({ name: z.string(), values: z.array(ValueCount) })),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

export const SearchAnswer = z.object({
  statusCode: z.number().int(),
  data: z.object({
    items: z.array(SearchItem),
    total: z.number().int(),
    facets: SearchFacets,
    /** The corrected query the results are for, or null when none was needed. */
    did_you_mean: z.string().nullable(),
    nextCursor: z.string().nullable(),
  }),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;

export const SuggestQuery = z.object({
  q: z.string().max(SEARCH_QUERY_MAX, `Search is too long: at most ${SEARCH_QUERY_MAX} characters`).default(""),
});
export const Suggestion = z.object({ type: z.enum(["product", "service", "category", "seller"]), text: z.string(), url: z.string() });
export type Suggestion = z.infer<typeof Suggestion>;
export const SuggestAnswer = z.object({ statusCode: z.number().int(), data: z.object({ suggestions: z.array(Suggestion) }) });
export type SuggestAnswer = z.infer<typeof SuggestAnswer>;

/** A synonym group: two or more terms (words or short phrases) that find the same items. */
export const SynonymGroup = z.object({ _id: z.string(), terms: z.array(z.string()) });
export type SynonymGroup = z.infer<typeof SynonymGroup>;
export const SynonymInput = z.object({
  terms: z
    .array(z.string().trim().toLowerCase().min(1, "A term cannot be empty").max(40, "A term is at most 40 characters"))
    .transform((t) => [...new Set(t)])
    .pipe(z.array(z.string()).min(2, "A group needs at least two different terms").max(10, "At most 10 terms in a group")),
});
export type SynonymInput = z.input<typeof SynonymInput>;
export const SynonymListAnswer = z.object({ statusCode: z.number().int(), data: z.array(SynonymGroup) });
export const SynonymWriteAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: SynonymGroup });
/** `/api/admin/search/synonyms/:id` path parameters. */
export const SynonymParams = z.object({ id: Id });
