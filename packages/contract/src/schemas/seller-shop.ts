/**
 * A seller's public shop page (`/seller/:username`) and the seller score shown there and next to the
 * seller's name on item pages (GET /api/sellers/{username}; ADR 0210, 0211). Shared by server and web.
 */
import { z } from "zod";
import { Seller } from "./catalog.js";

/** The shop page's profile: the seller popup's fields plus location, membership and score. */
export const SellerShop = Seller.extend({
  /** The business's state and city (Settings > business details), null until given. */
  state: z.string().nullable(),
  city: z.string().nullable(),
  /** When the account was opened (ISO). */
  member_since: z.string(),
  /** Public products and services. */
  products_count: z.number().int(),
  services_count: z.number().int(),
});
export type SellerShop = z.infer<typeof SellerShop>;

/** GET /api/sellers/{username} path. */
export const SellerShopParams = z.object({
  username: z.string().trim().min(1).max(60),
});

/** GET /api/sellers/{username} answer. */
export const SellerShopAnswer = z.object({ statusCode: z.number().int(), data: SellerShop });
export type SellerShopAnswer = z.infer<typeof SellerShopAnswer>;
