/**
 * Input helpers of the accounts area: parse or answer the 400 of field messages (spec §5
 * "Register", §8; the formatter is lib/errors.ts), and phone normalisation to E.164 (+234 by default, spec §1, §9).
 */
import { PHONE_COUNTRY } from "@market/contract";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { z } from "zod";
import { fieldErrors, invalidInput } from "../../lib/errors.js";

/** Parse `input` with `schema` or throw the 400 field-message answer. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues));
  return parsed.data;
}

/**
 * A phone number in E.164 form, or null when it is not a valid number. Local numbers are read as
 * Nigerian ("0803 123 4567" -> "+2348031234567"). With `nigerianOnly`, other countries are refused.
 */
export function normalizePhone(raw: string, { nigerianOnly = true }: { nigerianOnly?: boolean } = {}): string | null {
  const text = raw.trim();
  if (!/^[+\d][\d\s().-]{5,24}$/.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, PHONE_COUNTRY as CountryCode);
  if (!phone?.isValid()) return null;
  if (nigerianOnly && phone.country !== PHONE_COUNTRY) return null;
  return phone.number;
}
