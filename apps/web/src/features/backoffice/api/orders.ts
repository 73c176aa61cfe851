/** The seller's paid order lines (`GET /api/orders/lines`) and moving them on (`PUT /api/orders/lines`). */
import type { SellerOrderLinesAnswer, UpdateOrderLineAnswer, UpdateOrderLineBody } from "@market/contract";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { orderKeys } from "../../../lib/queries/orders";
import { cursorPagesQuery } from "../../../lib/queries/pages";
import { invalidateWithDashboard } from "./dashboard";

/** Query key of the seller's order lines. */
const orderLineKeys = { all: ["bo", "order-lines"] as const };

const sellerLinesQuery = cursorPagesQuery<SellerOrderLinesAnswer>(orderLineKeys.all, "/api/orders/lines", { limit: "50" });

export function useSellerLines() {
  return useInfiniteQuery(sellerLinesQuery);
}

export function useUpdateLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOrderLineBody) => api<UpdateOrderLineAnswer>("/api/orders/lines", { method: "PUT", body }),
    // The lines list and the order pages (their fulfilment and timeline) are read again.
    onSuccess: () => invalidateWithDashboard(qc, orderLineKeys.all, orderKeys.all),
  });
}
