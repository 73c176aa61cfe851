/** Categories for the back office: all (admin lists), one (edit form), the seller's own services ones. */
import type { Category, CategoryType } from "@market/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

type ListAnswer = { statusCode: number; data: Category[] };

export const allCategoriesQuery = queryOptions({
  queryKey: ["categories", "all"],
  queryFn: async () => (await api<ListAnswer>("/api/category")).data,
  staleTime: 60_000,
});

export function useAllCategories() {
  return useQuery(allCategoriesQuery);
}

export function useCategory(id: string | undefined) {
  return useQuery({
    queryKey: ["categories", "one", id],
    queryFn: async () => (await api<ListAnswer>(`/api/category?id=${encodeURIComponent(id!)}`)).data[0] ?? null,
    enabled: !!id,
  });
}

/** The seller's own categories of type services (spec §5 "Service category choices"). */
export function useMyServiceCategories(userId: string | undefined) {
  return useQuery({
    queryKey: ["categories", "user", userId, "services"],
    queryFn: async () => (await api<ListAnswer>(`/api/category?user_id=${encodeURIComponent(userId!)}&type=services`)).data,
    enabled: !!userId,
  });
}

export type CategoryInput = { name: string; type: CategoryType; is_default?: boolean };

/** POST (create) or PUT (update, with `id`) /api/category. Answers the server's message. */
export function useSaveCategory() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CategoryInput & { id?: string }) =>
      api<{ statusCode: number; message: string; data: Category }>("/api/category", {
        method: id ? "PUT" : "POST",
        body: id ? { id, ...body } : body,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["categories"] }),
  });
}
