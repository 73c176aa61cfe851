/**
 * The client cart (spec §3 "Cart line, client form", §4 "Cart", §5, §9).
 *
 * - Lines `{product, name, imageUrl, price, countInStock, qty, _id}` live in localStorage under
 *   `STORAGE_KEYS.cart` ("cart"); every change is applied locally at once, then sent to the server
 *   (`/api/cart`). Add replaces the line of the same product or appends; remove drops it by product;
 *   a quantity change re-adds; clear empties.
 * - Server calls run one after another (a queue), and each answer is applied again locally
 *   (idempotent), so the local cart converges on the server's even when calls interleave.
 * - When a signed-in user's cart page or header mounts, the server cart replaces the local one
 *   once per user (the spec's "bulk action replaces the whole cart").
 * - Totals: subtotal = sum of price x qty in naira, rounded to 2 decimals (kobo arithmetic).
 *
 * `useCart()` works across components through `useSyncExternalStore` over one module store.
 */
import { type CartLineAnswer, type CartListAnswer, koboToNaira, nairaToKobo, type ServerCartLine, STORAGE_KEYS } from "@market/contract";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { api, getToken } from "./api";
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
export type CartItemInput = Omit<CartItem, "_id"> & { _id?: string };

/* -------------------------------------------------------------------------------------------- */
/* Module store                                                                                  */
/* -------------------------------------------------------------------------------------------- */

const EMPTY: CartItem[] = [];
let lastRaw: string | null | undefined;
let lastItems: CartItem[] = EMPTY;
const listeners = new Set<() => void>();

function isItem(x: unknown): x is CartItem {
  const l = x as CartItem;
  return !!l && typeof l.product === "string" && typeof l.qty === "number" && typeof l.price === "number";
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.cart);
  } catch {
    return null;
  }
}

/** Current lines, parsed from storage only when the stored text changed (stable reference). */
function snapshot(): CartItem[] {
  const raw = readRaw();
  if (raw === lastRaw) return lastItems;
  lastRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    lastItems = Array.isArray(parsed) ? parsed.filter(isItem).map(normalise) : EMPTY;
  } catch {
    lastItems = EMPTY;
  }
  return lastItems;
}

/** The cart as the server draws a page (empty: it never sees localStorage, ADR 0072). */
function serverSnapshot(): CartItem[] {
  return EMPTY;
}

function normalise(l: CartItem): CartItem {
  return { ...l, imageUrl: Array.isArray(l.imageUrl) ? l.imageUrl : l.imageUrl ? [String(l.imageUrl)] : [] };
}

function write(items: CartItem[]): void {
  const raw = JSON.stringify(items);
  try {
    localStorage.setItem(STORAGE_KEYS.cart, raw);
    lastRaw = raw;
  } catch {
    lastRaw = undefined; // storage unavailable: keep the lines in memory only
  }
  lastItems = items;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.cart) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Replace the line of the same product, else append (spec §4 "Adding"). */
function upsert(items: CartItem[], line: CartItem): CartItem[] {
  const i = items.findIndex((l) => l.product === line.product);
  if (i === -1) return [...items, line];
  const next = items.slice();
  next[i] = line;
  return next;
}

/** What a cart line takes from a product (a listing's product, a wishlist item, a server line's product). */
type CartProductFields = { _id: string; name: string; image_urls: string[]; price: number; count_in_stock: number };

/** The cart line of `qty` units of product `p` (price in naira, as the API answers it). */
export function cartLineOf(p: CartProductFields, qty: number): CartItemInput {
  return { product: p._id, name: p.name, imageUrl: p.image_urls, price: p.price, countInStock: p.count_in_stock, qty };
}

/** A server cart line in client form. */
export function fromServerLine(l: ServerCartLine): CartItem {
  return { ...cartLineOf(l.productId, l.count), _id: l._id };
}

/* Server sync: one call at a time, in order. */
let queue: Promise<unknown> = Promise.resolve();
function enqueue<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/** Reload the whole cart from the server (after a refused change, or once per signed-in user). */
export function reloadCartFromServer(): Promise<void> {
  return enqueue(async () => {
    if (!getToken()) return;
    try {
      const res = await api<CartListAnswer>("/api/cart");
      write(res.data.map(fromServerLine));
    } catch (err) {
      // spec §8: cart loading failures are only logged
      console.error("cart: loading the server cart failed", err);
    }
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

/** Add (or replace) a line locally, then on the server. Resolves true when the server agreed. */
async function addLine(input: CartItemInput): Promise<boolean> {
  const line: CartItem = { ...input, qty: clampQty(input.qty, input.countInStock) };
  write(upsert(snapshot(), { ...line, _id: snapshot().find((l) => l.product === line.product)?._id ?? line._id }));
  return enqueue(async () => {
    try {
      const res = await api<CartLineAnswer>("/api/cart", { method: "POST", body: { product_id: line.product, count: line.qty } });
      // the server's answer (clamped count, current price and stock) wins, unless the line was removed meanwhile
      if (snapshot().some((l) => l.product === line.product)) write(upsert(snapshot(), fromServerLine(res.data)));
      return true;
    } catch (err) {
      notifyError(err);
      const res = await api<CartListAnswer>("/api/cart").catch(() => null);
      if (res) write(res.data.map(fromServerLine));
      else write(snapshot().filter((l) => l.product !== line.product));
      return false;
    }
  });
}

/** Remove the line of `productId` locally at once, then on the server. */
async function removeLine(productId: string): Promise<void> {
  const target = snapshot().find((l) => l.product === productId);
  write(snapshot().filter((l) => l.product !== productId));
  await enqueue(async () => {
    try {
      let id = target?._id;
      if (!id) {
        const res = await api<CartListAnswer>("/api/cart");
        id = res.data.find((l) => l.productId._id === productId)?._id;
      }
      if (id) await api(`/api/cart?cart_id=${encodeURIComponent(id)}`, { method: "DELETE" });
      write(snapshot().filter((l) => l.product !== productId));
    } catch (err) {
      console.error("cart: removing a line failed", err);
    }
  });
}

/** Empty the cart locally and on the server (`cart_id=all`). */
async function clearAll(): Promise<void> {
  write(EMPTY);
  await enqueue(async () => {
    try {
      await api("/api/cart?cart_id=all", { method: "DELETE" });
    } catch (err) {
      console.error("cart: clearing failed", err);
    }
  });
}

/** Forget the local cart without telling the server (after checkout emptied it there, or sign-out). */
export function resetLocalCart(): void {
  write(EMPTY);
}

let hydratedFor: string | null = null;

/* -------------------------------------------------------------------------------------------- */
/* Hook                                                                                          */
/* -------------------------------------------------------------------------------------------- */

/**
 * The cart for components: `{ items, add, remove, setQty, clear, count, lines, subtotal, reload }`.
 * `add` sends signed-out users to /signin (spec §5) and resolves false.
 */
export function useCart() {
  const items = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const { isLogin, details } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const userId = details?._id ?? null;

  useEffect(() => {
    if (userId && hydratedFor !== userId) {
      hydratedFor = userId;
      void reloadCartFromServer();
    }
    if (!userId) hydratedFor = null;
  }, [userId]);

  const add = useCallback(
    async (line: CartItemInput): Promise<boolean> => {
      let signedIn = isLogin;
      // A token but no answer from /api/me yet (a server-drawn page can be used before it comes,
      // ADR 0072): wait for the session instead of sending a signed-in shopper to /signin.
      if (!signedIn && getToken()) signedIn = !!(await queryClient.fetchQuery(meQuery).catch(() => null));
      if (!signedIn) {
        navigate("/signin");
        return false;
      }
      return addLine(line);
    },
    [isLogin, navigate, queryClient],
  );
  const setQty = useCallback(
    (productId: string, qty: number) => {
      const line = snapshot().find((l) => l.product === productId);
      return line ? add({ ...line, qty }) : Promise.resolve(false);
    },
    [add],
  );

  return useMemo(
    () => ({
      items,
      add,
      remove: removeLine,
      setQty,
      clear: clearAll,
      reload: reloadCartFromServer,
      /** units in the cart */
      count: cartCount(items),
      /** number of distinct lines */
      lines: items.length,
      /** naira, 2 decimals */
      subtotal: cartSubtotal(items),
    }),
    [items, add, setQty],
  );
}
