/**
 * Input helpers of the accounts area: parse or answer the 400 of field messages (spec §5
 * "Register", §8; the formatter is lib/errors.ts). Phones are normalised by the contract's
 * `normalizePhone` (schemas/phone.ts), the one rule of the store.
 */
import type { z } from "zod";
import { fieldErrors, invalidInput } from "../../lib/errors.js";

/** Parse `input` with `schema` or throw the 400 field-message answer. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues));
  return parsed.data;
}
