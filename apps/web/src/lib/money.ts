import { formatNairaDecimals } from "@market/contract";

/** Naira with exactly 2 decimals and thousands separators ("₦12,500.00"), as the cart and checkout show totals (spec §9). */
export function naira2(amount: number): string {
  return formatNairaDecimals(amount, 2, 2);
}
