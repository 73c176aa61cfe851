/**
 * The shopper's orders and their payment (spec §7): POST /api/transactions/createSession (the reply's
 * `data.data === "session"` opens the Bank Transfer modal with `data.Form`), PUT /api/transactions
 * ("I have made payment" with the record), DELETE /api/transactions?order_id= (Cancle: the reserved
 * stock goes back), GET /api/transactions/pending (the shopper's order awaiting payment, reopened
 * with "Continue payment", ADR 0136). Each write's effects on the cached data live in its hook, so
 * every screen that pays or cancels gets them (ADR 0172).
 */
import type {
  CreateSessionAnswer,
  CreateSessionInput,
  MessageAnswer,
  PendingTransferAnswer,
  SubmitTransferAnswer,
  TransferForm,
} from "@market/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../api";
import { resetCart } from "../cart";
import { meQuery } from "../session";

/** Every query key of the orders: the one place they are built, so an invalidation reaches them all. */
export const orderKeys = {
  all: ["orders"] as const,
  /** The signed-in shopper's order awaiting payment. */
  pending: () => [...orderKeys.all, "pending"] as const,
  /** The buyer's order history (the customer area). */
  mine: () => [...orderKeys.all, "mine"] as const,
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

/** Drop every cached order (a window ended, an order was paid or cancelled): they are read again when shown. */
export function useRefreshOrders() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: orderKeys.all });
}

export function useCreateSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSessionInput) => api<CreateSessionAnswer>("/api/transactions/createSession", { method: "POST", body }),
    // A new order, or a refusal because one is pending: either way the pending order may have changed.
    // Not awaited: the Bank Transfer modal opens on the answer, not after that refetch.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: orderKeys.pending() });
    },
  });
}

/** Whether the server says the order can no longer be paid (cancelled, expired, rejected). */
export const orderClosed = (err: unknown): err is ApiError => err instanceof ApiError && (err.statusCode === 404 || err.statusCode === 409);

/**
 * "I have made payment". Paid: the local cart is emptied (the server emptied its own) and the user
 * and every order are read again before the promise resolves, so the next screen shows them. The
 * order can no longer be paid (`orderClosed`): the orders are read again.
 */
export function useSubmitTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (record: TransferForm) => api<SubmitTransferAnswer>("/api/transactions", { method: "PUT", body: record }),
    onSuccess: async () => {
      resetCart(qc);
      await Promise.all([qc.invalidateQueries({ queryKey: meQuery.queryKey }), qc.invalidateQueries({ queryKey: orderKeys.all })]);
    },
    onError: (err) => {
      if (orderClosed(err)) void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** Cancle an order awaiting payment; paid or not, the orders are read again. */
export function useCancelTransfer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => api<MessageAnswer>(`/api/transactions?order_id=${encodeURIComponent(orderId)}`, { method: "DELETE" }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
