/**
 * The catalog's items, products (market-place) and services (posts), as every screen reads them:
 * the storefront's listing pages and item pages, and the seller's own lists in the back office
 * (spec §7: `/api/product`, `/api/posts`). One key factory, so that a write anywhere invalidates
 * exactly the keys the shop reads (`invalidateItems`).
 */
import {
  ALL_CATEGORIES_ID,
  type CategoryType,
  PAGE_SIZE,
  type PostDetailAnswer,
  type PostListAnswer,
  type PostListQuery,
  type ProductDetailAnswer,
  type ProductListAnswer,
  type ProductListQuery,
  type ReviewListAnswer,
  type SellerShopAnswer,
} from "@market/contract";
import { keepPreviousData, type QueryClient, queryOptions } from "@tanstack/react-query";
import { api } from "../api";
import { cursorPagesQuery } from "./pages";

/** The API path of a listing type. */
export function itemsPath(type: CategoryType): string {
  return type === "services" ? "/api/posts" : "/api/product";
}

/** What the listing screen asks for (from its route and URL search params). */
export type ListingParams = {
  type: CategoryType;
  categoryId: string;
  /** The contract's sorts of the type's list query (`ProductListQuery`, `PostListQuery`). */
  sort: NonNullable<ProductListQuery["sort"] | PostListQuery["sort"]>;
  search: string;
  page: number;
  cursor: string | null;
  /** Only this seller's items (the shop page, ADR 0210). */
  sellerId?: string;
};

export type ListingAnswer = ProductListAnswer | PostListAnswer;
export type DetailAnswer = ProductDetailAnswer | PostDetailAnswer;

/** Query string of a listing request. */
function listingSearch(p: ListingParams): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE), sort: p.sort });
  if (p.categoryId && p.categoryId !== ALL_CATEGORIES_ID) q.set("category_id", p.categoryId);
  if (p.search) q.set("search", p.search);
  if (p.sellerId) q.set("user_id", p.sellerId);
  if (p.cursor) q.set("cursor", p.cursor);
  else if (p.page > 1) q.set("page", String(p.page));
  return q.toString();
}

/**
 * Query keys of items, by type: every list of a type (the shop's listing pages and the seller's
 * own list) under `listings(type)`, every item of a type (its page, its reviews) under `items(type)`.
 */
export const catalogKeys = {
  /** Every cached list of one type (prefix). */
  listings: (type: CategoryType) => ["listing", type] as const,
  listing: (p: ListingParams) =>
    [...catalogKeys.listings(p.type), p.categoryId, p.sort, p.search, p.page, p.cursor, p.sellerId ?? null] as const,
  /** The signed-in seller's own items of one type (listed or not), filtered by `search`. */
  mine: (type: CategoryType, search: string) => [...catalogKeys.listings(type), "mine", search] as const,
  /** Every cached item of one type (prefix). */
  items: (type: CategoryType) => ["item", type] as const,
  item: (type: CategoryType, id: string) => [...catalogKeys.items(type), id] as const,
  reviews: (postId: string) => [...catalogKeys.item("services", postId), "reviews"] as const,
  /** Every cached seller shop (prefix). */
  shops: () => ["seller"] as const,
  /** A seller's shop by username (any letter case: the server's lookup). */
  shop: (username: string) => [...catalogKeys.shops(), username.toLowerCase()] as const,
};

/** Mark every list and item of `type` stale: what a write to an item of that type changes. */
export function invalidateItems(qc: QueryClient, type: CategoryType) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: catalogKeys.listings(type) }),
    qc.invalidateQueries({ queryKey: catalogKeys.items(type) }),
  ]);
}

/** One page of the shop's listing. */
export const listingQuery = (p: ListingParams) =>
  queryOptions({
    queryKey: catalogKeys.listing(p),
    queryFn: ({ signal }) => api<ListingAnswer>(`${itemsPath(p.type)}?${listingSearch(p)}`, { signal }),
    // The previous page stays on screen (dimmed) only while paging or sorting the same list: under
    // another category's or search's title, its cards would be the wrong ones, so that shows loading.
    placeholderData: (previous, previousQuery) => {
      const key = previousQuery?.queryKey as readonly unknown[] | undefined;
      const here = catalogKeys.listing(p);
      // Same type, category, search and seller (key parts 1, 2, 4 and 7); the sort, page or cursor may differ.
      return key && [0, 1, 2, 4, 7].every((i) => here[i] === key[i]) ? keepPreviousData(previous) : undefined;
    },
  });

/** One item with its seller (the item page, the quick view, the seller's edit form). */
export const detailQuery = (type: CategoryType, id: string) =>
  queryOptions({
    queryKey: catalogKeys.item(type, id),
    queryFn: ({ signal }) => api<DetailAnswer>(`${itemsPath(type)}?id=${encodeURIComponent(id)}`, { signal }),
  });

/** The signed-in seller's own items of `type`, page by page (GET ...?mine=true). */
export const myItemsQuery = <T extends ListingAnswer>(type: CategoryType, search = "") =>
  cursorPagesQuery<T>(catalogKeys.mine(type, search), itemsPath(type), { mine: "true", limit: "60", search });

/** A service's newest reviews. */
export const reviewsQuery = (postId: string) =>
  queryOptions({
    queryKey: catalogKeys.reviews(postId),
    queryFn: ({ signal }) =>
      api<ReviewListAnswer>(`/api/posts/reviews?${new URLSearchParams({ post_id: postId, limit: "20" })}`, { signal }),
  });

/** A seller's shop page data (GET /api/sellers/{username}, ADR 0210). */
export const sellerShopQuery = (username: string) =>
  queryOptions({
    queryKey: catalogKeys.shop(username),
    queryFn: ({ signal }) => api<SellerShopAnswer>(`/api/sellers/${encodeURIComponent(username)}`, { signal }),
  });
