/**
 * Each seller's delivery by state without Zod (ADR 0199): the messages, limits and the product
 * page's sentence, for pages that must not load the schemas (schemas/shipping.ts has those).
 */
import { SHIPPING_FEE_NAIRA } from "./constants.js";
import { formatNaira } from "./money.js";

/** Messages of the shipping screens and answers, defined once. */
export const SHIPPING_MESSAGES = {
  fee: "Enter a fee from ₦0 to ₦1,000,000",
  state: "Choose one of Nigeria's 36 states or the FCT",
  days: "Enter whole days from 0 to 60",
  daysOrder: "The most days cannot be fewer than the fewest days",
  duplicateState: "Each state can have only one rate",
  /** The checkout's refusal of a line its seller does not deliver to the chosen state. */
  notDelivered: (item: string, state: string, pickup: boolean) =>
    `${item} cannot be delivered to ${state}: its seller does not deliver there. ${pickup ? "Choose one of the seller's pickup points, remove it" : "Remove it"} from your cart or choose another state.`,
} as const;

/** The most a seller may charge for one shipment, naira. */
export const MAX_SHIPPING_FEE_NAIRA = 1_000_000;

/** Delivery days promised for the store's rate (a seller without rates of their own; ADR 0199). */
export const STORE_RATE_DAYS = { min_days: 2, max_days: 5 } as const;

/** A rate's fee (naira) and days, as GET /api/shipping/rates answers it. */
type RateDays = { state: string; fee: number; min_days: number; max_days: number };

/**
 * The product page's delivery line for a seller's `rates` and the shopper's `state`: "Delivers to
 * Lagos in 1-2 days, ₦1,500", or "Does not deliver to Kano". A seller without rates delivers
 * everywhere at the store's rate (its flat fee; free shipping in Lagos is promised elsewhere).
 */
export function deliveryLine(rates: readonly RateDays[], state: string): { delivers: boolean; text: string } {
  const rate = rates.length === 0 ? { fee: SHIPPING_FEE_NAIRA, ...STORE_RATE_DAYS } : rates.find((r) => r.state === state);
  if (!rate) return { delivers: false, text: `Does not deliver to ${state}` };
  const days = rate.min_days === rate.max_days ? `${rate.max_days}` : `${rate.min_days}-${rate.max_days}`;
  return {
    delivers: true,
    text: `Delivers to ${state} in ${days} ${rate.max_days === 1 ? "day" : "days"}, ${rate.fee === 0 ? "free" : formatNaira(rate.fee)}`,
  };
}
