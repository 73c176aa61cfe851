/**
 * The seller's options and variants of a product (ADR 0215), inside the product form: up to 3
 * options with their values, "Generate combinations" (one variant per combination, keeping those
 * already there), "Set all" for price and stock, and per variant its SKU, price and stock, or its
 * removal. Laid out as one card per variant, so it reads on a 390 px phone as on a desktop. Its own
 * chunk: the form loads it on first use.
 */
import { ActionIcon, Button, Group, NumberInput, Paper, SimpleGrid, Stack, TagsInput, Text, TextInput } from "@mantine/core";
import { MAX_PRODUCT_OPTIONS, variantName } from "@market/contract";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";

/** An option as the form holds it. */
export type OptionDraft = { name: string; values: string[] };
/** A variant as the form holds it (price and stock as typed: "" when empty). */
export type VariantDraft = {
  _id?: string;
  sku: string;
  options: Record<string, string>;
  price: number | string;
  count_in_stock: number | string;
};

/** Every combination of the options' values, in the options' order. */
function combinations(options: OptionDraft[]): Record<string, string>[] {
  return options.reduce<Record<string, string>[]>((acc, o) => acc.flatMap((c) => o.values.map((v) => ({ ...c, [o.name]: v }))), [{}]);
}

const comboKey = (options: OptionDraft[], c: Record<string, string>) => JSON.stringify(options.map((o) => c[o.name] ?? ""));

type Props = {
  options: OptionDraft[];
  variants: VariantDraft[];
  onOptions: (options: OptionDraft[]) => void;
  onVariants: (variants: VariantDraft[]) => void;
  /** The form's field errors, keyed by path ("variants.1.sku"). */
  errors: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: Mantine's input props of a path of the form
  inputProps: (path: string) => any;
};

export default function VariantEditor({ options, variants, onOptions, onVariants, errors, inputProps }: Props) {
  const [allPrice, setAllPrice] = useState<number | string>("");
  const [allStock, setAllStock] = useState<number | string>("");
  const error = (path: string) => (typeof errors[path] === "string" ? (errors[path] as string) : undefined);

  const setOption = (i: number, next: OptionDraft) => onOptions(options.map((o, j) => (j === i ? next : o)));
  const generate = () => {
    const named = options.filter((o) => o.name.trim() && o.values.length);
    const kept = new Map(variants.map((v) => [comboKey(named, v.options), v]));
    onVariants(
      combinations(named).map(
        (c) => kept.get(comboKey(named, c)) ?? { sku: "", options: c, price: allPrice, count_in_stock: allStock === "" ? 0 : allStock },
      ),
    );
  };
  const setAll = () =>
    onVariants(
      variants.map((v) => ({
        ...v,
        ...(allPrice !== "" ? { price: allPrice } : {}),
        ...(allStock !== "" ? { count_in_stock: allStock } : {}),
      })),
    );

  return (
    <Stack gap="sm" data-testid="variant-editor">
      <Text fw={600}>Options (sizes, colours, storage)</Text>
      {error("options") ? (
        <Text c="red" fz="sm">
          {error("options")}
        </Text>
      ) : null}
      {options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place (at most 3); its name is being typed, so no key of it would stay put
        <Paper key={i} withBorder p="sm" radius="md">
          <Group align="flex-end" wrap="nowrap" gap="xs">
            <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs">
              <TextInput
                label="Option name"
                placeholder="Size"
                value={o.name}
                error={error(`options.${i}.name`)}
                onChange={(e) => setOption(i, { ...o, name: e.currentTarget.value })}
              />
              <TagsInput
                label="Values"
                placeholder="Type a value, press Enter"
                value={o.values}
                error={Object.entries(errors).find(([k]) => k.startsWith(`options.${i}.values`))?.[1] as string | undefined}
                onChange={(values) => setOption(i, { ...o, values })}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove option ${o.name || i + 1}`}
              onClick={() => onOptions(options.filter((_, j) => j !== i))}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <Group gap="xs">
        {options.length < MAX_PRODUCT_OPTIONS ? (
          <Button variant="default" onClick={() => onOptions([...options, { name: "", values: [] }])}>
            Add option
          </Button>
        ) : null}
        {options.length ? <Button onClick={generate}>Generate combinations</Button> : null}
      </Group>

      {variants.length ? (
        <>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NumberInput label="Price for all (₦)" min={0} decimalScale={2} hideControls value={allPrice} onChange={setAllPrice} w={150} />
            <NumberInput label="Stock for all" min={0} allowDecimal={false} value={allStock} onChange={setAllStock} w={120} />
            <Button variant="default" onClick={setAll}>
              Set all
            </Button>
          </Group>
          <Text fw={600}>
            {variants.length} {variants.length === 1 ? "variant" : "variants"}
          </Text>
          {error("variants") ? (
            <Text c="red" fz="sm">
              {error("variants")}
            </Text>
          ) : null}
          {variants.map((v, i) => {
            const label = variantName("", v.options).slice(2);
            return (
              <Paper key={comboKey(options, v.options)} withBorder p="sm" radius="md" data-testid="variant-row">
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text fw={600}>{label}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${label}`}
                    onClick={() => onVariants(variants.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
                {error(`variants.${i}.options`) ? (
                  <Text c="red" fz="sm">
                    {error(`variants.${i}.options`)}
                  </Text>
                ) : null}
                <SimpleGrid cols={{ base: 3 }} spacing="xs">
                  <TextInput label="SKU" aria-label={`SKU of ${label}`} {...inputProps(`variants.${i}.sku`)} />
                  <NumberInput
                    label="Price (₦)"
                    aria-label={`Price of ${label}`}
                    min={0}
                    decimalScale={2}
                    hideControls
                    {...inputProps(`variants.${i}.price`)}
                  />
                  <NumberInput
                    label="Stock"
                    aria-label={`Stock of ${label}`}
                    min={0}
                    allowDecimal={false}
                    hideControls
                    {...inputProps(`variants.${i}.count_in_stock`)}
                  />
                </SimpleGrid>
              </Paper>
            );
          })}
        </>
      ) : null}
    </Stack>
  );
}
