/**
 * A seller's own details after sign-up (ADR 0184): the categories they sell in (1 to
 * MAX_SELLER_CATEGORIES, as at sign-up) and the business details the admin checks before approving
 * the seller. `PUT /api/me/categories`, `PUT /api/me/business` (the seller) and
 * `PUT /api/admin/users/{id}/categories` (an admin).
 */
import { z } from "zod";
import { MAX_SELLER_CATEGORIES } from "../constants.js";
import { CAC_NUMBER, NIGERIAN_STATES, normalizeCacNumber } from "../nigeria.js";
import { Id } from "./common.js";
import { plainText } from "./plain-text.js";

/** Field messages of the seller's details forms. */
export const SELLER_MESSAGES = {
  categoryIds: `Pick 1 to ${MAX_SELLER_CATEGORIES} categories`,
  categoryTwice: "Pick each category once",
  categoryUnknown: "One of the chosen categories does not exist",
  businessName: "Enter your business name (2 to 120 characters)",
  cacNumber: "Enter the CAC number as RC, BN or IT followed by its digits (e.g. RC123456), or leave it empty",
  address: "Enter your business address (5 to 200 characters)",
  state: "Choose your state",
  city: "Enter your city or town (2 to 60 characters)",
  sellersOnly: "Only a seller account has categories and business details",
  notASeller: "This account is not a seller",
  categoriesSaved: "Categories saved",
  businessSaved: "Business details saved",
  declineReason: "Say why, so the seller can put it right (5 to 500 characters)",
  notPending: "This seller is not waiting for approval",
  declined: "The seller was told why they were not approved",
  /** The banner of a seller not yet approved: what happens next. */
  pendingTitle: "Your shop is waiting for approval",
  pendingBody:
    "An admin reviews your business details (Settings > Profile) before your products and services go on sale. You will be told when your account is approved; until then your listings are not shown in the store.",
  pendingNoBusiness: "Add your business details in Settings so the admin can review them.",
} as const;

/** The categories a seller sells in: 1 to 3 distinct category ids, in the seller's order. */
export const SellerCategoriesBody = z.object({
  category_ids: z
    .array(Id, { message: SELLER_MESSAGES.categoryIds })
    .min(1, SELLER_MESSAGES.categoryIds)
    .max(MAX_SELLER_CATEGORIES, SELLER_MESSAGES.categoryIds)
    .refine((ids) => new Set(ids).size === ids.length, SELLER_MESSAGES.categoryTwice),
});
export type SellerCategoriesBody = z.infer<typeof SellerCategoriesBody>;

/**
 * `POST /api/admin/users/{id}/decline`: the admin does not approve a pending seller yet and says why.
 * The seller stays pending (they can fix their details and be reviewed again) and is told the reason.
 */
export const SellerDeclineBody = z.object({
  reason: plainText("Reason").min(5, SELLER_MESSAGES.declineReason).max(500, SELLER_MESSAGES.declineReason),
});
export type SellerDeclineBody = z.infer<typeof SellerDeclineBody>;

/** A seller's business details (what `PUT /api/me/business` takes; `cac_number` "" = not registered). */
export const SellerBusinessBody = z.object({
  business_name: plainText("Business name").min(2, SELLER_MESSAGES.businessName).max(120, SELLER_MESSAGES.businessName),
  cac_number: z
    .string()
    .max(20, SELLER_MESSAGES.cacNumber)
    .transform(normalizeCacNumber)
    .refine((s) => s === "" || CAC_NUMBER.test(s), SELLER_MESSAGES.cacNumber)
    .optional()
    .default(""),
  address: plainText("Business address").min(5, SELLER_MESSAGES.address).max(200, SELLER_MESSAGES.address),
  state: z.enum(NIGERIAN_STATES, { message: SELLER_MESSAGES.state }),
  city: plainText("City").min(2, SELLER_MESSAGES.city).max(60, SELLER_MESSAGES.city),
});
export type SellerBusinessBody = z.input<typeof SellerBusinessBody>;

/** The stored business details, as `/api/me` and the admin's sellers list show them (null until given). */
export const SellerBusiness = z.object({
  business_name: z.string(),
  cac_number: z.string().nullable(),
  address: z.string(),
  state: z.string(),
  city: z.string(),
  updatedAt: z.string(),
});
export type SellerBusiness = z.infer<typeof SellerBusiness>;

/** `PUT /api/admin/users/{id}/categories` path. */
export const AdminUserParams = z.object({ id: Id });
