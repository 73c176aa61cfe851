/**
 * Catalog data for the screens (spec §7): categories of a type, one page of a listing, one item
 * with its seller, a service's reviews; and the writes a shopper makes (follow, review, wishlist).
 * Listings call `/api/product` (market-place) or `/api/posts` (services).
 */
import {
  type Category,
  type CategoryType,
  type FollowAnswer,
  PAGE_SIZE,
  type Post,
  type PostDetailAnswer,
  type PostListAnswer,
  type Product,
  type ProductDetailAnswer,
  type ProductListAnswer,
  type RatingAnswer,
  type ReviewListAnswer,
} from "@market/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The API path of a listing type. */
export function itemsPath(type: CategoryType): string {
  return type === "services" ? "/api/posts" : "/api/product";
}

/** Is a route's `:type` one of the two listing types? */
export function isCategoryType(value: string | undefined): value is CategoryType {
  return value === "market-place" || value === "services";
}

export const categoriesQuery = (type: CategoryType) =>
  queryOptions({
    queryKey: ["categories", type],
    queryFn: async () => (await api<{ statusCode: number; data: Category[] }>(`/api/category?type=${type}`)).data,
    staleTime: 5 * 60_000,
  });

/** What the listing screen asks for (from its route and URL search params). */
export type ListingParams = {
  type: CategoryType;
  categoryId: string;
  sort: string;
  search: string;
  page: number;
  cursor: string | null;
};

export type ListingAnswer = ProductListAnswer | PostListAnswer;

/** Query string of a listing request. */
export function listingSearch(p: ListingParams): string {
  const q = new URLSearchParams({ limit: String(PAGE_SIZE), sort: p.sort });
  if (p.categoryId && p.categoryId !== "001") q.set("category_id", p.categoryId);
  if (p.search) q.set("search", p.search);
  if (p.cursor) q.set("cursor", p.cursor);
  else if (p.page > 1) q.set("page", String(p.page));
  return q.toString();
}

/**
 * The storefront's query keys for listings and items, defined once: the shop's queries use them, and
 * writes elsewhere (the back office's product and service forms) invalidate by their prefixes, so a
 * seller's edit reaches the shop at once instead of after the 30 s stale time.
 */
export const catalogKeys = {
  /** Every cached listing page of one type (prefix). */
  listings: (type: CategoryType) => ["listing", type] as const,
  listing: (p: ListingParams) => [...catalogKeys.listings(p.type), p.categoryId, p.sort, p.search, p.page, p.cursor] as const,
  /** Every cached item of one type (prefix). */
  items: (type: CategoryType) => ["item", type] as const,
  item: (type: CategoryType, id: string) => [...catalogKeys.items(type), id] as const,
};

export const listingQuery = (p: ListingParams) =>
  queryOptions({
    queryKey: catalogKeys.listing(p),
    queryFn: ({ signal }) => api<ListingAnswer>(`${itemsPath(p.type)}?${listingSearch(p)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useListing(p: ListingParams) {
  return useQuery(listingQuery(p));
}

export type DetailAnswer = ProductDetailAnswer | PostDetailAnswer;

export const detailQuery = (type: CategoryType, id: string) =>
  queryOptions({
    queryKey: catalogKeys.item(type, id),
    queryFn: ({ signal }) => api<DetailAnswer>(`${itemsPath(type)}?id=${encodeURIComponent(id)}`, { signal }),
  });

export function useItemDetail(type: CategoryType, id: string) {
  return useQuery(detailQuery(type, id));
}

/** Is this item a service (it has a body, spec §2 "An item with a body field is a post")? */
export function isPost(item: Product | Post): item is Post {
  return "body" in item;
}

export const reviewsQuery = (postId: string) =>
  queryOptions({
    queryKey: ["reviews", postId],
    queryFn: () => api<ReviewListAnswer>(`/api/posts/reviews?post_id=${postId}&limit=20`),
  });

export function useReviews(postId: string, enabled: boolean) {
  return useQuery({ ...reviewsQuery(postId), enabled });
}

/** Follow or unfollow a seller; answers the seller's followers (spec §4 "Follow"). */
export function followSeller(sellerId: string, state: "follow" | "unfollow") {
  return api<FollowAnswer>(`/api/user/follow?id=${encodeURIComponent(sellerId)}&state=${state}`);
}

/** Post a review of a service; refreshes its reviews and detail. */
export function useWriteReview(postId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { rating: number; comment: string }) =>
      api<RatingAnswer>("/api/posts/reviews", { method: "POST", body: { post_id: postId, ...input } }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ["reviews", postId] });
      void qc.invalidateQueries({ queryKey: catalogKeys.item("services", postId) });
    },
  });
}
