/**
 * Dates as the storefront shows them, without Intl: creating the first Intl formatter loads locale
 * data on a phone's main thread, and `toLocaleDateString` with options sets one up on every call
 * (a page listing orders paid that in one long task as it started, ADR 0192; the same reason as
 * `formatNairaDecimals` in the contract, ADR 0072).
 */

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

/**
 * The day of an instant (an ISO string or a Date) in the browser's time zone, as
 * `toLocaleDateString("en-NG", { dateStyle: "medium" })` writes it: "5 Jan 2026". An unreadable
 * date answers "" (the row still shows its other facts).
 */
export function formatDay(when: string | Date): string {
  const d = when instanceof Date ? when : new Date(when);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}
