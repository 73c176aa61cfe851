/**
 * Reviews from verified buyers (ADR 0212), as the product page, the shop page and the buyer's order
 * page read and write them: GET /api/reviews by product or seller, POST /api/reviews, PUT
 * /api/reviews/{id} (the buyer's edit within REVIEW_EDIT_DAYS), POST /api/reviews/{id}/reply. A write marks every review list and every product page stale (a
 * product's stars move with its reviews).
 */
import type {
  PurchaseReviewAnswer,
  PurchaseReviewInput,
  PurchaseReviewListAnswer,
  PurchaseReviewUpdate,
  ReviewReplyInput,
} from "@market/contract";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { catalogKeys } from "./catalog";

const reviewKeys = {
  /** Every cached list of reviews (prefix). */
  all: () => ["purchase-reviews"] as const,
  of: (by: { productId?: string; sellerId?: string }) => [...reviewKeys.all(), by.productId ?? null, by.sellerId ?? null] as const,
};

/** The newest reviews of a product or of a seller. */
export const purchaseReviewsQuery = (by: { productId?: string; sellerId?: string }) =>
  queryOptions({
    queryKey: reviewKeys.of(by),
    queryFn: ({ signal }) => {
      const q = new URLSearchParams({ limit: "20" });
      if (by.productId) q.set("product_id", by.productId);
      if (by.sellerId) q.set("seller_id", by.sellerId);
      return api<PurchaseReviewListAnswer>(`/api/reviews?${q}`, { signal });
    },
  });

/** What a review write leaves stale: the lists and the products' pages and listings (their stars). */
function useReviewWritten() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: reviewKeys.all() }),
      qc.invalidateQueries({ queryKey: catalogKeys.items("market-place") }),
      qc.invalidateQueries({ queryKey: catalogKeys.shops() }),
    ]);
}

/**
 * Review a received order line (the buyer's order page), or, given `reviewId`, change that review
 * (PUT; the server refuses after its `editable_until`).
 */
export function useWritePurchaseReview(reviewId?: string) {
  const written = useReviewWritten();
  return useMutation({
    mutationFn: (body: PurchaseReviewInput | PurchaseReviewUpdate) =>
      api<PurchaseReviewAnswer>(reviewId ? `/api/reviews/${reviewId}` : "/api/reviews", { method: reviewId ? "PUT" : "POST", body }),
    onSuccess: () => written(),
  });
}

/** The seller's one reply to a review of their item. */
export function useReplyToReview(reviewId: string) {
  const written = useReviewWritten();
  return useMutation({
    mutationFn: (body: ReviewReplyInput) => api<PurchaseReviewAnswer>(`/api/reviews/${reviewId}/reply`, { method: "POST", body }),
    onSuccess: () => written(),
  });
}
