/**
 * Checks of the values inside keyset cursors (ADR 0020, ADR 0080). A cursor is opaque to clients
 * but it comes back from them, so anyone can forge one: every value read from it is checked here,
 * at the decoding step, before it reaches SQL. A value that passes is one PostgreSQL casts without
 * an error (`::timestamptz`, `::bigint`, `::numeric`, `::uuid`), so a forged cursor is a 400
 * "Invalid cursor" and never a database error answered as 500 (OWASP ASVS 5.1.3: validate every
 * input against an allow list; design brief "never a 500 for bad input").
 */
import { badRequest, type HttpError } from "./errors.js";

/** The message of every refused cursor, in plain English. */
export const INVALID_CURSOR = "Invalid cursor: reload the list and try again";

/** The 400 error for a cursor that cannot be used (also names the field, for forms). */
export function invalidCursor(): HttpError {
  return badRequest(INVALID_CURSOR, { cursor: INVALID_CURSOR });
}

/** The type a cursor's sort key is cast to in SQL. */
export type CursorKeyType = "timestamptz" | "bigint" | "numeric";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * A timestamp as PostgreSQL writes `timestamptz::text` ("2026-01-01 10:00:00.123456+00", the
 * offset may carry minutes and seconds: "+05:30", "+00:13:35") or as `Date#toISOString` writes it
 * ("2026-01-01T10:00:00.123Z").
 */
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,6})?(?:Z|[+-](\d{2})(?::(\d{2})(?::(\d{2}))?)?)$/;
/** A whole number that fits int8 (18 digits at most, so no range check is needed). */
const BIGINT = /^-?\d{1,18}$/;
/** A plain decimal (no exponent, no NaN or Infinity). */
const NUMERIC = /^-?\d{1,30}(?:\.\d{1,30})?$/;

/** True for a UUID in its usual 8-4-4-4-12 hexadecimal form. */
export function isUuid(s: unknown): s is string {
  return typeof s === "string" && UUID.test(s);
}

/**
 * True when `s` is a real instant in one of the two forms above: month 1-12, a day that exists in
 * that month (leap years included), hours 0-23, minutes and seconds 0-59, year 1-9999 and an
 * offset within PostgreSQL's +/-15:59:59.
 */
export function isTimestampText(s: unknown): s is string {
  if (typeof s !== "string") return false;
  const m = TIMESTAMP.exec(s);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const [offH, offM, offS] = m.slice(7, 10).map((v) => (v === undefined ? 0 : Number(v))) as [number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC, so no time zone shifts it).
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  if (day > daysInMonth) return false;
  return hour < 24 && minute < 60 && second < 60 && offH <= 15 && offM < 60 && offS < 60;
}

function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** True when `s` is text PostgreSQL casts to `type` without an error. */
export function isCursorKey(s: unknown, type: CursorKeyType): s is string {
  if (typeof s !== "string") return false;
  if (type === "timestamptz") return isTimestampText(s);
  return (type === "bigint" ? BIGINT : NUMERIC).test(s);
}

/**
 * Decode a base64url JSON cursor.
 * @throws HttpError 400 "Invalid cursor" when it is not base64url JSON.
 */
export function parseCursorJson(raw: string): unknown {
  try {
    return JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw invalidCursor();
  }
}
