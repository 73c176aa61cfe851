/**
 * The "add to cart" a signed-out shopper asked for, carried through the sign-in page in its query
 * (`/signin?from=<page>&add=<product id>&qty=<n>`, ADR 0186): the sign-in page says why it is
 * asked ("Sign in to add <name> to your cart") and, once the shopper is signed in, finishes the add
 * (lib/cart-add.ts `addAfterSignIn`). Only ids and a count travel: the product's name shown comes
 * from the store, and the server checks the add as any other (listed, in stock, not one's own,
 * count clamped to the stock). `from` is followed only through `safeReturnPath`.
 */

/** What was asked: a product id and a whole quantity of at least 1. */
export type AddIntent = { product: string; variant?: string; qty: number };

/** A catalog id as the store makes them (letters, digits, `-`, `_`); anything else is no intent. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** More than any stock; the server clamps the count to the stock anyway. */
const QTY_MAX = 100_000;

/** The sign-in page's address for `intent`, returning to `from` (the page's path and query). */
export function signInToAddPath(from: string, intent: AddIntent): string {
  const q = new URLSearchParams({ from, add: intent.product, qty: String(intent.qty) });
  if (intent.variant) q.set("variant", intent.variant);
  return `/signin?${q.toString()}`;
}

/** The intent in a sign-in page's query (`location.search`), or null when there is none or it is malformed. */
export function readAddIntent(search: string): AddIntent | null {
  const q = new URLSearchParams(search);
  const product = q.get("add");
  const qty = Number(q.get("qty") ?? "1");
  if (!product || !ID.test(product) || !Number.isInteger(qty) || qty < 1 || qty > QTY_MAX) return null;
  const variant = q.get("variant") ?? undefined;
  return { product, variant: variant && ID.test(variant) ? variant : undefined, qty };
}
