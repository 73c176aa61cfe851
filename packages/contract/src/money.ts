/**
 * Money helpers. The database keeps integer kobo (1 naira = 100 kobo); the API speaks naira
 * numbers with at most 2 decimals (design brief "Money"). Never add floats of naira: convert to
 * kobo, add integers, convert back.
 */

/** Naira (number, up to 2 decimals) -> integer kobo. Rounds half away from zero. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** Integer kobo -> naira number (e.g. 250050 -> 2500.5). */
export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

const nairaFormat = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

/** Display a naira amount with thousands separators: 1234567 -> "₦1,234,567". Missing -> "₦0". */
export function formatNaira(naira: number | null | undefined): string {
  return nairaFormat.format(Number.isFinite(naira) ? Number(naira) : 0);
}

/** A naira amount as a string with exactly 2 decimals ("12500.00"), as the checkout form sends it. */
export function toFixed2(naira: number): string {
  return (Math.round(naira * 100) / 100).toFixed(2);
}

/** Cut text to `max` characters, adding an ellipsis when it was longer (spec §9 truncation). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? "";
  return value.length > max ? `${value.slice(0, max)}...` : value;
}
