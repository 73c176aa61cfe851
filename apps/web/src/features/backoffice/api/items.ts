/**
 * The seller's own items of either type, products (market-place) and services (posts) (spec §2
 * "View Products" / "View Services": only rows owned by the signed-in user, `?mine=true`), one item
 * for the edit form, and save / delete. Keys and queries are the catalog's (lib/queries/catalog.ts):
 * a write marks the shop's lists and items of that type stale, and the dashboard's figures.
 */
import type {
  CategoryType,
  MessageAnswer,
  PostCreateInput,
  PostDetailAnswer,
  PostListAnswer,
  PostWriteAnswer,
  ProductCreateInput,
  ProductDetailAnswer,
  ProductListAnswer,
  ProductWriteAnswer,
} from "@market/contract";
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { detailQuery, invalidateItems, itemsPath, myItemsQuery } from "../../../lib/queries/catalog";
import { invalidateWithDashboard } from "./dashboard";

/** The API's shapes of each type. */
type Shapes = {
  "market-place": { list: ProductListAnswer; detail: ProductDetailAnswer; input: ProductCreateInput; write: ProductWriteAnswer };
  services: { list: PostListAnswer; detail: PostDetailAnswer; input: PostCreateInput; write: PostWriteAnswer };
};

/** The seller's own items of `type`, filtered by `search`, page by page. */
export function useMyItems<T extends CategoryType>(type: T, search = "") {
  return useInfiniteQuery(myItemsQuery<Shapes[T]["list"]>(type, search));
}

/** One item to edit, loaded afresh each time the form opens; idle without an id. */
export function useMyItem<T extends CategoryType>(type: T, id: string | undefined) {
  return useQuery({
    ...detailQuery(type, id ?? ""),
    select: (answer) => (answer as Shapes[T]["detail"]).products as Shapes[T]["detail"]["products"],
    enabled: !!id,
    staleTime: 0,
  });
}

function invalidate(qc: QueryClient, type: CategoryType) {
  return Promise.all([invalidateItems(qc, type), invalidateWithDashboard(qc)]);
}

/** POST (create) or PUT with `_id` (update) an item of `type`. */
export function useSaveItem<T extends CategoryType>(type: T) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ _id, ...body }: Shapes[T]["input"] & { _id?: string }) =>
      api<Shapes[T]["write"]>(itemsPath(type), { method: _id ? "PUT" : "POST", body: _id ? { _id, ...body } : body }),
    onSuccess: () => invalidate(qc, type),
  });
}

/** DELETE an item of `type` by id. */
export function useDeleteItem(type: CategoryType) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<MessageAnswer>(`${itemsPath(type)}?id=${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: () => invalidate(qc, type),
  });
}
