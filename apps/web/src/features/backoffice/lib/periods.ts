/**
 * The Finance screen's periods (ADR 0097): presets counted in Lagos time like the server's figures
 * (West Africa Time, UTC+1 all year: Nigeria has no daylight saving). Each answers `from` only (up
 * to now), on a Lagos day or month boundary, so the same preset gives the same query all day.
 */
import type { Period } from "../api/finance";

export const PERIOD_PRESETS = [
  { value: "month", label: "This month" },
  { value: "30d", label: "Last 30 days" },
  { value: "3m", label: "Last 3 months" },
  { value: "12m", label: "Last 12 months" },
  { value: "all", label: "All time" },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]["value"];

/** Lagos is UTC+1: its wall clock is UTC's plus one hour. */
const LAGOS_MS = 3_600_000;

/** Midnight in Lagos starting the day `daysBack` days before `now`'s Lagos day, as an ISO instant. */
function lagosDayStart(now: Date, daysBack: number): string {
  const l = new Date(now.getTime() + LAGOS_MS);
  return new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth(), l.getUTCDate() - daysBack) - LAGOS_MS).toISOString();
}

/** Midnight in Lagos starting the month `monthsBack` months before `now`'s Lagos month. */
function lagosMonthStart(now: Date, monthsBack: number): string {
  const l = new Date(now.getTime() + LAGOS_MS);
  return new Date(Date.UTC(l.getUTCFullYear(), l.getUTCMonth() - monthsBack, 1) - LAGOS_MS).toISOString();
}

/** The period of a preset at `now`: "Last 3 months" is this month and the two before it. */
export function presetPeriod(preset: PeriodPreset, now = new Date()): Period {
  switch (preset) {
    case "month":
      return { from: lagosMonthStart(now, 0) };
    case "30d":
      return { from: lagosDayStart(now, 29) };
    case "3m":
      return { from: lagosMonthStart(now, 2) };
    case "12m":
      return { from: lagosMonthStart(now, 11) };
    case "all":
      return {};
  }
}

/** A chart bucket's label: "3 Feb" for a day, "Feb 26" for a month (`start` is YYYY-MM-DD). */
export function bucketLabel(start: string, unit: "day" | "month"): string {
  const date = new Date(`${start}T12:00:00Z`);
  return unit === "day"
    ? new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", timeZone: "UTC" }).format(date)
    : new Intl.DateTimeFormat("en-NG", { month: "short", year: "2-digit", timeZone: "UTC" }).format(date);
}
