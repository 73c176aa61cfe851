/**
 * /account/orders/:id, the buyer's order page (ADR 0178): the order's number and status, each line
 * with its seller and fulfilment, for an order paid on delivery what to pay the courier and the code's sending (ADR 0221), ("Shipped", "Delivered" and when), its tracking, "Confirm receipt"
 * and "Report a problem" with the problem's thread (ADR 0193-0195), the delivery address, totals,
 * the payment (method, reference, transfer state), the timeline from the stored times, and a
 * "Write a review" on each received or completed line (ADR 0212), a receipt to print or save as PDF with the browser ("Print receipt" calls window.print()). Drawn
 * by the server for a signed-in customer like /account (SERVER_DRAWN_PAGES); another buyer's order
 * is the API's 404, shown as "Order not found".
 */
import { Alert, Anchor, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { TEXT } from "@market/contract";
import { IconPrinter } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link, useParams } from "react-router";
import { DeliveryAddress, OrderLines, OrderPayment, OrderStatusBadge, OrderTimeline } from "../../../components/orders/order-detail";
import { OrderShipments } from "../../../components/orders/order-shipments";
import { PayOnDelivery } from "../../../components/orders/pay-on-delivery";
import { Receipt } from "../../../components/orders/print-sheet";
import { BuyerLineActions } from "../../../components/orders/protection";
import { when } from "../../../components/orders/when";
import { WriteReviewButton } from "../../../components/reviews/write-review-button";
import { Button } from "../../../components/ui/button";
import { ApiError } from "../../../lib/api";
import { errorMessage } from "../../../lib/notify";
import { useOrderView } from "../../../lib/queries/order-view";
import { usePageTitle } from "../../../lib/use-page-title";
import { CustomerArea } from "../components/customer-area";

/** "Continue payment" of a card order awaiting payment (ADR 0223): its own chunk, for such an order only. */
const ContinueCardButton = lazy(() => import("../../../components/orders/continue-card"));

function BuyerOrder({ id }: { id: string }) {
  const q = useOrderView(id);
  usePageTitle(q.data ? `Order ${q.data.number}` : "Order");
  if (q.isPending) {
    return (
      <Stack gap="md" data-testid="order-placeholder">
        <Skeleton h={40} />
        <Skeleton h={160} radius="md" />
        <Skeleton h={120} radius="md" />
      </Stack>
    );
  }
  if (q.isError) {
    const missing = q.error instanceof ApiError && q.error.statusCode === 404;
    return (
      <Alert color={missing ? "gray" : "red"} title={missing ? "Order not found" : TEXT.alerts.errorTitle}>
        {missing ? "This order is not in your account." : errorMessage(q.error)}{" "}
        <Anchor component={Link} to="/account">
          Back to your orders
        </Anchor>
      </Alert>
    );
  }
  const order = q.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz="xl" data-testid="order-number">
            Order {order.number}
          </Title>
          <Group gap="xs" mt={4}>
            <OrderStatusBadge order={order} />
            <Text fz="sm" c="dimmed">
              Placed {when(order.createdAt)}
            </Text>
          </Group>
        </div>
        <Group gap="sm" align="flex-start">
          {/* A card order the buyer left on Paystack's page is continued there (ADR 0223). */}
          {order.status === "awaiting_payment" && order.payment?.method === "card" ? (
            <Suspense fallback={null}>
              <ContinueCardButton orderId={order._id} />
            </Suspense>
          ) : null}
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            Print receipt
          </Button>
        </Group>
      </Group>
      <PayOnDelivery order={order} />
      <OrderLines
        order={order}
        showSeller
        action={(l) => (
          <>
            <BuyerLineActions orderId={order._id} line={l} />
            {/* A received or completed line may be reviewed; the server's rule decides (ADR 0212). */}
            {l.fulfilment === "received" || l.fulfilment === "completed" ? <WriteReviewButton lineId={l._id} name={l.name} /> : null}
          </>
        )}
      />
      <OrderShipments order={order} showSeller />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {order.address && <DeliveryAddress address={order.address} contact={false} />}
        <OrderPayment order={order} />
      </SimpleGrid>
      <OrderTimeline order={order} />
      <Anchor component={Link} to="/account" fz="sm">
        Back to your orders
      </Anchor>
      <Receipt order={order} />
    </Stack>
  );
}

export default function OrderPage() {
  const { id = "" } = useParams();
  return <CustomerArea title="Order">{() => <BuyerOrder id={id} />}</CustomerArea>;
}
