/**
 * The storefront's two sections, one a category type (spec §2: the "Market Place" and "Services"
 * menu entries): the name the menu, the trails and the sign-up category picker show, and the link
 * to a section's listing.
 */
import { ALL_CATEGORIES_ID, type CategoryType } from "@market/contract";

/** A section's name, by category type. */
export const SECTION_LABEL: Record<CategoryType, string> = { "market-place": "Market Place", services: "Services" };

/** The listing of a section: all its categories (the default), or the one `categoryId`. */
export function sectionHref(type: CategoryType, categoryId: string = ALL_CATEGORIES_ID): string {
  return `/categories/collections/${type}/${categoryId}`;
}
