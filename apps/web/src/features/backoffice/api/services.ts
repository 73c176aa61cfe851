/** The seller's own services (posts): list (`GET /api/posts?mine=true`), one, save and delete (spec §2, §7). */
import type { Post, PostDetailAnswer, PostListAnswer } from "@market/contract";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys } from "../../catalog/api/catalog";

export const myServicesQuery = infiniteQueryOptions({
  queryKey: ["bo", "services"],
  queryFn: ({ pageParam, signal }) => {
    const params = new URLSearchParams({ mine: "true", limit: "60" });
    if (pageParam) params.set("cursor", pageParam);
    return api<PostListAnswer>(`/api/posts?${params}`, { signal });
  },
  initialPageParam: "",
  getNextPageParam: (last) => last.nextCursor ?? undefined,
});

export function useMyServices() {
  return useInfiniteQuery(myServicesQuery);
}

export function useService(id: string | undefined) {
  return useQuery({
    queryKey: ["bo", "service", id],
    queryFn: async () => (await api<PostDetailAnswer>(`/api/posts?id=${encodeURIComponent(id!)}`)).products,
    enabled: !!id,
    staleTime: 0,
  });
}

export type ServiceInput = { category_id: string; body: string; image_urls: string[] };

/** POST /api/posts (create) or PUT /api/posts with `_id` (update). */
export function useSaveService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ _id, ...body }: ServiceInput & { _id?: string }) =>
      api<{ statusCode: number; message: string; data: Post }>("/api/posts", {
        method: _id ? "PUT" : "POST",
        body: _id ? { _id, ...body } : body,
      }),
    onSuccess: () => invalidateServices(qc),
  });
}

export function useDeleteService() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ statusCode: number; message: string }>(`/api/posts?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidateServices(qc),
  });
}

function invalidateServices(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ["bo", "services"] }),
    qc.invalidateQueries({ queryKey: ["bo", "service"] }),
    qc.invalidateQueries({ queryKey: ["bo", "dashboard"] }),
    // The shop's own keys: its listing pages and item pages of this type.
    qc.invalidateQueries({ queryKey: catalogKeys.listings("services") }),
    qc.invalidateQueries({ queryKey: catalogKeys.items("services") }),
  ]);
}
