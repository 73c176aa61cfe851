/**
 * The back office's category reads and writes (spec §7 GET/POST/PUT /api/category), apart from
 * categories.ts, which every shopper's page with a category menu loads.
 */
import type { CategoryCreateInput, CategoryListAnswer, CategoryType, CategoryWriteAnswer } from "@market/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { categoriesQuery, categoryKeys } from "./categories";

/** One category by id (from the cached list), null when there is none; idle without an id. */
export function useCategory(id: string | undefined) {
  return useQuery({ ...categoriesQuery, select: (all) => all.find((c) => c._id === id) ?? null, enabled: !!id });
}

/** A seller's own categories of `type` (spec §5 "Service category choices"); idle without a user. */
export function useUserCategories(userId: string | undefined, type: CategoryType) {
  return useQuery({
    queryKey: categoryKeys.ofUser(userId ?? "", type),
    queryFn: async ({ signal }) =>
      (await api<CategoryListAnswer>(`/api/category?${new URLSearchParams({ user_id: userId ?? "", type })}`, { signal })).data,
    enabled: !!userId,
  });
}

/** POST (create) or PUT (update, with `id`) /api/category; answers the server's message and category. */
export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryCreateInput & { id?: string }) =>
      api<CategoryWriteAnswer>("/api/category", { method: id ? "PUT" : "POST", body: id ? { id, ...body } : body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: categoryKeys.all }),
  });
}
