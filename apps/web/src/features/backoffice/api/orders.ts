/** The seller's paid order lines (`GET /api/orders/lines`) and moving them on (`PUT /api/orders/lines`). */
import type { FulfilmentStatus, SellerOrderLine } from "@market/contract";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

type LinesAnswer = { statusCode: number; data: SellerOrderLine[]; nextCursor?: string | null };

export const sellerLinesQuery = infiniteQueryOptions({
  queryKey: ["bo", "order-lines"],
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ limit: "50" });
    if (pageParam) params.set("cursor", pageParam);
    return api<LinesAnswer>(`/api/orders/lines?${params}`, { signal });
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
    mutationFn: (body: { line_id: string; fulfilment: Exclude<FulfilmentStatus, "unfulfilled"> }) =>
      api<{ statusCode: number; message: string; data: SellerOrderLine }>("/api/orders/lines", { method: "PUT", body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ["bo", "order-lines"] }), qc.invalidateQueries({ queryKey: ["bo", "dashboard"] })]),
  });
}
