/** Catalog shapes: categories (spec §3 "Category"). Products, posts, follows and reviews are added by the catalog issue. */
import { z } from "zod";
import { CATEGORY_TYPES } from "../constants.js";
import { Id } from "./common.js";

export const CategoryType = z.enum(CATEGORY_TYPES, { message: "Type must be market-place or services" });
export type CategoryType = z.infer<typeof CategoryType>;

/** A category as the API answers it. */
export const Category = z.object({
  _id: z.string(),
  name: z.string(),
  type: CategoryType,
  is_default: z.boolean(),
});
export type Category = z.infer<typeof Category>;

/** GET /api/category query: all, one (`id`), or filtered to a user's categories (`user_id`), optionally by type. */
export const CategoryQuery = z.object({
  id: Id.optional(),
  user_id: Id.optional(),
  type: CategoryType.optional(),
});

export const CategoryListAnswer = z.object({ statusCode: z.number().int(), data: z.array(Category) });
