/** Categories a seller may pick at registration, grouped by type for the picker. */
import type { Category } from "@market/contract";
import { useCategories } from "../../../lib/queries/categories";
import { SECTION_LABEL } from "../../../lib/sections";

/** Picker data: `[{ group, items: [{ value, label }] }]`. */
function toCategoryGroups(categories: Category[]) {
  return (["market-place", "services"] as const)
    .map((type) => ({
      group: SECTION_LABEL[type],
      items: categories.filter((c) => c.type === type).map((c) => ({ value: c._id, label: c.name })),
    }))
    .filter((g) => g.items.length > 0);
}

export function useCategoryOptions(enabled: boolean) {
  return useCategories(toCategoryGroups, enabled);
}
