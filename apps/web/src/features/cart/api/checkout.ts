/**
 * Checkout calls (spec §7): POST /api/transactions/createSession (the reply's `data.data ===
 * "session"` opens the Bank Transfer modal with `data.Form`), PUT /api/transactions ("I have made
 * payment" with the record), DELETE /api/transactions?order_id= (Cancle: the reserved stock goes back),
 * GET /api/transactions/pending (the shopper's order awaiting payment, reopened with "Continue
 * payment", ADR 0136).
 */
import type {
  CreateSessionAnswer,
  CreateSessionBody,
  MessageAnswer,
  PendingTransferAnswer,
  SubmitTransferAnswer,
  TransferForm,
} from "@market/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { useIdempotencyKey } from "../../../lib/idempotency";

/** The checkout form as sent (spec §3 "Checkout form"; `amount` is the total with 2 decimals). */
export type CheckoutPayload = Omit<CreateSessionBody, "amount" | "payment_type" | "product_type" | "replace_pending"> & {
  amount: string;
  payment_type: string;
  product_type: string;
};

/** The signed-in shopper's order awaiting payment (its transfer record), or null. Never cached across sessions. */
export const pendingTransferQuery = () =>
  queryOptions({
    queryKey: ["orders", "pending"] as const,
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
    mutationFn: (body: CheckoutPayload) =>
      withKey(body, (idempotencyKey) =>
        api<CreateSessionAnswer>("/api/transactions/createSession", { method: "POST", body, idempotencyKey }),
      ),
    // A new order, or a refusal because one is pending: either way the pending order may have changed.
    // Not awaited: the Bank Transfer modal opens on the answer, not after that refetch.
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: pendingTransferQuery().queryKey });
    },
  });
}

export function useSubmitTransfer() {
  return useMutation({
    mutationFn: (record: TransferForm) => api<SubmitTransferAnswer>("/api/transactions", { method: "PUT", body: record }),
  });
}

export function useCancelTransfer() {
  return useMutation({
    mutationFn: (orderId: string) => api<MessageAnswer>(`/api/transactions?order_id=${encodeURIComponent(orderId)}`, { method: "DELETE" }),
  });
}
