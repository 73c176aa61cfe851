/**
 * The order page's pay-on-delivery panel (ADR 0221), loaded only for an order paid on delivery, so
 * other order pages do not carry its code.
 */
import type { OrderView } from "@market/contract";
import { lazy, Suspense } from "react";

const Panel = lazy(() => import("./pay-on-delivery.impl"));

export function PayOnDelivery({ order }: { order: OrderView }) {
  if (!order.pay_on_delivery) return null;
  return (
    <Suspense fallback={null}>
      <Panel order={order} />
    </Suspense>
  );
}
