/**
 * The seller's own products (spec §2 "View Products": only rows owned by the signed-in user;
 * `GET /api/product?mine=true`), one product for the edit form, and save / delete.
 */
import type { Product, ProductDetailAnswer, ProductListAnswer } from "@market/contract";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { catalogKeys } from "../../catalog/api/catalog";

export function myProductsQuery(search: string) {
  return infiniteQueryOptions({
    queryKey: ["bo", "products", search],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ mine: "true", limit: "60" });
      if (search) params.set("search", search);
      if (pageParam) params.set("cursor", pageParam);
      return api<ProductListAnswer>(`/api/product?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMyProducts(search: string) {
  return useInfiniteQuery(myProductsQuery(search));
}

export function useProduct(id: string | undefined) {
  return useQuery({
    queryKey: ["bo", "product", id],
    queryFn: async () => (await api<ProductDetailAnswer>(`/api/product?id=${encodeURIComponent(id!)}`)).products,
    enabled: !!id,
    staleTime: 0,
  });
}

export type ProductInput = {
  name: string;
  category_id: string;
  price: number;
  count_in_stock: number;
  description: string;
  image_urls: string[];
};

/** POST /api/product (create) or PUT /api/product with `_id` (update). */
export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ _id, ...body }: ProductInput & { _id?: string }) =>
      api<{ statusCode: number; message: string; data: Product }>("/api/product", {
        method: _id ? "PUT" : "POST",
        body: _id ? { _id, ...body } : body,
      }),
    onSuccess: () => invalidateProducts(qc),
  });
}

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<{ statusCode: number; message: string }>(`/api/product?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidateProducts(qc),
  });
}

function invalidateProducts(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ["bo", "products"] }),
    qc.invalidateQueries({ queryKey: ["bo", "product"] }),
    qc.invalidateQueries({ queryKey: ["bo", "dashboard"] }),
    // The shop's own keys: its listing pages and item pages of this type.
    qc.invalidateQueries({ queryKey: catalogKeys.listings("market-place") }),
    qc.invalidateQueries({ queryKey: catalogKeys.items("market-place") }),
  ]);
}
