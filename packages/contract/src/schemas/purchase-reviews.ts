/**
 * Reviews from verified buyers (ADR 0212): one per order line the buyer received, with the product's
 * stars, the seller's stars and a comment; the seller's one public reply. GET /api/reviews,
 * POST /api/reviews, PUT /api/reviews/{id}, POST /api/reviews/{id}/reply. Shared by server and web.
 */
import { z } from "zod";
import { Stars } from "./catalog.js";
import { Id } from "./common.js";
import { isPlainText, notAllowedMessage } from "./plain-text.js";

/** Longest review or reply text (characters). */
export const REVIEW_TEXT_MAX = 2000;
/** Days a buyer may change their review after writing it. */
export const REVIEW_EDIT_DAYS = 30;

/** A web address: a scheme, "www.", or a name ending in a common top-level domain. */
const LINK = /(\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:com|ng|net|org|io|co|info|biz|shop|store|xyz|me|app)\b)/i;
/**
 * A phone number: ten or more digits, allowing one space, dot, dash or bracket between them (a
 * Nigerian number has 11, "0803 123 4567", or +234 and 10); order numbers (NM-26-000123, 8 digits)
 * and prices stay allowed.
 */
const PHONE = /\+?\d(?:[\s().-]?\d){9,}/;

/** Does `text` carry a web address or a phone number (refused in reviews, ADR 0212)? */
export function hasContactDetails(text: string): boolean {
  return LINK.test(text) || PHONE.test(text);
}

export const REVIEW_MESSAGES = {
  contact: "Please leave out links and phone numbers: reviews are about the purchase",
  tooLong: `Keep it under ${REVIEW_TEXT_MAX.toLocaleString("en")} characters`,
  required: "Please write a few words",
} as const;

/**
 * Review and reply text: plain text (lines of `isPlainText` characters, shown as text everywhere,
 * never as HTML), trimmed, 1..REVIEW_TEXT_MAX characters, without links or phone numbers.
 */
export function reviewText(label: string) {
  return z
    .string({ message: REVIEW_MESSAGES.required })
    .normalize("NFKC")
    .trim()
    .min(1, REVIEW_MESSAGES.required)
    .max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.tooLong)
    .refine((s) => s.split(/\r?\n/).every(isPlainText), notAllowedMessage(label))
    .refine((s) => !hasContactDetails(s), REVIEW_MESSAGES.contact);
}

/** POST /api/reviews body. */
export const PurchaseReviewInput = z.object({
  order_line_id: Id,
  product_rating: Stars,
  seller_rating: Stars,
  comment: reviewText("Your review"),
});
export type PurchaseReviewInput = z.input<typeof PurchaseReviewInput>;

/** PUT /api/reviews/{id} body: the new stars and text. */
export const PurchaseReviewUpdate = PurchaseReviewInput.omit({ order_line_id: true });
export type PurchaseReviewUpdate = z.input<typeof PurchaseReviewUpdate>;

/** POST /api/reviews/{id}/reply body. */
export const ReviewReplyInput = z.object({ comment: reviewText("Your reply") });
export type ReviewReplyInput = z.input<typeof ReviewReplyInput>;

/** A review from a verified buyer as the API answers it. */
export const PurchaseReview = z.object({
  _id: z.string(),
  order_line_id: z.string(),
  product_id: z.string().nullable(),
  /** The product's name when it was bought. */
  product_name: z.string(),
  seller_id: z.string(),
  product_rating: z.number().int(),
  seller_rating: z.number().int(),
  comment: z.string(),
  /** Always true: only a buyer with a received line can write one. */
  verified_purchase: z.literal(true),
  user: z.object({ _id: z.string(), names: z.string(), profile: z.string().nullable() }),
  reply: z.object({ comment: z.string(), createdAt: z.string() }).nullable(),
  /** Until when the buyer may change it (ISO). */
  editable_until: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PurchaseReview = z.infer<typeof PurchaseReview>;

/** GET /api/reviews query: a product's or a seller's reviews, newest first, one keyset page. */
export const PurchaseReviewQuery = z
  .object({
    product_id: Id.optional(),
    seller_id: Id.optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
    cursor: z.string().max(300).optional(),
  })
  .refine((q) => !!q.product_id !== !!q.seller_id, { message: "Give product_id or seller_id", path: ["product_id"] });

export const PurchaseReviewListAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(PurchaseReview),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type PurchaseReviewListAnswer = z.infer<typeof PurchaseReviewListAnswer>;

/** A review write's answer. */
export const PurchaseReviewAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: PurchaseReview });
export type PurchaseReviewAnswer = z.infer<typeof PurchaseReviewAnswer>;
