/**
 * A signed-in shopper for the measuring scripts (lighthouse.mjs, profile-page.mjs): the demo store's
 * customer (apps/server/src/db/seed/demo.ts, the published sign-in with an address book and past
 * orders) signed in through POST /api/signin on the built server, with one item (the first listed product in stock) put in the cart
 * through POST /api/cart, so cart and checkout are measured as a buyer sees them. The browser gets
 * the same two cookies the sign-in answer sets (the HttpOnly session and the readable "signed in"
 * one), so the server draws each page for that shopper (ADR 0129) and the app starts signed in.
 */
import { chromium } from "playwright-core";
import { serverDrawnPages } from "./pages.mjs";

/** The demo customer's published sign-in (DEMO_ACCOUNTS in the demo seed; e2e/fixtures.ts `DEMO.customer`). */
const DEMO_CUSTOMER = { email: "tunde@naijamarket.ng", password: "Customer#2026" };

/**
 * Sign the demo customer in and put `count` of the first listed product in stock in their cart.
 *
 * @param {string} base the server's URL without trailing slash
 * @returns {Promise<{ token: string, cookies: { name: string, value: string }[], productId: string }>}
 * @throws when sign-in or the cart add does not answer 200/201.
 */
export async function signInShopper(base, count = 1) {
  const res = await fetch(`${base}/api/signin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(DEMO_CUSTOMER),
  });
  if (!res.ok) throw new Error(`sign-in of the demo customer: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  const cookies = res.headers.getSetCookie().map((c) => {
    const [pair] = c.split(";");
    const i = pair.indexOf("=");
    return { name: pair.slice(0, i), value: pair.slice(i + 1) };
  });
  if (!cookies.length) throw new Error("the sign-in answer set no cookie");
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const list = await (await fetch(`${base}/api/product?limit=24`)).json();
  const productId = list.products?.find((p) => p.count_in_stock >= count)?._id;
  if (!productId) throw new Error(`no product in stock in the demo data: ${JSON.stringify(list).slice(0, 200)}`);
  const add = await fetch(`${base}/api/cart`, { method: "POST", headers: auth, body: JSON.stringify({ product_id: productId, count }) });
  if (!add.ok) throw new Error(`add to cart: ${add.status} ${await add.text()}`);
  return { token, cookies, productId };
}

/**
 * Put the shopper's cookies into the browser listening on `port` (its default context, where
 * Lighthouse opens its tab), through Playwright's CDP connection, which is then closed again.
 */
export async function giveBrowserSession(port, base, cookies) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error("the browser has no default context");
    await context.addCookies(cookies.map((c) => ({ ...c, url: base, httpOnly: c.name === "nm_session", sameSite: "Lax" })));
  } finally {
    await browser.close();
  }
}

/**
 * The shopper pages measured signed in: the cart (with the item in it) and every server-drawn page
 * that needs a session (`signedOutTo` in packages/contract/src/pages.ts: checkout, account, address,
 * change password, and the order page once it is in the table), at its first path or `sample`.
 * `:orderId`, or `:id` under /account/orders, is the shopper's newest order (GET /api/orders).
 *
 * @returns {Promise<{ name: string, path: string }[]>} names end in " (in)"
 */
export async function signedInPages(base, token) {
  const pages = (await serverDrawnPages()).filter((p) => p.signedOutTo || p.name === "cart");
  const orderPath = (p) => /:orderId|^\/account\/orders\/:id/.test(p);
  let orderId;
  if (pages.some((p) => orderPath(p.sample ?? p.paths[0]))) {
    const mine = await (await fetch(`${base}/api/orders`, { headers: { authorization: `Bearer ${token}` } })).json();
    orderId = mine.data?.[0]?._id;
    if (!orderId) throw new Error(`the demo customer has no order: ${JSON.stringify(mine).slice(0, 200)}`);
  }
  return pages.map((p) => {
    const at = p.sample ?? p.paths[0];
    return { name: `${p.name} (in)`, path: orderPath(at) ? at.replace(/:orderId|:id/, orderId) : at };
  });
}
