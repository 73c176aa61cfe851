/** HTTP errors raised by services and guards, and the JSON answer they become. */
import type { ErrorAnswer } from "@market/contract";

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
