/** Formats the dashboard's cards share: month labels, dates with times, compact naira for chart axes. */

/** "2026-02" -> "Feb 26". */
export const monthLabel = (ym: string) =>
  new Intl.DateTimeFormat("en-NG", { month: "short", year: "2-digit" }).format(new Date(`${ym}-01T12:00:00`));

/** Day, month and time of an event ("3 Feb, 10:15"). */
export const dateTime = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

/** A naira amount in compact form for chart axes ("₦1.2M"). */
export const compactNaira = (n: number) =>
  `₦${new Intl.NumberFormat("en-NG", { notation: "compact", maximumFractionDigits: 1 }).format(n)}`;
