/**
 * Variant naming without Zod (ADR 0215): pages that only show a line's name load this module, not
 * the catalog schemas.
 */

/** A value that is a code, not a word: 1-3 capitals or digits ("M", "XL", "42"). */
const SHORT_CODE = /^[A-Z0-9]{1,3}$/;

/**
 * How a variant is named wherever a line shows it: the product's name, then each value in the
 * options' order; a short code (1-3 capitals or digits: "M", "XL", "42") follows its option's
 * name, as a bare "M" says nothing ("Ankara Wrap Dress, Size M, Blue"; "Tecno Camon 30, 256GB").
 * A product without options keeps its name.
 */
export function variantName(productName: string, options: Record<string, string> | null | undefined): string {
  const parts = Object.entries(options ?? {}).map(([name, value]) => (SHORT_CODE.test(value) ? `${name} ${value}` : value));
  return [productName, ...parts].join(", ");
}
