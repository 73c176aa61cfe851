/**
 * The ship-by time of a paid order (ADR 0180): the end of the working day (18:00 in Lagos) two
 * working days (Monday to Friday) after the day the payment was confirmed. Lagos is UTC+1 all year
 * (no daylight saving), so the arithmetic is done on UTC shifted by one hour. Public holidays are
 * not counted out.
 */
const LAGOS_OFFSET_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Working days a seller has to ship a paid order. */
export const SHIP_WITHIN_WORKING_DAYS = 2;

/** The instant by which the seller should ship an order confirmed paid at `paidAt`. */
export function shipBy(paidAt: Date, workingDays = SHIP_WITHIN_WORKING_DAYS): Date {
  // Midnight of the confirmation's day in Lagos, as a UTC-shifted date.
  const local = new Date(paidAt.getTime() + LAGOS_OFFSET_MS);
  let day = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  let left = workingDays;
  while (left > 0) {
    day += DAY_MS;
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return new Date(day + 18 * 60 * 60_000 - LAGOS_OFFSET_MS);
}

/** "Tue 1 Dec, 6:00 pm" in Lagos time, for messages. */
export function lagosTime(at: Date): string {
  return new Intl.DateTimeFormat("en-NG", {
    timeZone: "Africa/Lagos",
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).format(at);
}
