/** Categories a seller may pick at registration (GET /api/category), grouped by type for the picker. */
import type { Category } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

const GROUP = { "market-place": "Market Place", services: "Services" } as const;

export const allCategoriesQuery = queryOptions({
  queryKey: ["categories", "all"],
  queryFn: async () => (await api<{ statusCode: number; data: Category[] }>("/api/category")).data,
  staleTime: 5 * 60_000,
});

/** Picker data: `[{ group, items: [{ value, label }] }]`. */
export function toCategoryGroups(categories: Category[]) {
  return (["market-place", "services"] as const)
    .map((type) => ({
      group: GROUP[type],
      items: categories.filter((c) => c.type === type).map((c) => ({ value: c._id, label: c.name })),
    }))
    .filter((g) => g.items.length > 0);
}

export function useCategoryOptions(enabled: boolean) {
  return useQuery({ ...allCategoriesQuery, enabled, select: toCategoryGroups });
}
