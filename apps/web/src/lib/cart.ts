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
import {
  type CartLineAnswer,
  type CartListAnswer,
  koboToNaira,
  type MessageAnswer,
  nairaToKobo,
  type ServerCartLine,
  STORAGE_KEYS,
} from "@market/contract";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { useNavigate } from "react-router";
import { api, hasSession } from "./api";
import { notifyError } from "./notify";
import { meQuery, useSession } from "./session";

/** A client cart line (spec §3). `price` in naira; `imageUrl` is the product's image list. */
export type CartItem = {
  product: string;
  name: string;
  imageUrl: string[];
  price: number;
  countInStock: number;
  qty: number;
  _id?: string;
};

/** What `add()` needs: a cart line without the server id. */
type CartItemInput = Omit<CartItem, "_id"> & { _id?: string };

/** The cart's query key (prefix of its mutations' keys too). */
const cartKeys = { all: ["cart"] as const };

/** The cart's mutations run one after another in this scope. */
const CART_SCOPE = { id: "cart" };

const EMPTY: CartItem[] = [];

function isItem(x: unknown): x is CartItem {
  const l = x as CartItem;
  return !!l && typeof l.product === "string" && typeof l.qty === "number" && typeof l.price === "number";
}

function normalise(l: CartItem): CartItem {
  return { ...l, imageUrl: Array.isArray(l.imageUrl) ? l.imageUrl : l.imageUrl ? [String(l.imageUrl)] : [] };
}

/** The lines kept in localStorage (none when storage is unavailable or holds something else). */
function readStored(): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isItem).map(normalise) : EMPTY;
  } catch {
    return EMPTY;
  }
}

function store(items: CartItem[]): void {
  try {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
  } catch {
    // storage unavailable (private mode): the lines live in the query cache only
  }
}

/**
 * Change the cached cart (and its stored copy) by `update`. The time of the last server load is
 * kept, so a cart changed before it was ever loaded is still loaded when a screen shows it.
 */
function setCart(qc: QueryClient, update: (items: CartItem[]) => CartItem[]): void {
  const state = qc.getQueryState<CartItem[]>(cartKeys.all);
  const next = update(state?.data ?? readStored());
  qc.setQueryData(cartKeys.all, next, { updatedAt: state?.dataUpdatedAt ?? 0 });
  store(next);
}

/** Replace the line of the same product, else append (spec §4 "Adding"). */
function upsert(items: CartItem[], line: CartItem): CartItem[] {
  const i = items.findIndex((l) => l.product === line.product);
  if (i === -1) return [...items, line];
  const next = items.slice();
  next[i] = line;
  return next;
}

const without = (productId: string) => (items: CartItem[]) => items.filter((l) => l.product !== productId);

/** What a cart line takes from a product (a listing's product, a wishlist item, a server line's product). */
type CartProductFields = Pick<ServerCartLine["productId"], "_id" | "name" | "image_urls" | "price" | "count_in_stock">;

/** The cart line of `qty` units of product `p` (price in naira, as the API answers it). */
export function cartLineOf(p: CartProductFields, qty: number): CartItemInput {
  return { product: p._id, name: p.name, imageUrl: p.image_urls, price: p.price, countInStock: p.count_in_stock, qty };
}

/** A server cart line in client form. */
function fromServerLine(l: ServerCartLine): CartItem {
  return { ...cartLineOf(l.productId, l.count), _id: l._id };
}

/** Changes started (counted by their optimistic update), to know whether one started during a load. */
let changesStarted = 0;

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

/** Clamp a wanted quantity to 1..stock (spec §4 "Quantity", §5). */
export function clampQty(qty: number, countInStock: number): number {
  const max = Math.max(1, Math.floor(countInStock));
  return Math.min(max, Math.max(1, Math.floor(Number.isFinite(qty) ? qty : 1)));
}

/** Forget the cart without telling the server (after checkout emptied it there). */
export function resetCart(qc: QueryClient): void {
  setCart(qc, () => EMPTY);
}

/** Add (or replace) a line: at once in the cache, then POST /api/cart; the server's line wins. */
function useAddLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...cartKeys.all, "add"],
    scope: CART_SCOPE,
    mutationFn: (line: CartItem) =>
      api<CartLineAnswer>("/api/cart", { method: "POST", body: { product_id: line.product, count: line.qty } }),
    onMutate: (line) => {
      changesStarted++;
      setCart(qc, (items) => upsert(items, { ...line, _id: items.find((l) => l.product === line.product)?._id ?? line._id }));
    },
    // ...unless the line was removed meanwhile
    onSuccess: (res, line) =>
      setCart(qc, (items) => (items.some((l) => l.product === line.product) ? upsert(items, fromServerLine(res.data)) : items)),
    onError: (err, line) => {
      notifyError(err);
      // The server's cart says what is left of the line (another count, or none); until it answers, none.
      setCart(qc, without(line.product));
      void qc.invalidateQueries({ queryKey: cartKeys.all, refetchType: "all" });
    },
  });
}

/**
 * Remove the line of a product: at once, then DELETE /api/cart?cart_id= with the line's server id
 * (`lineId`, or the server's when a line added a moment ago had none yet). Failures are only logged.
 */
function useRemoveLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationKey: [...cartKeys.all, "remove"],
    scope: CART_SCOPE,
    onMutate: ({ productId }: { productId: string; lineId?: string }) => {
      changesStarted++;
      setCart(qc, without(productId));
    },
    mutationFn: async ({ productId, lineId }: { productId: string; lineId?: string }) => {
      const id = lineId ?? (await api<CartListAnswer>("/api/cart")).data.find((l) => l.productId._id === productId)?._id;
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
      changesStarted++;
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
  const navigate = useNavigate();
  const { isLogin, details } = useSession();
  const query = useQuery({ ...cartQuery(qc), enabled: !!details });
  // Until the server's cart comes, the lines stored by the last page.
  const stored = useMemo(readStored, []);
  const items = details ? (query.data ?? stored) : EMPTY;
  const addLine = useAddLine();
  const removeLine = useRemoveLine();
  const clearCart = useClearCart();

  // A change made in another tab of the store.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.cart)
        qc.setQueryData(cartKeys.all, readStored(), { updatedAt: qc.getQueryState(cartKeys.all)?.dataUpdatedAt ?? 0 });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [qc]);

  const { mutateAsync: addAsync } = addLine;
  const add = useCallback(
    async (input: CartItemInput): Promise<boolean> => {
      let signedIn = isLogin;
      // A session but no answer from /api/me yet (a server-drawn page can be used before it comes,
      // ADR 0072): wait for the session instead of sending a signed-in shopper to /signin.
      if (!signedIn && hasSession()) signedIn = !!(await qc.fetchQuery(meQuery).catch(() => null));
      if (!signedIn) {
        navigate("/signin");
        return false;
      }
      const line: CartItem = { ...input, qty: clampQty(input.qty, input.countInStock) };
      return addAsync(line).then(
        () => true,
        () => false,
      );
    },
    [isLogin, navigate, qc, addAsync],
  );
  const setQty = useCallback(
    (productId: string, qty: number) => {
      const line = (qc.getQueryData<CartItem[]>(cartKeys.all) ?? EMPTY).find((l) => l.product === productId);
      return line ? add({ ...line, qty }) : Promise.resolve(false);
    },
    [add, qc],
  );
  const { mutateAsync: removeAsync } = removeLine;
  const { mutateAsync: clearAsync } = clearCart;
  const remove = useCallback(
    (productId: string) => {
      const lineId = (qc.getQueryData<CartItem[]>(cartKeys.all) ?? EMPTY).find((l) => l.product === productId)?._id;
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
