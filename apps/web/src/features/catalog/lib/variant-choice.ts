/**
 * A shopper's choice among a product's variants (ADR 0215), shared by the product page, the quick
 * view, the picker and the cards: which variant a choice names, whether a value can still be
 * bought with the rest of the choice, and the price a card shows ("from ₦X" when prices differ).
 */
import { formatNaira, type Product, type ProductVariant, variantName } from "@market/contract";

/** Option name -> chosen value; an option not chosen yet is absent. */
export type Choice = Record<string, string>;

/** The variant `choice` names when every option is chosen (null otherwise, or for a combination not sold). */
export function chosenVariant(p: Pick<Product, "options" | "variants">, choice: Choice): ProductVariant | null {
  if (!p.options.length || p.options.some((o) => !choice[o.name])) return null;
  return p.variants.find((v) => p.options.every((o) => v.options[o.name] === choice[o.name])) ?? null;
}

/**
 * Whether `name` = `value`, with the rest of `choice` as it is, names a variant that exists and is
 * in stock: the picker shows the others as unavailable (not hidden).
 */
export function canBuy(p: Pick<Product, "options" | "variants">, choice: Choice, name: string, value: string): boolean {
  const want = { ...choice, [name]: value };
  return p.variants.some((v) => v.count_in_stock > 0 && Object.entries(want).every(([n, x]) => v.options[n] === x));
}

/** A chosen variant as a cart line takes it: named with the product ("Ankara Wrap Dress, Size M, Blue"). */
export function lineVariant(p: Pick<Product, "name">, v: ProductVariant | null) {
  return v && { ...v, name: variantName(p.name, v.options) };
}

/** The price a card or page shows: "from ₦X" (the lowest) when the variants' prices differ, else the price. */
export function priceLabel(p: Pick<Product, "price" | "variants">): string {
  const prices = new Set((p.variants ?? []).map((v) => v.price));
  return prices.size > 1 ? `from ${formatNaira(p.price)}` : formatNaira(p.price);
}
