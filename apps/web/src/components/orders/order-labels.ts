/** How an order's status reads to people, and its badge colour: the order history and the order pages. */
import type { OrderStatus } from "@market/contract";

export const ORDER_STATUS_LABEL: Record<OrderStatus, { label: string; color: string }> = {
  awaiting_payment: { label: "Awaiting payment", color: "yellow" },
  payment_submitted: { label: "Payment submitted", color: "blue" },
  paid: { label: "Paid", color: "green" },
  cancelled: { label: "Cancelled", color: "gray" },
  expired: { label: "Expired", color: "gray" },
  rejected: { label: "Rejected", color: "red" },
  unconfirmed: { label: "Payment not confirmed", color: "orange" },
};
