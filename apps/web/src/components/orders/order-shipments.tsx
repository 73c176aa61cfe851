/**
 * The order pages' Delivery section (ADR 0199): each seller's shipment as fixed at checkout, its
 * fee and delivery days ("Delivers in 1-2 days") or the pickup point chosen (name, address, fee),
 * and once the order is paid the expected dates (the payment's day plus the fewest and most days,
 * from GET /api/orders/:id). The buyer and the admin see every seller's; a seller only their own.
 */
import { Card, Group, Stack, Text, Title } from "@mantine/core";
import { formatNaira, type OrderShipment, type OrderView } from "@market/contract";
import { formatDay } from "../../lib/dates";

/** "1-2 days", "1 day", "3 days". */
function days(min: number, max: number): string {
  const n = min === max ? `${max}` : `${min}-${max}`;
  return `${n} ${max === 1 ? "day" : "days"}`;
}

function Shipment({ s, showSeller }: { s: OrderShipment; showSeller: boolean }) {
  const expected = s.expected_from && s.expected_to ? [formatDay(s.expected_from), formatDay(s.expected_to)] : null;
  return (
    <Stack gap={2} pl="sm" style={{ borderLeft: "3px solid var(--mantine-color-gray-3)" }} data-testid="order-shipment">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" fw={600} lineClamp={1} style={{ minWidth: 0 }}>
          {showSeller ? s.seller.names : s.pickup ? "Pickup" : "Delivery"}
        </Text>
        <Text fz="sm" fw={600} style={{ whiteSpace: "nowrap" }} data-testid="order-shipment-fee">
          {s.fee === 0 ? "Free" : formatNaira(s.fee)}
        </Text>
      </Group>
      {s.pickup ? (
        <>
          <Text fz="sm" data-testid="order-shipment-pickup">
            Pick up at {s.pickup.name}: {s.pickup.address}, {s.pickup.state}
          </Text>
          <Text fz="xs" c="dimmed" data-testid="order-shipment-days">
            Ready in {days(s.min_days, s.max_days)}
          </Text>
        </>
      ) : (
        <Text fz="xs" c="dimmed" data-testid="order-shipment-days">
          Delivers in {days(s.min_days, s.max_days)}
          {s.store_rate ? " (the store's rate)" : ""}
        </Text>
      )}
      {expected ? (
        <Text fz="xs" fw={600} data-testid="order-shipment-expected">
          Expected {expected[0] === expected[1] ? expected[0] : `${expected[0]} - ${expected[1]}`}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The order's shipments, one per seller; nothing for an order kept before shipments were. */
export function OrderShipments({ order, showSeller }: { order: OrderView; showSeller: boolean }) {
  if (order.shipments.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="order-shipments">
      <Title order={3} fz="md" mb="xs">
        {order.shipments.length > 1 ? `Delivery: ${order.shipments.length} shipments` : "Delivery"}
      </Title>
      <Stack gap="sm">
        {order.shipments.map((s) => (
          <Shipment key={s.seller._id} s={s} showSeller={showSeller} />
        ))}
      </Stack>
    </Card>
  );
}
