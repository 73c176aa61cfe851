/**
 * The variant picker of the product page and the quick view (ADR 0215): one row of buttons per
 * option; a value that does not exist or is out of stock with the rest of the choice is shown as
 * unavailable (struck through, still pressable so the shopper can change the other options), never
 * hidden. Its own chunk: only products with options load it.
 */
import { Button, Group, Stack, Text } from "@mantine/core";
import type { Product } from "@market/contract";
import { type Choice, canBuy } from "../lib/variant-choice";

export default function VariantPicker({
  product,
  value,
  onChange,
}: {
  product: Pick<Product, "options" | "variants">;
  value: Choice;
  onChange: (next: Choice) => void;
}) {
  return (
    <Stack gap="xs" data-testid="variant-picker">
      {product.options.map((o) => (
        <div key={o.name} role="group" aria-label={o.name}>
          <Text fw={600} fz="sm" mb={4}>
            {o.name}:{" "}
            {value[o.name] ?? (
              <Text span c="dimmed" inherit>
                choose
              </Text>
            )}
          </Text>
          <Group gap={6}>
            {o.values.map((v) => {
              const chosen = value[o.name] === v;
              const available = canBuy(product, value, o.name, v);
              return (
                <Button
                  key={v}
                  size="compact-md"
                  variant={chosen ? "filled" : "default"}
                  aria-pressed={chosen}
                  aria-label={available ? `${o.name} ${v}` : `${o.name} ${v} (unavailable)`}
                  data-unavailable={available ? undefined : true}
                  style={available ? undefined : { textDecoration: "line-through", opacity: 0.55 }}
                  onClick={() => onChange({ ...value, [o.name]: v })}
                >
                  {v}
                </Button>
              );
            })}
          </Group>
        </div>
      ))}
    </Stack>
  );
}
