/**
 * One rule for every single-line text a person types and others read: names, usernames, titles,
 * category names, address lines. Such text is shown next to other people's (seller cards, order
 * lists, the admin's tables), so it must look like what it is:
 * - bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E/U+200F, U+061C) could reverse what
 *   follows them ("Trojan Source", CVE-2021-42574; Unicode UTS #55 / UAX #9), e.g. a seller named
 *   "Ada<RLO>gnipmahc" shows as "Adachampign";
 * - zero-width and invisible characters (U+200B-U+200D, U+2060, U+FEFF, soft hyphen U+00AD,
 *   Hangul fillers...) make two names look the same while being different (impersonation; UTS #39);
 * - control characters and line breaks do not belong on one line (OWASP input validation:
 *   allow-list the character classes a field needs).
 * Text is first normalised to NFKC (ADR 0152): "é" typed two ways is the same name, and
 * compatibility look-alikes become the letters they imitate (full-width "Ｊｏｈｎ" is stored as
 * "John", so it can neither pass for nor sit beside the real one; UTS #39, UAX #15), before the
 * checks below run on the result. Runs of spaces of any kind become one space, and the ends are
 * trimmed. Variation selectors stay allowed (emoji such
 * as the red heart need them).
 */
import { z } from "zod";

/**
 * Code points refused in single-line text: Unicode controls (Cc), format characters (Cf: bidi
 * controls, zero-width characters, soft hyphen, BOM, tags), lone surrogates (Cs), private use (Co),
 * line and paragraph separators (Zl, Zp), and the other default-ignorable (invisible) code points
 * except variation selectors.
 */
const NOT_PLAIN_TEXT = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]|(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])\p{Default_Ignorable_Code_Point}/u;

/** The message for a field holding refused characters, e.g. "Name contains characters that are not allowed". */
export const notAllowedMessage = (label: string) => `${label} contains characters that are not allowed`;

/** True when `text` has none of the refused code points (see NOT_PLAIN_TEXT). */
export function isPlainText(text: string): boolean {
  return !NOT_PLAIN_TEXT.test(text);
}

/**
 * A Zod string for single-line text: NFKC-normalised, refused when it holds a character of
 * NOT_PLAIN_TEXT (message `notAllowedMessage(label)`), spaces collapsed, trimmed. Chain length
 * rules after it: `plainText("Name").min(2, ...).max(80, ...)` (they count the cleaned text).
 * @param label the field's name in the message ("Name", "Username", "Product name").
 * @param typeMessage the message when the value is missing or not a string.
 */
export function plainText(label: string, typeMessage?: string) {
  return z
    .string(typeMessage ? { message: typeMessage } : undefined)
    .normalize("NFKC")
    .refine(isPlainText, notAllowedMessage(label))
    .overwrite((s) => s.replace(/\s+/gu, " "))
    .trim();
}
