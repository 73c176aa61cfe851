/**
 * Categories (spec §3 "Category", §7 GET/POST/PUT /api/category), for every screen that shows or
 * edits them: the home page's featured tiles, the listing's category menu, the seller's sign-up
 * picker, the back office's lists and forms. One cached list of all categories (they are few and
 * change rarely): each screen takes its part with `select`. Saving one refreshes them all
 * (categories-admin.ts: the back office's reads and writes, apart so shoppers' pages do not load them).
 */
import type { Category, CategoryListAnswer, CategoryType } from "@market/contract";
import { FEATURED_CATEGORY_COUNT } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api";

/** Query keys of categories (prefix `["categories"]`): the whole list, one seller's own. */
export const categoryKeys = {
  all: ["categories"] as const,
  list: () => [...categoryKeys.all, "list"] as const,
  ofUser: (userId: string, type: CategoryType) => [...categoryKeys.all, "user", userId, type] as const,
};

/** Every category, oldest first (GET /api/category). */
export const categoriesQuery = queryOptions({
  queryKey: categoryKeys.list(),
  queryFn: async ({ signal }) => (await api<CategoryListAnswer>("/api/category", { signal })).data,
  staleTime: 5 * 60_000,
});

/** The categories of one type, in API order. */
export const ofType = (type: CategoryType) => (categories: Category[]) => categories.filter((c) => c.type === type);

/** The home page's featured categories: the first default market-place ones (spec §1, §9). */
export function pickFeatured(categories: Category[]): Category[] {
  return categories.filter((c) => c.type === "market-place" && c.is_default).slice(0, FEATURED_CATEGORY_COUNT);
}

/** The categories, or the part of them `select` picks. */
export function useCategories<T = Category[]>(select?: (categories: Category[]) => T, enabled = true) {
  return useQuery({ ...categoriesQuery, select, enabled });
}
