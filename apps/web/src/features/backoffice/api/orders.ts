/** The seller's paid order lines (`GET /api/orders/lines`) and moving them on (`PUT /api/orders/lines`). */
import type { SellerOrderLinesAnswer, UpdateOrderLineAnswer, UpdateOrderLineBody } from "@market/contract";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { dashboardKeys } from "./dashboard";

/** Query key of the seller's order lines. */
export const orderLineKeys = { all: ["bo", "order-lines"] as const };

export const sellerLinesQuery = infiniteQueryOptions({
  queryKey: orderLineKeys.all,
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: "50" });
    if (pageParam) params.set("cursor", pageParam);
    return api<SellerOrderLinesAnswer>(`/api/orders/lines?${params}`, { signal });
  },
  initialPageParam: "",
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useSellerLines() {
  return useInfiniteQuery(sellerLinesQuery);
}

export function useUpdateLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderLineBody) => api<UpdateOrderLineAnswer>("/api/orders/lines", { method: "PUT", body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: orderLineKeys.all }), qc.invalidateQueries({ queryKey: dashboardKeys.all })]),
  });
}
