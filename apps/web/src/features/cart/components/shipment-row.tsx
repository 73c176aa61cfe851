import { Box, Group, NativeSelect, Text } from "@mantine/core";
import { formatNaira, type ShippingGroup } from "@market/contract";

/**
 * One seller's shipment in the cart and the Review Order panel (ADR 0199): the seller, the fee and days, or that
 * the seller does not deliver to the state, with their pickup points to choose instead.
 */
export function ShipmentRow({
  group: g,
  state,
  pickup,
  onPickup,
}: {
  group: ShippingGroup;
  state: string;
  /** The pickup point chosen and its setter; without a setter the points are not offered (the cart). */
  pickup?: string;
  onPickup?: (id: string) => void;
}) {
  const fee = g.fee === 0 ? "Free" : formatNaira(g.fee);
  return (
    <Box pl="sm" style={{ borderLeft: "3px solid var(--mantine-color-gray-3)" }} data-testid="shipping-group">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} lineClamp={1} style={{ minWidth: 0 }}>
          {g.seller_name}
        </Text>
        <Text size="sm" fw={600} style={{ whiteSpace: "nowrap" }} data-testid="shipping-group-fee">
          {g.deliverable ? fee : "—"}
        </Text>
      </Group>
      <Text size="xs" c={g.deliverable ? "dimmed" : "red.8"}>
        {g.items.map((i) => i.name).join(", ")} ·{" "}
        {g.deliverable
          ? `${g.min_days}-${g.max_days} days${g.pickup_point_id ? " (pickup)" : g.store_rate ? " at the store's rate (one fee for all such sellers)" : ""}`
          : `does not deliver to ${state}`}
      </Text>
      {onPickup && g.pickup_points.length > 0 ? (
        <NativeSelect
          size="xs"
          mt={4}
          aria-label={`Delivery or pickup for ${g.seller_name}`}
          data={[
            { value: "", label: "Deliver to my address" },
            ...g.pickup_points.map((p) => ({
              value: p._id,
              label: `Pick up: ${p.name}, ${p.state} (${p.fee === 0 ? "free" : formatNaira(p.fee)})`,
            })),
          ]}
          value={pickup}
          onChange={(e) => onPickup(e.currentTarget.value)}
        />
      ) : null}
    </Box>
  );
}
