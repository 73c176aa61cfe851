/** Naira to US dollars and British pounds at the indicative rates of lib/fx.ts (not live). */
import { NumberInput, Paper, SimpleGrid, Text } from "@mantine/core";
import { formatNaira } from "@market/contract";
import { IconArrowsExchange } from "@tabler/icons-react";
import { useState } from "react";
import { convertNaira, FX_AS_OF, FX_RATES } from "../../lib/fx";
import { Section } from "./section";

export function CurrencyConverter({ defaultAmount }: { defaultAmount: number }) {
  const [amount, setAmount] = useState<number | string>(defaultAmount);
  const naira = Number(amount) || 0;
  return (
    <Section title="Currency converter" icon={<IconArrowsExchange size={16} />} testId="card-converter">
      <NumberInput
        label="Amount in naira"
        leftSection="₦"
        thousandSeparator=","
        min={0}
        decimalScale={2}
        hideControls
        value={amount}
        onChange={setAmount}
      />
      <SimpleGrid cols={2} mt="sm">
        <Paper bg="gray.0" p="sm" radius="md">
          <Text fz="xs" c="dimmed">
            US dollars
          </Text>
          <Text fw={700} fz="lg" data-testid="fx-usd">
            ${convertNaira(naira, "USD").toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </Text>
        </Paper>
        <Paper bg="gray.0" p="sm" radius="md">
          <Text fz="xs" c="dimmed">
            British pounds
          </Text>
          <Text fw={700} fz="lg">
            £{convertNaira(naira, "GBP").toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </Text>
        </Paper>
      </SimpleGrid>
      <Text fz="xs" c="dimmed" mt="xs">
        Indicative rate, not live: $1 = {formatNaira(FX_RATES.USD)}, £1 = {formatNaira(FX_RATES.GBP)} (set {FX_AS_OF}).
      </Text>
    </Section>
  );
}
