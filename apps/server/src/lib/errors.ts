/** HTTP errors raised by services and guards, and the JSON answer they become. */
import { ACCOUNT_MESSAGES, type ErrorAnswer } from "@market/contract";

/**
 * The JSON body of every failure (contract `ErrorAnswer`): `message`, and the same text again as
 * `data.message`, the field spec §7's client reads on a failure; `errors` maps field -> message.
 */
export function errorAnswer(statusCode: number, message: string, errors?: Record<string, string>): ErrorAnswer {
  return { statusCode, message, ...(errors ? { errors } : {}), data: { message } };
}

/**
 * An HTTP error raised by a service or guard. The central error handler (plugins/errors.ts) turns it
 * into `errorAnswer(statusCode, message, errors)` (design brief "Errors", spec §7).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Per-field messages, e.g. `{ email: "Email is already registered" }`. */
    readonly errors?: Record<string, string>,
    /** Response headers the answer carries, e.g. `{ "retry-after": "60" }` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = "Please sign in to continue") => new HttpError(401, message);
export const forbidden = (message = "You are not allowed to do this") => new HttpError(403, message);
export const notFound = (message = "Not found") => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) => new HttpError(409, message, errors);
/** 429; with `retryAfterSeconds`, the answer carries a Retry-After header (RFC 9110 §10.2.3, whole seconds). */
export const tooMany = (message = "Too many attempts. Please wait and try again.", retryAfterSeconds?: number) =>
  new HttpError(
    429,
    message,
    undefined,
    retryAfterSeconds === undefined ? undefined : { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
export const unavailable = (message = "Service temporarily unavailable. Please try again.") => new HttpError(503, message);

/** Field -> message, the `errors` of a 400 answer (e.g. `{ email: "Email is already registered" }`). */
export type FieldErrors = Record<string, string>;

/** One refused input value: a Zod issue (`path`) or a Fastify schema validation entry (`instancePath`, "/address/city"). */
type FieldIssue = { path?: readonly PropertyKey[]; instancePath?: string; message?: string };

/**
 * The one formatter of field errors: each field's first message ("Invalid value" when it has none).
 * Keyed by the top-level field ("category_ids"), or with `nested` by the whole dotted path
 * ("address.city"); an issue about the whole body is keyed "body".
 */
export function fieldErrors(issues: Iterable<FieldIssue>, { nested = false }: { nested?: boolean } = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path?.map(String) ?? (issue.instancePath ?? "").split("/").filter(Boolean);
    const key = (nested ? path.join(".") : path[0]) || "body";
    out[key] ??= issue.message ?? "Invalid value";
  }
  return out;
}

/**
 * The 400 of refused input. Its message is the only field's message as it is (the contract words
 * each as a whole sentence), "Please correct the highlighted fields" for several, "Invalid input" for none.
 */
export function invalidInput(errors: FieldErrors): HttpError {
  const messages = Object.values(errors);
  return badRequest(messages.length === 1 ? messages[0]! : messages.length ? ACCOUNT_MESSAGES.fixFields : "Invalid input", errors);
}
