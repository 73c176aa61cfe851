/**
 * The product page's delivery line (ADR 0199): "Delivers to Lagos in 1-2 days, ₦1,500" or "Does not
 * deliver to Kano" for the shopper's state, from their default address until they pick another
 * (remembered in this browser), with the seller's rates (GET /api/shipping/rates). Its own chunk,
 * loaded with the page (it needs the browser's data anyway).
 */
import { Group, Text } from "@mantine/core";
import { deliveryLine, NIGERIAN_STATES, nigerianState } from "@market/contract";
import { IconTruckDelivery } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { SelectField } from "../../../components/ui/fields";
import { useShippingRates } from "../../../lib/queries/shipping";
import { useSession } from "../../../lib/session";
import { useKeptValue } from "../../../lib/use-kept-value";

const KEY = "delivery-state";

function savedState(): string | null {
  try {
    return nigerianState(localStorage.getItem(KEY) ?? "");
  } catch {
    return null;
  }
}

export default function DeliveryLine({ sellerId }: { sellerId: string }) {
  const { details } = useSession();
  const [picked, setPicked] = useState<string | null>(null);
  // Read after hydration: the server-drawn page cannot know this browser's pick; a pick made in the
  // server's control before the part was taken over (useKeptValue below) comes first.
  useEffect(() => setPicked((p) => p ?? savedState()), []);
  const home = details?.addresses?.find((a) => a.default) ?? details?.addresses?.[0];
  const state = picked ?? (home ? nigerianState(home.state) : null) ?? "Lagos";
  const rates = useShippingRates(sellerId);

  const pick = (s: string) => {
    setPicked(s);
    try {
      localStorage.setItem(KEY, s);
    } catch {
      // Private mode: the pick lasts for this page only.
    }
  };

  // A state picked in the server-drawn select before this lazy part took it over is kept (ADR 0224).
  const ref = useKeptValue<HTMLSelectElement>(state, (s) => {
    const known = nigerianState(s);
    if (known) pick(known);
  });

  const line = rates.data ? deliveryLine(rates.data.rates, state) : null;
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="delivery-line">
      <SelectField
        label="Deliver to"
        data={[...NIGERIAN_STATES]}
        value={state}
        ref={ref}
        onChange={(e) => pick(e.currentTarget.value)}
        style={{ width: "calc(10rem * var(--mantine-scale))" }}
      />
      <Group gap={6} wrap="nowrap" pb={8}>
        <IconTruckDelivery size={18} aria-hidden />
        <Text fz="sm" fw={600} c={line && !line.delivers ? "red.8" : undefined} data-testid="delivery-text">
          {line ? line.text : rates.isError ? "Delivery details are unavailable right now" : "Checking delivery..."}
        </Text>
      </Group>
    </Group>
  );
}
