/**
 * Indicative exchange rates for the dashboard's currency converter (ADR 0043). STATIC: not a live
 * feed. Update `FX_AS_OF` with the rates when they move noticeably.
 */

/** Naira per one unit of the foreign currency. */
export const FX_RATES = { USD: 1500, GBP: 2000 } as const;
export type FxCurrency = keyof typeof FX_RATES;

/** When the rates above were set (shown on the card). */
export const FX_AS_OF = "January 2026";

/** Convert a naira amount to `currency` at the indicative rate, rounded to cents/pence. */
export function convertNaira(naira: number, currency: FxCurrency): number {
  return Math.round((naira / FX_RATES[currency]) * 100) / 100;
}
