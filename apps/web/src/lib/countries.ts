/**
 * The country list of the web's address forms, from i18n-iso-countries' English names: every
 * country by its official English name (the first of a country's names), A-Z, with the one the form
 * puts first moved to the top. Each form names its first entry: the address book Pakistan (spec §2
 * "Address book": "a long world country list, Pakistan first"), checkout Nigeria (where most
 * shoppers are).
 *
 * Only the names file is read, not the library's module (its locale registry and diacritics
 * tables ran on the main thread of every checkout's first load), and the names are sorted once,
 * with one collator: `localeCompare` with a locale sets one up per comparison (ADR 0192).
 */
import en from "i18n-iso-countries/langs/en.json";

let sorted: string[] | undefined;

/** Country names for a select: `first`, then every other country A-Z by English name. */
export function countryNames(first: string): string[] {
  sorted ??= Object.values(en.countries)
    .map((n) => (Array.isArray(n) ? n[0]! : n))
    .sort(new Intl.Collator("en").compare);
  return [first, ...sorted.filter((n) => n !== first)];
}
