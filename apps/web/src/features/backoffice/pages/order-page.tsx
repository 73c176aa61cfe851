/**
 * One order in the back office (ADR 0178), /admin_real/dashboard/orders/:id. A seller sees only
 * their lines of a paid order, where to deliver (the buyer's address, a call and a WhatsApp link),
 * the timeline, ships each line (carrier, tracking) then marks it delivered, cancels one not yet
 * shipped, answers a buyer's problem (ADR 0193-0195), and prints a packing slip
 * (window.print()). The admin sees every seller's lines with their contacts, the buyer's contacts,
 * the totals, the payment and the transfer. For an order paid on delivery (ADR 0221) the seller
 * enters the buyer's code or marks it refused, and the admin unlocks a locked code. Another seller's
 * order is the API's 404.
 */
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { BACKOFFICE_PATHS, type UpdateOrderLineBody } from "@market/contract";
import { IconPrinter } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import {
  BuyerContact,
  DeliveryAddress,
  OrderLines,
  OrderPayment,
  OrderStatusBadge,
  OrderTimeline,
} from "../../../components/orders/order-detail";
import { OrderShipments } from "../../../components/orders/order-shipments";
import { PayOnDelivery } from "../../../components/orders/pay-on-delivery";
import { PackingSlip } from "../../../components/orders/print-sheet";
import { SellerLineActions } from "../../../components/orders/protection";
import { when } from "../../../components/orders/when";
import { ApiError } from "../../../lib/api";
import { toldAfter } from "../../../lib/notify";
import { useOrderView } from "../../../lib/queries/order-view";
import { useUpdateLine } from "../api/orders";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

function BackOfficeOrder({ id }: { id: string }) {
  const q = useOrderView(id);
  const update = useUpdateLine();
  if (q.isPending) return <Loading />;
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.statusCode === 404) {
      return (
        <Alert color="gray" title="Order not found">
          This order has none of your paid items.{" "}
          <Anchor component={Link} to={BACKOFFICE_PATHS.viewOrderedProducts}>
            Back to Ordered Products
          </Anchor>
        </Alert>
      );
    }
    return <LoadError error={q.error} onRetry={() => q.refetch()} />;
  }
  const order = q.data;
  const seller = order.view === "seller";
  const moveOn = (body: UpdateOrderLineBody, done?: () => void) => update.mutate(body, toldAfter(done));
  const busy = (lineId: string) => update.isPending && update.variables?.line_id === lineId;

  return (
    <>
      <PageHeader
        title={`Order ${order.number}`}
        subtitle={
          <Group gap="xs" component="span">
            <OrderStatusBadge order={order} />
            <span>
              Placed {when(order.createdAt)} by {order.buyer.names}
            </span>
          </Group>
        }
        actions={
          order.address && order.status === "paid" ? (
            <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              Print packing slip
            </Button>
          ) : null
        }
      />
      <Stack gap="md">
        {order.address && <DeliveryAddress address={order.address} contact={order.status === "paid" || !seller} />}
        <PayOnDelivery order={order} />
        <OrderLines
          order={order}
          showSeller={!seller}
          action={
            seller
              ? (l) => (
                  <SellerLineActions
                    line={l}
                    codeAtDoor={Boolean(order.pay_on_delivery)}
                    problem={l.problems.find((p) => p.status === "open" || p.status === "answered") ?? null}
                    onMove={moveOn}
                    busy={busy(l._id)}
                  />
                )
              : undefined
          }
        />
        <OrderShipments order={order} showSeller={!seller} />
        {!seller && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <BuyerContact order={order} />
            <OrderPayment order={order} />
          </SimpleGrid>
        )}
        <OrderTimeline order={order} />
        <Text fz="sm">
          <Anchor component={Link} to={seller ? BACKOFFICE_PATHS.viewOrderedProducts : BACKOFFICE_PATHS.transactions}>
            {seller ? "Back to Ordered Products" : "Back to Transactions"}
          </Anchor>
        </Text>
      </Stack>
      {order.address && order.status === "paid" && <PackingSlip order={order} />}
    </>
  );
}

export default function BackOfficeOrderPage() {
  const { id = "" } = useParams();
  return (
    <RoleGate roles={["business", "admin"]}>
      <BackOfficeOrder id={id} />
    </RoleGate>
  );
}
