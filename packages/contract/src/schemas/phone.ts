/**
 * The store's one phone normalisation (spec §9 "phone prefix +234"): every phone it keeps (accounts,
 * WhatsApp, address book, checkout address) is parsed by libphonenumber-js and stored in E.164
 * ("0803 123 4567", "8031234567" and "+234 803 123 4567" are all "+2348031234567"). Local numbers
 * are read as Nigerian. The server and the browser run the same rules (ADR 0189).
 */
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { PHONE_COUNTRY } from "../constants.js";

/**
 * A phone number in E.164 form, or null when it is not a valid number. With `nigerianOnly` (the
 * default: account phones, which sign in and receive codes) other countries are refused; an
 * address's phone may be foreign.
 */
export function normalizePhone(raw: string, { nigerianOnly = true }: { nigerianOnly?: boolean } = {}): string | null {
  const text = raw.trim();
  if (!/^[+\d][\d\s().-]{5,24}$/.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, PHONE_COUNTRY as CountryCode);
  if (!phone?.isValid()) return null;
  if (nigerianOnly && phone.country !== PHONE_COUNTRY) return null;
  return phone.number;
}

/**
 * A phone field that must hold a valid number; its output is the E.164 form (`message` when it is
 * not a number). `optional`: an empty field stays "" (an address without a phone). The check is a
 * refinement, not a failing transform, so a form's other rules still report at the same time.
 */
export function phoneField(message: string, { nigerianOnly = false, optional = false } = {}) {
  const normal = (text: string) => (optional && text === "" ? "" : normalizePhone(text, { nigerianOnly }));
  return z
    .string()
    .trim()
    .max(30, message)
    .refine((text) => normal(text) !== null, message)
    .transform((text) => normal(text) ?? text);
}
