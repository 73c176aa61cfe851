/**
 * The seller's own services (posts): list (`GET /api/posts?mine=true`), one, save and delete (spec
 * §2, §7). Keys and queries are the catalog's (lib/queries/catalog.ts): a write marks the shop's
 * lists and items stale.
 */
import type { MessageAnswer, PostCreateInput, PostDetailAnswer, PostListAnswer, PostWriteAnswer } from "@market/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { dashboardKeys } from "./dashboard";
import { detailQuery, invalidateItems, myItemsQuery } from "../../../lib/queries/catalog";

export function useMyServices() {
  return useInfiniteQuery(myItemsQuery<PostListAnswer>("services"));
}

/** One service to edit, loaded afresh each time the form opens. */
export function useService(id: string | undefined) {
  return useQuery({
    ...detailQuery("services", id ?? ""),
    select: (answer) => (answer as PostDetailAnswer).products,
    enabled: !!id,
    staleTime: 0,
  });
}

/** POST /api/posts (create) or PUT /api/posts with `_id` (update). */
export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ _id, ...body }: PostCreateInput & { _id?: string }) =>
      api<PostWriteAnswer>("/api/posts", { method: _id ? "PUT" : "POST", body: _id ? { _id, ...body } : body }),
    onSuccess: () => invalidateServices(qc),
  });
}

export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MessageAnswer>(`/api/posts?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidateServices(qc),
  });
}

function invalidateServices(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([invalidateItems(qc, "services"), qc.invalidateQueries({ queryKey: dashboardKeys.all })]);
}
