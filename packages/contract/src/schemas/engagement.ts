/**
 * Engagement shapes: the wishlist (spec §2 "Customer area" wishlist) and the contact form
 * (spec §2 contact page, §5 "Contact: name and email are required"). Shared by server and web.
 */
import { z } from "zod";
import { CONTACT_LIMITS } from "../constants.js";
import { Id } from "./common.js";
import { plainText } from "./plain-text.js";

/** Most products one wishlist holds (our limit, not the spec's: keeps GET /api/wishlist bounded). */
export const WISHLIST_MAX = 200;

/** One wishlist line as the API answers it. `price` is in naira. */
export const WishlistItem = z.object({
  /** The product's id (a product is in a wishlist at most once). */
  _id: z.string(),
  product_id: z.string(),
  name: z.string(),
  image_urls: z.array(z.string()),
  price: z.number(),
  count_in_stock: z.number().int(),
  /** true while the product is public (approved, active seller) and count_in_stock > 0. */
  in_stock: z.boolean(),
  /** false when the seller's listings are no longer public: the line stays but cannot be bought. */
  listed: z.boolean(),
  /** The product comes in sizes, colours... (ADR 0215): a variant is chosen on its page before it goes in the cart. */
  has_options: z.boolean(),
  added_at: z.string(),
});
export type WishlistItem = z.infer<typeof WishlistItem>;

/** GET/POST/DELETE /api/wishlist answer: the signed-in user's whole wishlist, newest first. */
export const WishlistAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string().optional(),
  data: z.array(WishlistItem),
});
export type WishlistAnswer = z.infer<typeof WishlistAnswer>;

/** POST /api/wishlist body. */
export const WishlistAddBody = z.object({ product_id: Id });

/** DELETE /api/wishlist?product_id= query. */
export const WishlistRemoveQuery = z.object({ product_id: Id });

/**
 * POST /api/contact body: Your Name and Your Email are required (spec §5); Subject and Your Message
 * are optional. Text is trimmed.
 */
export const ContactBody = z.object({
  name: plainText("Your name", "Your name is required")
    .min(1, "Your name is required")
    .max(CONTACT_LIMITS.name, `Your name must be at most ${CONTACT_LIMITS.name} characters`),
  email: z
    .string({ message: "Your email is required" })
    .trim()
    .min(1, "Your email is required")
    .max(CONTACT_LIMITS.email, "Email is too long")
    .pipe(z.email({ message: "Enter a valid email address" })),
  /** Optional, so the store can call back (ADR 0183). */
  phone: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.phone, "Enter a valid phone number")
    .regex(/^(\+?\d[\d\s-]{6,19})?$/, "Enter a valid phone number")
    .optional()
    .default(""),
  subject: plainText("Subject")
    .max(CONTACT_LIMITS.subject, `Subject must be at most ${CONTACT_LIMITS.subject} characters`)
    .optional()
    .default(""),
  message: z
    .string()
    .trim()
    .max(CONTACT_LIMITS.message, `Your message must be at most ${CONTACT_LIMITS.message} characters`)
    .optional()
    .default(""),
});
export type ContactBody = z.input<typeof ContactBody>;

/** POST /api/contact answer. */
export const ContactAnswer = z.object({ statusCode: z.number().int(), message: z.string() });
export type ContactAnswer = z.infer<typeof ContactAnswer>;
