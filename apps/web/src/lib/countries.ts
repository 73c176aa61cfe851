/**
 * The country list of the web's address forms, from i18n-iso-countries' English names: every
 * country by its official English name (the first of a country's names), A-Z, with the one the form
 * puts first moved to the top. Each form names its first entry: the address book Pakistan (spec §2
 * "Address book": "a long world country list, Pakistan first"), checkout Nigeria (where most
 * shoppers are).
 *
 * Only the names file is read, not the library's module (its locale registry and diacritics
 * tables ran on the main thread of every checkout's first load), and the names are sorted once,
 * without Intl: `localeCompare` with a locale sets up a collator per comparison, and even one
 * collator loads locale data on a phone's main thread (ADR 0192). Letters with accents sort as
 * their plain letter ("Åland Islands" among the A's), as an English collator sorts these names.
 */
import en from "i18n-iso-countries/langs/en.json";

let sorted: string[] | undefined;

/** The name's sort key: lower case, accents dropped ("Åland" -> "aland"). */
const plain = (name: string) =>
  name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Country names for a select: `first`, then every other country A-Z by English name. */
export function countryNames(first: string): string[] {
  sorted ??= Object.values(en.countries)
    .map((n) => (Array.isArray(n) ? n[0]! : n))
    .map((name) => ({ name, key: plain(name) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((c) => c.name);
  return [first, ...sorted.filter((n) => n !== first)];
}
