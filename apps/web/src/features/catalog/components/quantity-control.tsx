/**
 * Quantity minus/plus control of the quick view (spec §4 "Quantity", §5): starts at 1, moves by
 * one, never below 1 nor above the stock; the numeric input is a real `type="number"` input with
 * min 1 and step 1 (§5), so phones show the number pad and the rule is visible in the page.
 * Typing keeps a draft (an empty field while the shopper retypes); the clamped value is applied
 * at once when the draft is a number, and the field shows it again on blur.
 */
import { ActionIcon, Group, TextInput } from "@mantine/core";
import { IconMinus, IconPlus } from "@tabler/icons-react";
import { useState } from "react";

/** Clamp a wanted quantity to 1..stock (1 when out of stock, so the control stays sane). */
export function clampQuantity(qty: number, stock: number): number {
  const max = Math.max(1, stock);
  if (!Number.isFinite(qty)) return 1;
  return Math.min(max, Math.max(1, Math.floor(qty)));
}

export function QuantityControl({ value, stock, onChange }: { value: number; stock: number; onChange: (qty: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const max = Math.max(1, stock);
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
      <TextInput
        type="number"
        inputMode="numeric"
        aria-label="Quantity"
        min={1}
        max={max}
        step={1}
        value={draft ?? String(value)}
        w={64}
        styles={{ input: { textAlign: "center" } }}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setDraft(text);
          if (text.trim() !== "" && Number.isFinite(Number(text))) onChange(clampQuantity(Number(text), stock));
        }}
        onBlur={() => setDraft(null)}
      />
      <ActionIcon
        variant="default"
        size="lg"
        aria-label="Increase quantity"
        onClick={() => {
          setDraft(null);
          onChange(clampQuantity(value + 1, stock));
        }}
        disabled={value >= stock}
      >
        <IconPlus size={16} />
      </ActionIcon>
    </Group>
  );
}
