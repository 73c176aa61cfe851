/**
 * Money helpers. The database keeps integer kobo (1 naira = 100 kobo); the API speaks naira
 * numbers with at most 2 decimals (design brief "Money"). Never add floats of naira: convert to
 * kobo, add integers, convert back.
 */
import { FREE_SHIPPING_STATE, SHIPPING_FEE_NAIRA } from "./constants.js";

/** Naira (number, up to 2 decimals) -> integer kobo. Rounds half away from zero. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

/** Integer kobo -> naira number (e.g. 250050 -> 2500.5). */
export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/**
 * `₦` + the amount with thousands separators and `minDecimals`..`maxDecimals` decimals, as
 * `Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", currencyDisplay: "narrowSymbol" })`
 * writes it (e.g. 1234567.5 -> "₦1,234,567.5", -500 -> "-₦500"), without Intl: creating the first
 * Intl formatter loads locale data on a phone's main thread while the page starts (ADR 0072).
 * Amounts are naira with at most 2 decimals (kobo / 100), which `toFixed` rounds exactly.
 */
export function formatNairaDecimals(naira: number, minDecimals: number, maxDecimals: number): string {
  const value = Number.isFinite(naira) ? naira : 0;
  const [whole = "0", fraction = ""] = Math.abs(value).toFixed(maxDecimals).split(".");
  let decimals = fraction.replace(/0+$/, "");
  if (decimals.length < minDecimals) decimals = decimals.padEnd(minDecimals, "0");
  const sign = value < 0 && (Number(whole) > 0 || Number(decimals) > 0) ? "-" : "";
  return `${sign}₦${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${decimals ? `.${decimals}` : ""}`;
}

/** Display a naira amount with thousands separators: 1234567 -> "₦1,234,567". Missing -> "₦0". */
export function formatNaira(naira: number | null | undefined): string {
  return formatNairaDecimals(Number(naira ?? 0), 0, 2);
}

/**
 * The shipping fee of an order in kobo (spec §9 flat fee; ADR 0135): free when the shipping state
 * is Lagos ("Lagos" or "Lagos State", any case), `freeOverNaira` is above 0 and the subtotal is
 * strictly over it, else SHIPPING_FEE_NAIRA. `freeOverNaira` is the admin's setting (GET
 * /api/settings `free_shipping_over`; 0: no free shipping). The server charges it; the checkout
 * page shows the same figure before the order is placed.
 */
export function shippingFeeKobo(subtotalKobo: number, state: string, freeOverNaira: number): number {
  const lagos =
    state
      .trim()
      .toLowerCase()
      .replace(/\s+state$/, "") === FREE_SHIPPING_STATE.toLowerCase();
  return lagos && freeOverNaira > 0 && subtotalKobo > nairaToKobo(freeOverNaira) ? 0 : nairaToKobo(SHIPPING_FEE_NAIRA);
}

/**
 * The promise shown in the top bar, the footer and the home page for the admin's threshold in naira;
 * null when there is no free shipping (0), and then no page promises it.
 */
export function freeShippingPromise(freeOverNaira: number): string | null {
  return freeOverNaira > 0 ? `Free standard shipping in ${FREE_SHIPPING_STATE} on orders over ${formatNaira(freeOverNaira)}` : null;
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
