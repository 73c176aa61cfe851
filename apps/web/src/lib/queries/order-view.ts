/**
 * One order as the signed-in caller may see it (GET /api/orders/{id}, ADR 0178): the buyer's own,
 * a seller's lines of a paid order with the delivery address and phone, or the admin's whole view.
 * Shared by the buyer's order page and the back office's. Its key is under `orderKeys.all`, so every
 * write that reads the orders again (paying, cancelling, moving a line) reaches it.
 */
import type { OrderViewAnswer } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api";
import { orderKeys } from "./orders";

const orderViewQuery = (id: string) =>
  queryOptions({
    queryKey: orderKeys.one(id),
    queryFn: ({ signal }) => api<OrderViewAnswer>(`/api/orders/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
  });

/** The order `id`, asked only when `enabled` (a signed-in caller). */
export function useOrderView(id: string, enabled = true) {
  return useQuery({ ...orderViewQuery(id), enabled });
}
