/** How an order's and a line's status read to people, and their badge colours: the order history, the order pages, Ordered Products. */
import type { FulfilmentStatus, OrderStatus } from "@market/contract";

const ORDER_STATUS_LABEL: Record<OrderStatus, { label: string; color: string }> = {
  awaiting_payment: { label: "Awaiting payment", color: "yellow" },
  payment_submitted: { label: "Payment submitted", color: "blue" },
  paid: { label: "Paid", color: "green" },
  cancelled: { label: "Cancelled", color: "gray" },
  expired: { label: "Expired", color: "gray" },
  rejected: { label: "Rejected", color: "red" },
  unconfirmed: { label: "Payment not confirmed", color: "orange" },
};

/**
 * How an order's status reads: a paid-on-delivery order with a courier still to be paid reads "Pay
 * on delivery", not "Paid" (ADR 0220), in the order history, the order pages and the receipt.
 */
export function orderStatusLabel(status: OrderStatus, payAtDoor = false): { label: string; color: string } {
  return status === "paid" && payAtDoor ? { label: "Pay on delivery", color: "cyan" } : ORDER_STATUS_LABEL[status];
}

/** Whether an order page's order still has a courier to pay (pay on delivery, ADR 0221). */
export function payAtDoor(order: { pay_on_delivery?: { deliveries: { status: string }[] } | null }): boolean {
  return Boolean(order.pay_on_delivery?.deliveries.some((d) => d.status === "awaiting"));
}

/** A paid line's state (ADR 0193). */
export const FULFILMENT_LABEL: Record<FulfilmentStatus, { label: string; color: string }> = {
  unfulfilled: { label: "Pending", color: "orange" },
  shipped: { label: "Shipped", color: "blue" },
  delivered: { label: "Delivered", color: "teal" },
  received: { label: "Received", color: "green" },
  completed: { label: "Completed", color: "green" },
  cancelled: { label: "Cancelled", color: "gray" },
  disputed: { label: "Problem reported", color: "red" },
  refunded: { label: "Refunded", color: "grape" },
};
