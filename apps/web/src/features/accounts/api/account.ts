/**
 * The buyer's orders (GET /api/orders, owned by the commerce area), for the customer area. The
 * customer area's writes to the user (addresses, password) are lib/queries/me.ts.
 */
import type { BuyerOrder, BuyerOrdersAnswer } from "@market/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** One page of the buyer's orders, newest first; `nextCursor` asks for the next (null on the last). */
type OrdersPage = { data: BuyerOrder[]; nextCursor: string | null };

/**
 * The buyer's orders page by page (GET /api/orders, 50 a page by the server's default; the next
 * page by the previous answer's `nextCursor`).
 */
/** Query key of the buyer's orders (a checkout adds one). */
const myOrderKeys = { all: ["orders", "mine"] as const };

const myOrdersQuery = infiniteQueryOptions({
  queryKey: myOrderKeys.all,
  queryFn: async ({ pageParam, signal }): Promise<OrdersPage> => {
    const query = pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : "";
    const res = await api<BuyerOrdersAnswer>(`/api/orders${query}`, { signal });
    return { data: res.data, nextCursor: res.nextCursor ?? null };
  },
  initialPageParam: "",
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useMyOrders(enabled: boolean) {
  return useInfiniteQuery({ ...myOrdersQuery, enabled });
}
