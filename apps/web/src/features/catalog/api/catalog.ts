/**
 * The storefront's catalog hooks (spec §7): one page of a listing, one item with its seller, a
 * service's reviews; and the writes a shopper makes (follow, review). Their queries and keys are
 * lib/queries/catalog.ts.
 */
import type { CategoryType, FollowAnswer, Post, Product, RatingAnswer } from "@market/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys, detailQuery, type ListingParams, listingQuery, reviewsQuery } from "../../../lib/queries/catalog";

/** Is a route's `:type` one of the two listing types? */
export function isCategoryType(value: string | undefined): value is CategoryType {
  return value === "market-place" || value === "services";
}

export function useListing(p: ListingParams) {
  return useQuery(listingQuery(p));
}

export function useItemDetail(type: CategoryType, id: string) {
  return useQuery(detailQuery(type, id));
}

/** Is this item a service (it has a body, spec §2 "An item with a body field is a post")? */
export function isPost(item: Product | Post): item is Post {
  return "body" in item;
}

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
      // The item's key holds its reviews too.
      void qc.invalidateQueries({ queryKey: catalogKeys.item("services", postId) });
    },
  });
}
