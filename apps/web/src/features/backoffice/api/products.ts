/**
 * The seller's own products (spec §2 "View Products": only rows owned by the signed-in user;
 * `GET /api/product?mine=true`), one product for the edit form, and save / delete. Keys and
 * queries are the catalog's (lib/queries/catalog.ts): a write marks the shop's lists and items stale.
 */
import type { MessageAnswer, ProductCreateInput, ProductDetailAnswer, ProductListAnswer, ProductWriteAnswer } from "@market/contract";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { dashboardKeys } from "./dashboard";
import { detailQuery, invalidateItems, myItemsQuery } from "../../../lib/queries/catalog";

export function useMyProducts(search: string) {
  return useInfiniteQuery(myItemsQuery<ProductListAnswer>("market-place", search));
}

/** One product to edit, loaded afresh each time the form opens. */
export function useProduct(id: string | undefined) {
  return useQuery({
    ...detailQuery("market-place", id ?? ""),
    select: (answer) => (answer as ProductDetailAnswer).products,
    enabled: !!id,
    staleTime: 0,
  });
}

/** POST /api/product (create) or PUT /api/product with `_id` (update). */
export function useSaveProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ _id, ...body }: ProductCreateInput & { _id?: string }) =>
      api<ProductWriteAnswer>("/api/product", { method: _id ? "PUT" : "POST", body: _id ? { _id, ...body } : body }),
    onSuccess: () => invalidateProducts(qc),
  });
}

export function useDeleteProduct() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MessageAnswer>(`/api/product?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidateProducts(qc),
  });
}

function invalidateProducts(qc: ReturnType<typeof useQueryClient>) {
  return Promise.all([invalidateItems(qc, "market-place"), qc.invalidateQueries({ queryKey: dashboardKeys.all })]);
}
