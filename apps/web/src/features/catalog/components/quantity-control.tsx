/**
 * Quantity minus/plus control of the quick view (spec §4 "Quantity", §5): starts at 1, moves by
 * one, never below 1 nor above the stock; the numeric input has min 1 and step 1.
 */
import { ActionIcon, Group, NumberInput } from "@mantine/core";
import { IconMinus, IconPlus } from "@tabler/icons-react";

/** Clamp a wanted quantity to 1..stock (1 when out of stock, so the control stays sane). */
export function clampQuantity(qty: number, stock: number): number {
  const max = Math.max(1, stock);
  if (!Number.isFinite(qty)) return 1;
  return Math.min(max, Math.max(1, Math.floor(qty)));
}

export function QuantityControl({ value, stock, onChange }: { value: number; stock: number; onChange: (qty: number) => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Decrease quantity"
        onClick={() => onChange(clampQuantity(value - 1, stock))}
        disabled={value <= 1}
      >
        <IconMinus size={16} />
      </ActionIcon>
      <NumberInput
        aria-label="Quantity"
        value={value}
        min={1}
        max={Math.max(1, stock)}
        step={1}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        hideControls
        w={64}
        styles={{ input: { textAlign: "center" } }}
        onChange={(v) => onChange(clampQuantity(Number(v), stock))}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Increase quantity"
        onClick={() => onChange(clampQuantity(value + 1, stock))}
        disabled={value >= stock}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
