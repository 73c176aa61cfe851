/**
 * Input helpers of the accounts area: Zod issues -> the per-field message map of the error answer
 * (spec §5 "Register", §8), and phone normalisation to E.164 (+234 by default, spec §1, §9).
 */
import { ACCOUNT_MESSAGES, PHONE_COUNTRY } from "@market/contract";
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { z } from "zod";
import { badRequest } from "../../lib/errors.js";

export type FieldErrors = Record<string, string>;

/** The first message per field path ("category_ids", "confirm_password", ...). */
export function fieldErrors(error: z.ZodError | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error?.issues ?? []) {
    const key = issue.path.length ? String(issue.path[0]) : "body";
    out[key] ??= issue.message;
  }
  return out;
}

/** Throw the 400 answer for `errors`: its message is the only field's message, or "Please correct the highlighted fields". */
export function throwFieldErrors(errors: FieldErrors): never {
  const messages = Object.values(errors);
  throw badRequest(messages.length === 1 ? messages[0]! : ACCOUNT_MESSAGES.fixFields, errors);
}

/**
 * The per-field messages of a route's schema failure (`attachValidation`), keyed by the top-level
 * field name, so the answer's message can be a shopper's sentence rather than "first_name: ...".
 */
export function validationFieldErrors(error: { validation?: { instancePath?: string; message?: string }[] }): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.validation ?? []) {
    const key = (issue.instancePath ?? "").replace(/^\//, "").split("/")[0] || "body";
    out[key] ??= issue.message ?? "Invalid value";
  }
  return out;
}

/** Parse `input` with `schema` or throw the 400 field-message answer. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throwFieldErrors(fieldErrors(parsed.error));
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
