/**
 * The address form's country list (spec §2 "Address book": "a long world country list, Pakistan
 * first"), from i18n-iso-countries: Pakistan, then every other country A-Z by English name.
 */
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";

countries.registerLocale(en);

/** Country names for the select: Pakistan first (as the spec's list), then A-Z. */
export function countryNames(): string[] {
  const names = Object.values(countries.getNames("en", { select: "official" })).sort((a, b) => a.localeCompare(b));
  const first = "Pakistan";
  return [first, ...names.filter((n) => n !== first)];
}

/** The country a new address starts with: most of our shoppers are in Nigeria. */
export const DEFAULT_COUNTRY = "Nigeria";
