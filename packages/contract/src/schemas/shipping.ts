/**
 * Each seller's delivery by state (ADR 0199): the rates a seller sets per Nigerian state, their
 * pickup points, and the quote of a cart (one shipment per seller). Fees are naira, days whole days.
 */
import { z } from "zod";
import { NIGERIAN_STATES } from "../nigeria.js";
import { MAX_SHIPPING_FEE_NAIRA, SHIPPING_MESSAGES } from "../shipping.js";
import { Id, Naira } from "./common.js";
import { PayOnDeliveryOffer } from "./pay-on-delivery.js";

/** A Nigerian state as the address form names it ("FCT" for Abuja). */
export const StateName = z.enum(NIGERIAN_STATES, { message: SHIPPING_MESSAGES.state });

const Fee = z.number({ message: SHIPPING_MESSAGES.fee }).pipe(Naira).pipe(z.number().max(MAX_SHIPPING_FEE_NAIRA, SHIPPING_MESSAGES.fee));
const Days = z
  .number({ message: SHIPPING_MESSAGES.days })
  .int(SHIPPING_MESSAGES.days)
  .min(0, SHIPPING_MESSAGES.days)
  .max(60, SHIPPING_MESSAGES.days);

/**
 * One state a seller delivers to: fee (naira), delivery days (min to max), and whether the seller's
 * courier takes cash there (pay on delivery, ADR 0220; off unless said).
 */
export const ShippingRate = z
  .object({ state: StateName, fee: Fee, min_days: Days, max_days: Days, pay_on_delivery: z.boolean().default(false) })
  .refine((r) => r.min_days <= r.max_days, { message: SHIPPING_MESSAGES.daysOrder, path: ["max_days"] });
export type ShippingRate = z.infer<typeof ShippingRate>;

/** A place where buyers collect the seller's parcels, with its fee (naira, may be 0). */
export const PickupPointInput = z.object({
  name: z.string().trim().min(2, "Name the pickup point (2 to 100 characters)").max(100, "Name the pickup point (2 to 100 characters)"),
  address: z
    .string()
    .trim()
    .min(5, "Enter the pickup address (5 to 200 characters)")
    .max(200, "Enter the pickup address (5 to 200 characters)"),
  state: StateName,
  fee: Fee,
});
export const PickupPoint = PickupPointInput.extend({ _id: z.string() });
export type PickupPoint = z.infer<typeof PickupPoint>;

/** A seller's delivery settings; empty `rates`: the store's rate everywhere. */
export const ShippingRates = z.object({ rates: z.array(ShippingRate), pickup_points: z.array(PickupPoint) });
export type ShippingRates = z.infer<typeof ShippingRates>;
export const ShippingRatesAnswer = z.object({ statusCode: z.number().int(), data: ShippingRates });
export type ShippingRatesAnswer = z.infer<typeof ShippingRatesAnswer>;
export const ShippingRatesQuery = z.object({ seller_id: Id });

/**
 * PUT /api/shipping/rates: the seller's whole delivery settings, replacing the saved ones. A state
 * left out is not delivered to; an empty `rates` means the store's rate everywhere.
 */
export const ShippingRatesBody = z.object({
  rates: z
    .array(ShippingRate)
    .max(NIGERIAN_STATES.length)
    .refine((rates) => new Set(rates.map((r) => r.state)).size === rates.length, { message: SHIPPING_MESSAGES.duplicateState }),
  pickup_points: z.array(PickupPointInput).max(20, "At most 20 pickup points").default([]),
});
export type ShippingRatesBody = z.infer<typeof ShippingRatesBody>;
export type ShippingRatesInput = z.input<typeof ShippingRatesBody>;
export const ShippingRatesUpdateAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: ShippingRates });
export type ShippingRatesUpdateAnswer = z.infer<typeof ShippingRatesUpdateAnswer>;

/** GET /api/shipping/quote?state=: the signed-in buyer's cart shipped to `state`. */
export const ShippingQuoteQuery = z.object({
  state: StateName,
  /** Pickup points chosen, comma-separated ids (at most one per seller counts). */
  pickup: z
    .string()
    .max(800)
    .optional()
    .transform((s) => (s ? s.split(",").filter(Boolean) : [])),
});

/** One seller's shipment of a cart: its fee (naira), days, and whether the seller delivers there. */
export const ShippingGroup = z.object({
  seller_id: z.string(),
  seller_name: z.string(),
  /** The group's delivery fee, naira; 0 when not deliverable. */
  fee: Naira,
  min_days: z.number().int(),
  max_days: z.number().int(),
  deliverable: z.boolean(),
  /** True when the seller set no rates: the store's rate, charged once for all such groups (ADR 0199). */
  store_rate: z.boolean(),
  pickup_points: z.array(PickupPoint),
  /** The pickup point chosen for this group (its fee replaces delivery), or null. */
  pickup_point_id: z.string().nullable(),
  items: z.array(z.object({ product_id: z.string(), name: z.string(), subtotal: Naira })),
});
export type ShippingGroup = z.infer<typeof ShippingGroup>;
export const ShippingQuote = z.object({
  state: StateName,
  groups: z.array(ShippingGroup),
  /** Sum of the groups' fees, naira: what checkout charges for shipping. */
  shipping: Naira,
  /** The first line no group can deliver, as a sentence; null when every group delivers. */
  blocked: z.string().nullable(),
  /** Whether this cart may be paid on delivery to `state` by this buyer, else the rule's sentence (ADR 0220). */
  pay_on_delivery: PayOnDeliveryOffer,
});
export type ShippingQuote = z.infer<typeof ShippingQuote>;
export const ShippingQuoteAnswer = z.object({ statusCode: z.number().int(), data: ShippingQuote });
export type ShippingQuoteAnswer = z.infer<typeof ShippingQuoteAnswer>;
