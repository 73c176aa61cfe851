/**
 * The buyer's orders (GET /api/orders, owned by the commerce area), for the customer area. The
 * customer area's writes to the user (addresses, password) are lib/queries/me.ts.
 */
import type { BuyerOrdersAnswer } from "@market/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { cursorPagesQuery } from "../../../lib/queries/pages";

/** Query key of the buyer's orders (a checkout adds one). */
const myOrderKeys = { all: ["orders", "mine"] as const };

/** The buyer's orders page by page, newest first (GET /api/orders, 50 a page by the server's default). */
const myOrdersQuery = cursorPagesQuery<BuyerOrdersAnswer>(myOrderKeys.all, "/api/orders");

export function useMyOrders(enabled: boolean) {
  return useInfiniteQuery({ ...myOrdersQuery, enabled });
}
