/**
 * The shopper's orders and their payment (spec §7): POST /api/transactions/createSession (the reply's
 * `data.data === "session"` opens the Bank Transfer modal with `data.Form`), PUT /api/transactions
 * ("I have made payment" with the record), DELETE /api/transactions?order_id= (Cancle: the reserved
 * stock goes back), GET /api/transactions/pending (the shopper's order awaiting payment, reopened
 * with "Continue payment", ADR 0136). Each write's effects on the cached data live in its hook, so
 * every screen that pays or cancels gets them (ADR 0172); paying and cancelling are in
 * order-payment.ts, which only the Bank Transfer modal loads (it brings the cart's writes).
 */
import type { CreateSessionAnswer, CreateSessionInput, PendingTransferAnswer } from "@market/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { useIdempotencyKey } from "../idempotency";

/** Every query key of the orders: the one place they are built, so an invalidation reaches them all. */
export const orderKeys = {
  all: ["orders"] as const,
  /** The signed-in shopper's order awaiting payment. */
  pending: () => [...orderKeys.all, "pending"] as const,
  /** The buyer's order history (the customer area). */
  mine: () => [...orderKeys.all, "mine"] as const,
  /** One order as the caller may see it (lib/queries/order-view.ts). */
  one: (id: string) => [...orderKeys.all, "one", id] as const,
};

/** The signed-in shopper's order awaiting payment (its transfer record), or null. Never cached across sessions. */
export const pendingTransferQuery = () =>
  queryOptions({
    queryKey: orderKeys.pending(),
    queryFn: ({ signal }) => api<PendingTransferAnswer>("/api/transactions/pending", { signal }).then((r) => r.data),
  });

/** The pending order, asked only for a signed-in shopper (`enabled`). */
export function usePendingTransfer(enabled: boolean) {
  return useQuery({ ...pendingTransferQuery(), enabled });
}

export function useCreateSession() {
  const qc = useQueryClient();
  const withKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: CreateSessionInput) =>
      withKey(body, (idempotencyKey) =>
        api<CreateSessionAnswer>("/api/transactions/createSession", { method: "POST", body, idempotencyKey }),
      ),
    // A new order, or a refusal because one is pending: either way the pending order may have changed.
    // Not awaited: the Bank Transfer modal opens on the answer, not after that refetch.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: orderKeys.pending() });
    },
  });
}
