/**
 * The client cart (spec §3 "Cart line, client form", §4 "Cart", §5, §9) on TanStack Query.
 *
 * - The signed-in shopper's lines `{product, name, imageUrl, price, countInStock, qty, _id}` are the
 *   query `cartKeys.all`, loaded from GET /api/cart once per session (the server's cart replaces the
 *   local one: spec "bulk action replaces the whole cart"), and kept in localStorage under
 *   `STORAGE_KEYS.cart` ("cart"), which shows them until that answer comes.
 * - Every change is a mutation with an optimistic update: add replaces the line of the same product
 *   or appends, remove drops it by product, a quantity change re-adds, clear empties. The cache
 *   changes at once; the cart's mutations share one scope, so their calls reach the server one
 *   after another, in order. The server's answer to an add (clamped count, current price and stock)
 *   then wins; a refused add shows the server's message and reloads the server's cart.
 * - The cart is loaded only when no change is on its way, and loaded again when one started
 *   meanwhile, so its answer never drops a line the shopper just added.
 * - Signed-out visitors have no cart (adding sends them to /signin); pages drawn by the server are
 *   signed out too, so the browser's first render matches them (ADR 0072).
 * - Totals: subtotal = sum of price x qty in naira, rounded to 2 decimals (kobo arithmetic).
 */
import type { CartListAnswer, MessageAnswer } from "@market/contract";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { api } from "./api";
import { CART_SCOPE, setCart, useAddToCart, without } from "./cart-add";
import { type CartItem, cartCount, cartKeys, cartSubtotal, EMPTY, lineKey, noteCartChange, useCartItems } from "./cart-items";

export { clampQty } from "./cart-add";
export type { CartItem } from "./cart-items";
export { cartCount, cartLineOf, cartSubtotal, lineKey } from "./cart-items";

/** Forget the cart without telling the server (after checkout emptied it there). */
export function resetCart(qc: QueryClient): void {
  setCart(qc, () => EMPTY);
}

/**
 * Remove the line of a product or variant (`productId`: its `lineKey`): at once, then DELETE /api/cart?cart_id= with the line's server id
 * (`lineId`, or the server's when a line added a moment ago had none yet). Failures are only logged.
 */
function useRemoveLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...cartKeys.all, "remove"],
    scope: CART_SCOPE,
    onMutate: ({ productId }: { productId: string; lineId?: string }) => {
      noteCartChange();
      setCart(qc, without(productId));
    },
    mutationFn: async ({ productId, lineId }: { productId: string; lineId?: string }) => {
      const id =
        lineId ?? (await api<CartListAnswer>("/api/cart")).data.find((l) => (l.variant?._id ?? l.productId._id) === productId)?._id;
      if (id) await api<MessageAnswer>(`/api/cart?cart_id=${encodeURIComponent(id)}`, { method: "DELETE" });
    },
    onSuccess: (_res, { productId }) => setCart(qc, without(productId)),
    onError: (err) => console.error("cart: removing a line failed", err),
  });
}

/** Empty the cart: at once, then DELETE /api/cart?cart_id=all (failures only logged). */
function useClearCart() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...cartKeys.all, "clear"],
    scope: CART_SCOPE,
    onMutate: () => {
      noteCartChange();
      setCart(qc, () => EMPTY);
    },
    mutationFn: () => api<MessageAnswer>("/api/cart?cart_id=all", { method: "DELETE" }),
    onError: (err) => console.error("cart: clearing failed", err),
  });
}

/**
 * The cart for components: `{ items, add, remove, setQty, clear, count, lines, subtotal }`.
 * `add` sends signed-out users to /signin (spec §5) and resolves false; otherwise it resolves
 * whether the server took the line.
 */
export function useCart() {
  const qc = useQueryClient();
  const items = useCartItems();
  const add = useAddToCart();
  const removeLine = useRemoveLine();
  const clearCart = useClearCart();

  const setQty = useCallback(
    (productId: string, qty: number) => {
      const line = (qc.getQueryData<CartItem[]>(cartKeys.all) ?? EMPTY).find((l) => lineKey(l) === productId);
      return line ? add({ ...line, qty }) : Promise.resolve(false);
    },
    [add, qc],
  );
  const { mutateAsync: removeAsync } = removeLine;
  const { mutateAsync: clearAsync } = clearCart;
  const remove = useCallback(
    (productId: string) => {
      const lineId = (qc.getQueryData<CartItem[]>(cartKeys.all) ?? EMPTY).find((l) => lineKey(l) === productId)?._id;
      return removeAsync({ productId, lineId }).catch(() => undefined);
    },
    [removeAsync, qc],
  );
  const clear = useCallback(() => clearAsync().catch(() => undefined), [clearAsync]);

  return useMemo(
    () => ({
      items,
      add,
      remove,
      setQty,
      clear,
      /** units in the cart */
      count: cartCount(items),
      /** number of distinct lines */
      lines: items.length,
      /** naira, 2 decimals */
      subtotal: cartSubtotal(items),
    }),
    [items, add, remove, setQty, clear],
  );
}
