/** Shapes shared by every area: ids, the error answer, pagination. */
import { z } from "zod";
import { IDEMPOTENCY_HEADER, MAX_PAGE_SIZE, PAGE_SIZE } from "../constants.js";
// Installs the plain-English wording of Zod's checks (every schema imports this file).
import { fieldLabel } from "../messages.js";

/** A database id exposed as `_id` (UUID string). Refused as "Choose a category", "This item does not exist"... (messages.ts). */
export const Id = z.uuid();

/** A true/false query parameter ("true", "false", "1", "0"). */
export const BoolParam = z
  .enum(["true", "false", "1", "0"], { message: "Must be true or false" })
  .transform((v) => v === "true" || v === "1");

/**
 * The JSON error answer of every failure (design brief "Errors"). `errors` maps field -> message;
 * `data.message` repeats `message`, where spec §7's client reads it on a failure.
 */
export const ErrorAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  data: z.object({ message: z.string() }),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** A plain `{ statusCode, message }` success answer. */
export const MessageAnswer = z.object({ statusCode: z.number().int(), message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswer>;

/** Query of a keyset-paginated listing: `cursor` is opaque (from `nextCursor`), or `page` (1-based). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  cursor: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).optional(),
});

/**
 * Naira amount as the API speaks it (ADR 0003): non-negative, a whole number of kobo (at most 2
 * decimals), below 10 billion. Every naira input of the API is this schema, so an amount that
 * `nairaToKobo` would round (0.000000001 -> 0 kobo, 12.345 -> 1235 kobo) is a 400 field error
 * here, never a silently changed amount. The tolerance is relative (a few units in the last place
 * of `n * 100`): a float sum such as 0.1 + 0.2 still counts as 30 kobo, while any fraction of a
 * kobo, however small, is refused (an absolute tolerance let through any excess below it).
 */
export const Naira = z
  .number()
  .nonnegative()
  .max(9_999_999_999)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) <= Math.abs(n * 100) * 8 * Number.EPSILON, {
    error: (issue) => `${fieldLabel(issue.path)} can have at most 2 decimals`,
  });

/**
 * Headers of the writes that take an `Idempotency-Key` (ADR 0155): payout requests, refunds and
 * checkout sessions. Optional; 1-255 visible ASCII characters (a UUID per user action). The same key
 * from the same account within IDEMPOTENCY_KEY_TTL_MS answers the first result (status and body,
 * with `Idempotent-Replayed: true`) and does nothing more; with another body it answers 422; while
 * the first request is still running it answers 409. Other headers pass through untouched.
 */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key must be 1 to 255 visible ASCII characters")
    .optional()
    .describe("A key unique to this user action (a UUID); a retry sends the same key and gets the first answer"),
});
