/**
 * Nigeria's 36 states and the Federal Capital Territory, in alphabetical order, as a seller picks
 * their business's state (and any form that asks for a state).
 */
export const NIGERIAN_STATES = [
  "Abia",
  "Adamawa",
  "Akwa Ibom",
  "Anambra",
  "Bauchi",
  "Bayelsa",
  "Benue",
  "Borno",
  "Cross River",
  "Delta",
  "Ebonyi",
  "Edo",
  "Ekiti",
  "Enugu",
  "FCT",
  "Gombe",
  "Imo",
  "Jigawa",
  "Kaduna",
  "Kano",
  "Katsina",
  "Kebbi",
  "Kogi",
  "Kwara",
  "Lagos",
  "Nasarawa",
  "Niger",
  "Ogun",
  "Ondo",
  "Osun",
  "Oyo",
  "Plateau",
  "Rivers",
  "Sokoto",
  "Taraba",
  "Yobe",
  "Zamfara",
] as const;
export type NigerianState = (typeof NIGERIAN_STATES)[number];

/**
 * A CAC registration number: RC (companies), BN (business names) or IT (incorporated trustees),
 * then 1 to 8 digits, as the Corporate Affairs Commission prints it ("RC 123456", "BN-2345678" are
 * accepted and stored as "RC123456", "BN2345678").
 */
export const CAC_NUMBER = /^(RC|BN|IT)\d{1,8}$/;

/** A typed CAC number in its stored form: upper-cased, spaces and dashes removed. */
export function normalizeCacNumber(s: string): string {
  return s.toUpperCase().replace(/[\s-]/g, "");
}

/**
 * The state of `name` as NIGERIAN_STATES spells it, or null: any case, with or without a trailing
 * "State" ("lagos state" -> "Lagos"); "Abuja", "FCT - Abuja" and "Federal Capital Territory" are the FCT. Addresses
 * are typed by hand, so every rule by state (shipping rates, free shipping) reads them through this.
 */
export function nigerianState(name: string): NigerianState | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/\s+state$/, "")
    .replace(/\s+/g, " ");
  // "Abuja", "FCT - Abuja", "Federal Capital Territory": the ways addresses write it.
  if (key === "abuja" || key === "federal capital territory" || /^fct\b/.test(key)) return "FCT";
  return NIGERIAN_STATES.find((s) => s.toLowerCase() === key) ?? null;
}
