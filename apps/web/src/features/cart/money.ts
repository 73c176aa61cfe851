/** Naira with exactly 2 decimals and thousands separators ("₦12,500.00"), as the cart and checkout show totals (spec §9). */
const fmt = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  currencyDisplay: "narrowSymbol",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function naira2(amount: number): string {
  return fmt.format(Number.isFinite(amount) ? amount : 0);
}
