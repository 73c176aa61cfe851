/**
 * Variant naming without Zod (ADR 0215): pages that only show a line's name load this module, not
 * the catalog schemas.
 */

/**
 * How a variant is named wherever a line shows it: the product's name, then each value in the
 * options' order, a value of up to 3 characters after its option's name ("Ankara Wrap Dress, Size M,
 * Blue"; "Tecno Camon 30, 256GB"). A product without options keeps its name.
 */
export function variantName(productName: string, options: Record<string, string> | null | undefined): string {
  const parts = Object.entries(options ?? {}).map(([name, value]) => (value.length <= 3 ? `${name} ${value}` : value));
  return [productName, ...parts].join(", ");
}
