/**
 * Checkout calls (spec §7): POST /api/transactions/createSession (the reply's `data.data ===
 * "session"` opens the Bank Transfer modal with `data.Form`), PUT /api/transactions ("I have made
 * payment" with the record), DELETE /api/transactions?order_id= (Cancle: the reserved stock goes back).
 */
import type { CreateSessionAnswer, CreateSessionBody, MessageAnswer, SubmitTransferAnswer, TransferForm } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The checkout form as sent (spec §3 "Checkout form"; `amount` is the total with 2 decimals). */
export type CheckoutPayload = Omit<CreateSessionBody, "amount" | "payment_type" | "product_type"> & {
  amount: string;
  payment_type: string;
  product_type: string;
};

export function useCreateSession() {
  return useMutation({
    mutationFn: (body: CheckoutPayload) => api<CreateSessionAnswer>("/api/transactions/createSession", { method: "POST", body }),
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
