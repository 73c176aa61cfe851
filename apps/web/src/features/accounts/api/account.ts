/**
 * Calls of the customer area (spec §7): the address helper (POST /api/address), the password
 * change (PUT /api/me, request_type "changePass") and the buyer's orders (GET /api/orders, owned by
 * the commerce area). After a change the ["me"] query is refreshed so every screen shows it.
 */
import type { Address, AddressFields, BuyerOrder } from "@market/contract";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api";
import { meQuery } from "../../../lib/session";

export type AddressRequest =
  | ({ request_type: "create" } & AddressFields)
  | ({ request_type: "update"; address_id: number } & AddressFields)
  | { request_type: "delete_address"; address_id: number };

type AddressAnswer = { statusCode: number; message: string; data: Address[] };

/** Create, update or delete an address; the answer's list replaces the cached user's addresses. */
export function useAddressMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressRequest) => api<AddressAnswer>("/api/address", { method: "POST", body }),
    onSuccess: (res) => {
      qc.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, addresses: res.data } : me));
    },
  });
}

export type ChangePasswordForm = { old_password: string; password: string; confirm_password: string };

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordForm & { _id: string }) =>
      api<{ statusCode: number; message: string }>("/api/me", { method: "PUT", body: { ...body, request_type: "changePass" } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["me"] }),
  });
}

/** An order of the signed-in buyer, with its refunds (GET /api/orders). */
export type Order = BuyerOrder;

/** One page of the buyer's orders, newest first; `nextCursor` asks for the next (null on the last). */
type OrdersPage = { data: Order[]; nextCursor: string | null };

/**
 * The buyer's orders page by page (GET /api/orders, 50 a page by the server's default; the next
 * page by the previous answer's `nextCursor`); a missing endpoint (404) reads as "no orders yet".
 */
const myOrdersQuery = infiniteQueryOptions({
  queryKey: ["orders", "mine"],
  queryFn: async ({ pageParam, signal }): Promise<OrdersPage> => {
    const query = pageParam ? `?${new URLSearchParams({ cursor: pageParam })}` : "";
    try {
      const res = await api<{ statusCode: number; data: Order[]; nextCursor?: string | null }>(`/api/orders${query}`, { signal });
      return { data: res.data ?? [], nextCursor: res.nextCursor ?? null };
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 404) return { data: [], nextCursor: null };
      throw err;
    }
  },
  initialPageParam: "",
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useMyOrders(enabled: boolean) {
  return useInfiniteQuery({ ...myOrdersQuery, enabled });
}
