/** Categories a seller may pick at registration, grouped by type for the picker. */
import type { Category } from "@market/contract";
import { useCategories } from "../../../lib/queries/categories";

const GROUP = { "market-place": "Market Place", services: "Services" } as const;

/** Picker data: `[{ group, items: [{ value, label }] }]`. */
function toCategoryGroups(categories: Category[]) {
  return (["market-place", "services"] as const)
    .map((type) => ({
      group: GROUP[type],
      items: categories.filter((c) => c.type === type).map((c) => ({ value: c._id, label: c.name })),
    }))
    .filter((g) => g.items.length > 0);
}

export function useCategoryOptions(enabled: boolean) {
  return useCategories(toCategoryGroups, enabled);
}
