/**
 * The storefront's catalog hooks (spec §7): one page of a listing, one item with its seller, a
 * service's reviews; and the writes a shopper makes (follow, review). Their queries and keys are
 * lib/queries/catalog.ts.
 */
import type { CategoryType, FollowAnswer, Post, Product, RatingAnswer, SellerShopAnswer } from "@market/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import {
  catalogKeys,
  type DetailAnswer,
  detailQuery,
  type ListingParams,
  listingQuery,
  reviewsQuery,
  sellerShopQuery,
} from "../../../lib/queries/catalog";

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
  // A product carries `body: null` (spec §3 "body marks a post or service").
  return item.body !== null;
}

/** A seller's shop (the shop page). */
export function useSellerShop(username: string) {
  return useQuery(sellerShopQuery(username));
}

export function useReviews(postId: string, enabled: boolean) {
  return useQuery({ ...reviewsQuery(postId), enabled });
}

/**
 * Follow or unfollow a seller (spec §4 "Follow"); the answer (the seller's followers) goes into
 * every cached item page and the shop of that seller, so each shows the new count and state.
 */
export function useFollowSeller() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ sellerId, state }: { sellerId: string; state: "follow" | "unfollow" }) =>
      api<FollowAnswer>(`/api/user/follow?${new URLSearchParams({ id: sellerId, state })}`),
    onSuccess: ({ followers, followers_count, following }, { sellerId }) => {
      for (const type of ["market-place", "services"] as const)
        qc.setQueriesData<DetailAnswer>({ queryKey: catalogKeys.items(type) }, (old) =>
          old && "user" in old && old.user._id === sellerId
            ? { ...old, user: { ...old.user, followers, followers_count, following } }
            : old,
        );
      qc.setQueriesData<SellerShopAnswer>({ queryKey: catalogKeys.shops() }, (old) =>
        old?.data._id === sellerId ? { ...old, data: { ...old.data, followers, followers_count, following } } : old,
      );
    },
  });
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
