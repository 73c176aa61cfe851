/**
 * The buyer's orders (GET /api/orders, owned by the commerce area), for the customer area. The
 * customer area's writes to the user (addresses, password) are lib/queries/me.ts.
 */
import type { BuyerOrdersAnswer } from "@market/contract";
import { useInfiniteQuery } from "@tanstack/react-query";
import { orderKeys } from "../../../lib/queries/orders";
import { cursorPagesQuery } from "../../../lib/queries/pages";

/** The buyer's orders page by page, newest first (GET /api/orders, 50 a page by the server's default). */
const myOrdersQuery = cursorPagesQuery<BuyerOrdersAnswer>(orderKeys.mine(), "/api/orders");

export function useMyOrders(enabled: boolean) {
  return useInfiniteQuery({ ...myOrdersQuery, enabled });
}
