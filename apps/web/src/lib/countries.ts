/**
 * The country list of the web's address forms, from i18n-iso-countries: every country by its
 * English name, A-Z, with the one the form puts first moved to the top. Each form names its first
 * entry: the address book Pakistan (spec §2 "Address book": "a long world country list, Pakistan
 * first"), checkout Nigeria (where most shoppers are).
 */
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

/** Country names for a select: `first`, then every other country A-Z by English name. */
export function countryNames(first: string): string[] {
  const names = Object.values(countries.getNames("en", { select: "official" })).sort((a, b) => a.localeCompare(b, "en"));
  return [first, ...names.filter((n) => n !== first)];
}
