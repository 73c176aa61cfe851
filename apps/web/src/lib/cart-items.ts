/**
 * The cart's lines as the header's basket shows them (count, lines, subtotal), apart from the
 * changes (lib/cart.ts: add, remove, quantity, clear): every page draws the basket, while only the
 * pages that change the cart load the mutations. The rules of the whole cart are described in
 * cart.ts; the lines, their stored copy and the server load live here.
 */
import { type CartListAnswer, koboToNaira, nairaToKobo, type ServerCartLine, STORAGE_KEYS } from "@market/contract";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { api } from "./api";
import { useSession } from "./session";

/**
 * A client cart line (spec §3). `price` in naira; `imageUrl` is the product's image list. `variant`
 * is the chosen variant's id (absent for a product without options) and `name` names it
 * ("Ankara Wrap Dress, Size M, Blue"; ADR 0215).
 */
export type CartItem = {
  product: string;
  variant?: string;
  name: string;
  imageUrl: string[];
  price: number;
  countInStock: number;
  qty: number;
  _id?: string;
};

/** What `add()` needs: a cart line without the server id. */
export type CartItemInput = Omit<CartItem, "_id"> & { _id?: string };

/** The cart's query key (prefix of its mutations' keys too). */
export const cartKeys = { all: ["cart"] as const };

export const EMPTY: CartItem[] = [];

function isItem(x: unknown): x is CartItem {
  const l = x as CartItem;
  return !!l && typeof l.product === "string" && typeof l.qty === "number" && typeof l.price === "number";
}

function normalise(l: CartItem): CartItem {
  return { ...l, imageUrl: Array.isArray(l.imageUrl) ? l.imageUrl : l.imageUrl ? [String(l.imageUrl)] : [] };
}

/** The lines kept in localStorage (none when storage is unavailable or holds something else). */
export function readStored(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isItem).map(normalise) : EMPTY;
  } catch {
    return EMPTY;
  }
}

export function store(items: CartItem[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
  } catch {
    // storage unavailable (private mode): the lines live in the query cache only
  }
}

/** What a cart line takes from a product (a listing's product, a wishlist item, a server line's product). */
type CartProductFields = Pick<ServerCartLine["productId"], "_id" | "name" | "image_urls" | "price" | "count_in_stock">;

/** What names a line in the cart: its variant, else its product (one line per variant). */
export function lineKey(l: Pick<CartItem, "product" | "variant">): string {
  return l.variant ?? l.product;
}

/**
 * The cart line of `qty` units of product `p` (price in naira, as the API answers it), or of its
 * variant `v` (its id, price, stock and picture, and `name`, the line's name with the variant).
 */
export function cartLineOf(
  p: CartProductFields,
  qty: number,
  v?: { _id: string | null; name: string; price: number; count_in_stock: number; image_url: string | null } | null,
): CartItemInput {
  return {
    product: p._id,
    variant: v?._id ?? undefined,
    name: v?.name ?? p.name,
    imageUrl: v?.image_url ? [v.image_url, ...p.image_urls] : p.image_urls,
    price: v?.price ?? p.price,
    countInStock: v?.count_in_stock ?? p.count_in_stock,
    qty,
  };
}

/**
 * A server cart line in client form: its product object already carries the variant's name, price,
 * stock and picture (ADR 0215); the variant's id names the line.
 */
export function fromServerLine(l: ServerCartLine): CartItem {
  return { ...cartLineOf(l.productId, l.count), variant: l.variant?._id ?? undefined, _id: l._id };
}

/** Changes started (counted by their optimistic update), to know whether one started during a load. */
let changesStarted = 0;

/** Count a change of the cart as started (each mutation's optimistic update, cart.ts). */
export function noteCartChange(): void {
  changesStarted++;
}

/** Resolves once no cart mutation is pending (or queued in the cart's scope). */
function changesSettled(qc: QueryClient): Promise<void> {
  const busy = () => qc.isMutating({ mutationKey: cartKeys.all }) > 0;
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = qc.getMutationCache().subscribe(() => {
      if (busy()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** The server's cart, read when no change is on its way (again if one started while reading). */
async function loadServerCart(qc: QueryClient, signal: AbortSignal): Promise<CartItem[]> {
  for (;;) {
    await changesSettled(qc);
    const started = changesStarted;
    try {
      const res = await api<CartListAnswer>("/api/cart", { signal });
      if (started !== changesStarted) continue;
      const items = res.data.map(fromServerLine);
      store(items);
      return items;
    } catch (err) {
      // spec §8: cart loading failures are only logged
      console.error("cart: loading the server cart failed", err);
      throw err;
    }
  }
}

function cartQuery(qc: QueryClient) {
  return queryOptions({
    queryKey: cartKeys.all,
    queryFn: ({ signal }) => loadServerCart(qc, signal),
    // Loaded once (dataUpdatedAt 0: never), then kept as the mutations leave it.
    staleTime: (query) => (query.state.dataUpdatedAt === 0 ? 0 : Number.POSITIVE_INFINITY),
    retry: false,
  });
}

/** Total of price x qty in naira with 2-decimal precision (spec §9), computed in kobo. */
export function cartSubtotal(items: readonly CartItem[]): number {
  return koboToNaira(items.reduce((sum, l) => sum + nairaToKobo(l.price) * l.qty, 0));
}

/** Number of units in the cart (sum of qty). */
export function cartCount(items: readonly CartItem[]): number {
  return items.reduce((sum, l) => sum + l.qty, 0);
}

/**
 * The cart's lines: the signed-in shopper's (the lines stored by the last page until the server's
 * cart comes), none when signed out. Follows changes made in another tab of the store.
 */
export function useCartItems(): CartItem[] {
  const qc = useQueryClient();
  const { details } = useSession();
  const query = useQuery({ ...cartQuery(qc), enabled: !!details });
  // Until the server's cart comes, the lines stored by the last page.
  const stored = useMemo(readStored, []);

  // A change made in another tab of the store.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.cart)
        qc.setQueryData(cartKeys.all, readStored(), { updatedAt: qc.getQueryState(cartKeys.all)?.dataUpdatedAt ?? 0 });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [qc]);

  return details ? (query.data ?? stored) : EMPTY;
}
