/**
 * An item's title and detail route (spec §2), apart from the card so the detail page and the quick
 * view do not load the listing card's code with them (ADR 0051).
 */
import type { Post, Product } from "@market/contract";
import { isPost } from "../api/catalog";

/** Detail route of an item. */
export function detailHref(item: Product | Post): string {
  return isPost(item) ? `/product/services/${item._id}` : `/product/market-place/${item._id}`;
}

/** Title of an item: the product name, or "#" + category name for a service (spec §2). */
export function itemTitle(item: Product | Post): string {
  return isPost(item) ? `#${item.category_name}` : item.name;
}
