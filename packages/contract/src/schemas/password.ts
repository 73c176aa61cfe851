/**
 * The one rule for a new password (sign-up, reset, change, an admin's new user), after NIST SP
 * 800-63B §3.1.1.2 (ADR 0083): at least PASSWORD_MIN and at most PASSWORD_MAX characters, any
 * characters (no composition rules), and not a common or breached password. The blocklist is the
 * "passwords-common" dictionary of @zxcvbn-ts/language-common (about 49,000 passwords from public
 * breach corpora), compared without regard to case; a password that is one short unit repeated
 * ("aaaaaaaa", "abababab") or a straight run of characters ("abcdefgh", "98765432") is refused too.
 *
 * The list itself (some 200 KB of script) is not imported here: `@market/contract/password-blocklist`
 * loads it into this rule. The server imports that module at start (app.ts, the admin CLI), so it
 * always checks the list; the web's forms that set a password import it when their password field
 * is first focused, so no page's first load carries it, and a form sent before it arrived gets the
 * server's field message instead.
 */
import { z } from "zod";
import { PASSWORD_MAX, PASSWORD_MIN } from "../constants.js";

/** Field messages of the password rule. */
export const PASSWORD_MESSAGES = {
  length: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`,
  common: "This password is too common or too easy to guess. Please choose another one.",
  same: "Your new password must be different from your current one",
} as const;

let blocklist: ReadonlySet<string> | undefined;

/**
 * Sets the common and breached passwords `NewPassword` refuses (lower case). Called by
 * `@market/contract/password-blocklist` only; until then the rule checks length and patterns alone.
 */
export function setPasswordBlocklist(words: Iterable<string>): void {
  blocklist = new Set(words);
}

/** True when `password` (any case) is on the common and breached passwords list, once loaded. */
function isCommonPassword(password: string): boolean {
  return blocklist?.has(password.toLowerCase()) ?? false;
}

/**
 * True for a password made of one unit of 1 to 3 characters repeated ("aaaaaaaa", "abababab",
 * "123123123") or of a straight run of characters ("abcdefgh", "12345678", "zyxwvuts").
 */
function isRepetitiveOrSequential(password: string): boolean {
  const chars = [...password.toLowerCase()];
  if (chars.length < 2) return true;
  for (let unit = 1; unit <= 3; unit++) {
    if (chars.every((c, i) => c === chars[i % unit])) return true;
  }
  const step = chars[1]!.codePointAt(0)! - chars[0]!.codePointAt(0)!;
  return (step === 1 || step === -1) && chars.every((c, i) => i === 0 || c.codePointAt(0)! - chars[i - 1]!.codePointAt(0)! === step);
}

/** A new password: length PASSWORD_MIN..PASSWORD_MAX, not common, not repetitive or sequential. */
export const NewPassword = z
  .string()
  .min(PASSWORD_MIN, PASSWORD_MESSAGES.length)
  .max(PASSWORD_MAX, PASSWORD_MESSAGES.length)
  .refine((p) => !isCommonPassword(p) && !isRepetitiveOrSequential(p), PASSWORD_MESSAGES.common);
