/**
 * Adding a line to the cart (and the helpers every cart change uses), apart from the rest of the
 * cart's changes (cart.ts): a product page only adds, so it loads no more than this. The rules
 * are described in cart.ts.
 */
import type { CartLineAnswer } from "@market/contract";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { api, hasSession } from "./api";
import { type AddIntent, signInToAddPath } from "./cart-intent";
import { type CartItem, type CartItemInput, cartKeys, fromServerLine, lineKey, noteCartChange, readStored, store } from "./cart-items";
import { notifyError } from "./notify";
import { meQuery, useSession } from "./session";

/** The cart's mutations run one after another in this scope. */
export const CART_SCOPE = { id: "cart" };

/**
 * Change the cached cart (and its stored copy) by `update`. The time of the last server load is
 * kept, so a cart changed before it was ever loaded is still loaded when a screen shows it.
 */
export function setCart(qc: QueryClient, update: (items: CartItem[]) => CartItem[]): void {
  const state = qc.getQueryState<CartItem[]>(cartKeys.all);
  const next = update(state?.data ?? readStored());
  qc.setQueryData(cartKeys.all, next, { updatedAt: state?.dataUpdatedAt ?? 0 });
  store(next);
}

/** Replace the line of the same product and variant, else append (spec §4 "Adding"). */
function upsert(items: CartItem[], line: CartItem): CartItem[] {
  const i = items.findIndex((l) => lineKey(l) === lineKey(line));
  if (i === -1) return [...items, line];
  const next = items.slice();
  next[i] = line;
  return next;
}

/** The cart without the line of `key` (`lineKey`: the variant's id, else the product's). */
export const without = (key: string) => (items: CartItem[]) => items.filter((l) => lineKey(l) !== key);

/** Clamp a wanted quantity to 1..stock (spec §4 "Quantity", §5). */
export function clampQty(qty: number, countInStock: number): number {
  const max = Math.max(1, Math.floor(countInStock));
  return Math.min(max, Math.max(1, Math.floor(Number.isFinite(qty) ? qty : 1)));
}

/** Add (or replace) a line: at once in the cache, then POST /api/cart; the server's line wins. */
function useAddLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...cartKeys.all, "add"],
    scope: CART_SCOPE,
    mutationFn: (line: CartItem) =>
      // An absent variant (a product without options) is left out of the JSON.
      api<CartLineAnswer>("/api/cart", { method: "POST", body: { product_id: line.product, variant_id: line.variant, count: line.qty } }),
    onMutate: (line) => {
      noteCartChange();
      setCart(qc, (items) => upsert(items, { ...line, _id: items.find((l) => lineKey(l) === lineKey(line))?._id ?? line._id }));
    },
    // ...unless the line was removed meanwhile
    onSuccess: (res, line) =>
      setCart(qc, (items) => (items.some((l) => lineKey(l) === lineKey(line)) ? upsert(items, fromServerLine(res.data)) : items)),
    onError: (err, line) => {
      notifyError(err);
      // The server's cart says what is left of the line (another count, or none); until it answers, none.
      setCart(qc, without(lineKey(line)));
      void qc.invalidateQueries({ queryKey: cartKeys.all, refetchType: "all" });
    },
  });
}

/**
 * Finish the add a shopper asked for before signing in (lib/cart-intent.ts, ADR 0186): POST
 * /api/cart with the product and quantity, then the server's line goes into the cart (replacing
 * that product's line, as any add). Answers the server's answer ("Added to cart", or the count
 * clamped to the stock); a refusal (unlisted, own product, out of stock) rejects with its ApiError
 * and the cart is read again.
 */
export async function addAfterSignIn(qc: QueryClient, intent: AddIntent): Promise<CartLineAnswer> {
  // A load of the server's cart started meanwhile is read again after this add (cart-items.ts).
  noteCartChange();
  try {
    const res = await api<CartLineAnswer>("/api/cart", {
      method: "POST",
      body: { product_id: intent.product, variant_id: intent.variant, count: intent.qty },
    });
    setCart(qc, (items) => upsert(items, fromServerLine(res.data)));
    return res;
  } finally {
    void qc.invalidateQueries({ queryKey: cartKeys.all, refetchType: "all" });
  }
}

/**
 * `add(line)` of the cart: sends signed-out users to /signin with the add they asked for (spec §5,
 * ADR 0186: the sign-in page names the product and finishes the add) and resolves false; otherwise
 * it resolves whether the server took the line (its quantity clamped to 1..stock).
 */
export function useAddToCart(): (input: CartItemInput) => Promise<boolean> {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { isLogin } = useSession();
  const addLine = useAddLine();
  const { mutateAsync: addAsync } = addLine;
  return useCallback(
    async (input: CartItemInput): Promise<boolean> => {
      let signedIn = isLogin;
      // A session but no answer from /api/me yet (a server-drawn page can be used before it comes,
      // ADR 0072): wait for the session instead of sending a signed-in shopper to /signin.
      if (!signedIn && hasSession()) signedIn = !!(await qc.fetchQuery(meQuery).catch(() => null));
      if (!signedIn) {
        navigate(
          signInToAddPath(pathname + search, {
            product: input.product,
            variant: input.variant,
            qty: clampQty(input.qty, input.countInStock),
          }),
        );
        return false;
      }
      const line: CartItem = { ...input, qty: clampQty(input.qty, input.countInStock) };
      return addAsync(line).then(
        () => true,
        () => false,
      );
    },
    [isLogin, navigate, pathname, search, qc, addAsync],
  );
}
