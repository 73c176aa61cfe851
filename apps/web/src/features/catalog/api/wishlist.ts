/**
 * The signed-in user's wishlist (spec §2 "Customer area" wishlist): GET/POST/DELETE /api/wishlist.
 * Every call answers the whole list, which replaces the cached one under ["wishlist"].
 */
import type { WishlistAnswer, WishlistItem } from "@market/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { useSession } from "../../../lib/session";

const WISHLIST_KEY = ["wishlist"] as const;

/** The wishlist query (also fetched by the server renderer with the user, entry-server.tsx). */
export const wishlistQuery = queryOptions({
  queryKey: WISHLIST_KEY,
  queryFn: async ({ signal }): Promise<WishlistItem[]> => (await api<WishlistAnswer>("/api/wishlist", { signal })).data,
  staleTime: 30_000,
});

/** The wishlist of the signed-in user; idle (no call) while signed out. */
export function useWishlist() {
  const { isLogin } = useSession();
  return useQuery({ ...wishlistQuery, enabled: isLogin });
}

/** Add (`inWishlist: false`) or remove (`true`) one product; the answer refreshes the cached list. */
export function useToggleWishlist() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, inWishlist }: { productId: string; inWishlist: boolean }) =>
      inWishlist
        ? api<WishlistAnswer>(`/api/wishlist?product_id=${encodeURIComponent(productId)}`, { method: "DELETE" })
        : api<WishlistAnswer>("/api/wishlist", { method: "POST", body: { product_id: productId } }),
    onSuccess: (res) => qc.setQueryData(WISHLIST_KEY, res.data),
  });
}
