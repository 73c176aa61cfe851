/** Featured categories of the home page: the first four default market-place categories (spec §1, §9). */
import { type Category, FEATURED_CATEGORY_COUNT } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Pick the featured ones from a category list (kept in API order, oldest first). */
export function pickFeatured(categories: Category[]): Category[] {
  return categories.filter((c) => c.type === "market-place" && c.is_default).slice(0, FEATURED_CATEGORY_COUNT);
}

export const featuredCategoriesQuery = queryOptions({
  queryKey: ["categories", "market-place"],
  queryFn: async () => (await api<{ statusCode: number; data: Category[] }>("/api/category?type=market-place")).data,
  staleTime: 5 * 60_000,
  select: pickFeatured,
});

export function useFeaturedCategories() {
  return useQuery(featuredCategoriesQuery);
}
