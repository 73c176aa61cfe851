/**
 * Pay on delivery's shapes (ADR 0220, 0221): whether a cart may be paid on delivery (the quote),
 * the order page's block, the seller's code entry and refusal, the buyer's resend and the admin's
 * unlock. Money is naira here; the server keeps kobo.
 */
import { z } from "zod";
import { POD_CODE_LENGTH } from "../pay-on-delivery.js";
import { Id, Naira } from "./common.js";

/** Whether the cart may be paid on delivery to the quoted state, and if not the rule it fails. */
export const PayOnDeliveryOffer = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type PayOnDeliveryOffer = z.infer<typeof PayOnDeliveryOffer>;

/** One seller's delivery of a pay-on-delivery order: the cash their courier collects, and where it stands. */
export const PodDelivery = z.object({
  seller_id: z.string(),
  seller_name: z.string(),
  /** The seller's lines and their own delivery fee, naira: what the buyer pays this courier. */
  amount: Naira,
  status: z.enum(["awaiting", "paid", "refused", "cancelled"]),
  /** Five wrong codes lock it until an admin unlocks it (ADR 0221). */
  locked: z.boolean(),
  tries_left: z.number().int(),
  /** Refused: until when the buyer may say they did not refuse (ISO; null once said or passed; ADR 0221). */
  contest_until: z.string().nullable(),
  /** Refused, and the buyer said they did not: no strike; the admin decides. */
  contested: z.boolean(),
});
export type PodDelivery = z.infer<typeof PodDelivery>;

/**
 * The order page's pay-on-delivery block: the amount to pay the couriers, when the code was last
 * sent (buyer and admin), and each seller's delivery (a seller sees only theirs).
 */
export const PayOnDeliveryView = z.object({
  amount: Naira,
  code_sent_at: z.string().nullable(),
  /** When the buyer may have the code sent again (ISO), null when no more sends are allowed. */
  resend_at: z.string().nullable(),
  deliveries: z.array(PodDelivery),
});
export type PayOnDeliveryView = z.infer<typeof PayOnDeliveryView>;

/** The buyer's 6-digit delivery code, as the seller types it. */
export const DeliveryCodeBody = z.object({
  code: z
    .string({ message: `Enter the buyer's ${POD_CODE_LENGTH}-digit delivery code` })
    .trim()
    .regex(new RegExp(`^\\d{${POD_CODE_LENGTH}}$`), `Enter the buyer's ${POD_CODE_LENGTH}-digit delivery code`),
});
export type DeliveryCodeBody = z.infer<typeof DeliveryCodeBody>;

/** The admin unlocks one seller's delivery of an order. */
export const PodUnlockBody = z.object({ seller_id: Id });
export type PodUnlockBody = z.infer<typeof PodUnlockBody>;

/** Answer of the pay-on-delivery actions: a sentence and the order's block after it. */
export const PayOnDeliveryAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: PayOnDeliveryView });
export type PayOnDeliveryAnswer = z.infer<typeof PayOnDeliveryAnswer>;
