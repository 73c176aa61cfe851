/**
 * Paying and cancelling an order awaiting payment (spec §7): PUT /api/transactions ("I have made
 * payment" with the record) and DELETE /api/transactions?order_id= (Cancle: the reserved stock goes
 * back). Each hook carries its effects on the cached cart, user and orders (ADR 0172). Apart from
 * orders.ts so that only the Bank Transfer modal, a lazy chunk, brings the cart's writes.
 */
import type { ContinueCardAnswer, MessageAnswer, SubmitTransferAnswer, TransferForm } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../api";
import { resetCart } from "../cart";
import { meQuery } from "../session";
import { orderKeys } from "./orders";

/** Drop every cached order (a window ended, an order was paid or cancelled): they are read again when shown. */
export function useRefreshOrders() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: orderKeys.all });
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

/**
 * Continue paying a card order awaiting payment (POST /api/transactions/card, ADR 0223): resolves
 * with Paystack's page to go to, or `paid` when Paystack says it was paid meanwhile, or neither with
 * the server's sentence (a late payment refunded, a wrong amount, a closed order); the orders and
 * the user are then read again.
 */
export function useContinueCard(onAnswer: (answer: ContinueCardAnswer["data"] & { message: string }) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) =>
      api<ContinueCardAnswer>("/api/transactions/card", { method: "POST", body: { order_id: orderId } }).then((r) => ({
        ...r.data,
        message: r.message,
      })),
    // Here, not in mutate's own callbacks: the orders read again below may end the pending order,
    // unmounting the button, and mutate's callbacks are dropped for an unmounted caller.
    onSuccess: onAnswer,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: orderKeys.all }), qc.invalidateQueries({ queryKey: meQuery.queryKey })]),
  });
}
