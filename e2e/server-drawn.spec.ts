/**
 * Every shopper page is drawn by the server (ADR 0072, 0130): without JavaScript each one shows its
 * real frame (header, title, headings), never the blank app shell; the pages of the signed-in
 * customer are drawn for them, and a visitor without a session is redirected by the server. And a control used on a server-drawn page before the
 * app has started keeps its value once the app takes the page over (ADR 0131).
 * Runs at desktop and phone width.
 */
import { TEXT } from "@market/contract";
import { SERVER_DRAWN_PAGES } from "@market/contract/pages";
import type { APIRequestContext, Page } from "@playwright/test";
import { accountsTest as base, DEMO, expect, sessionToken, signInPage } from "./fixtures";

type Product = { _id: string; name: string; count_in_stock: number };

/**
 * Every server-drawn page a signed-out visitor sees (the contract's table, ADR 0170), by each of its
 * paths; the pages with parameters (listing and product have specs of their own) are left out.
 */
const PAGES = SERVER_DRAWN_PAGES.filter((p) => !p.signedOutTo && !p.sample).flatMap((p) => p.paths);

/** The level-1 heading and the other text a page's server-drawn frame shows, where the spec names them. */
const FRAME_TEXT: Record<string, { title: string; more?: string[] }> = {
  "/signin": { title: TEXT.pages.myAccount, more: ["Welcome back", TEXT.accounts.login] },
  "/cart": { title: "Cart" },
  "/wishlist": { title: TEXT.wishlist.title },
  "/aboutScreen": { title: "About Naija Market" },
  "/contact": { title: TEXT.contact.title },
  "/contactScreen": { title: TEXT.contact.title },
};

base.describe("without JavaScript @phone", () => {
  base.use({ javaScriptEnabled: false });

  for (const path of PAGES) {
    base(`${path} shows its frame from the server`, async ({ page }) => {
      const { title, more = [] } = FRAME_TEXT[path] ?? {};
      await page.goto(path);
      const main = page.locator("main");
      await expect(page.locator("header").first()).toBeVisible();
      await expect(main.getByRole("heading", { level: 1, ...(title ? { name: title } : {}) })).toBeVisible();
      for (const text of more) await expect(main.getByText(text, { exact: true }).first()).toBeVisible();
      await expect(page.locator("footer")).toBeVisible();
    });
  }
});

/** The signed-in customer's pages and where the server sends a visitor without a session. */
const SIGNED_OUT_REDIRECTS = SERVER_DRAWN_PAGES.flatMap(({ paths, signedOutTo }) =>
  signedOutTo ? paths.map((path) => [path, signedOutTo === "/" ? "/" : `/signin?from=${encodeURIComponent(path)}`] as const) : [],
);

base.describe("signed out, the signed-in customer's pages @phone", () => {
  base("are a redirect from the server (no page drawn, nothing to flash by)", async ({ browser, request }) => {
    const page = await browser.newPage({ javaScriptEnabled: false });
    for (const [path, to] of SIGNED_OUT_REDIRECTS) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(302);
      expect(res.headers().location, path).toBe(to);
      // Without JavaScript only the server can have moved the browser.
      await page.goto(path);
      expect(new URL(page.url()).pathname + new URL(page.url()).search, path).toBe(to);
    }
    await page.close();
  });

  base("the sign-in form returns the shopper to the page they asked for", async ({ page }) => {
    await page.goto("/address");
    await expect(page).toHaveURL(/\/signin\?from=%2Faddress$/);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email address or phone number").fill(DEMO.customer.email);
    await form.locator("input[autocomplete=current-password]").fill(DEMO.customer.password);
    await form.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/address$/);
    await expect(page.getByRole("navigation", { name: "My account" })).toBeVisible();
  });
});

base.describe("signed in, without JavaScript @phone", () => {
  base.use({ javaScriptEnabled: false });

  base("the customer's pages show the customer's own data from the server", async ({ page, request, customer }) => {
    const token = await signInPage(page, request, customer);
    const auth = { authorization: `Bearer ${token}` };
    const products = (await (await request.get("/api/product?limit=24")).json()).products as Product[];
    const product = products.find((p) => p.count_in_stock >= 2)!;
    expect((await request.post("/api/cart", { headers: auth, data: { product_id: product._id, count: 2 } })).status()).toBe(200);

    await page.goto("/cart");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: "Cart" })).toBeVisible();
    await expect(main.getByRole("link", { name: product.name }).first()).toBeVisible();
    await expect(main.getByTestId("cart-subtotal")).toBeVisible();
    await page.goto("/account");
    await expect(main.getByRole("heading", { name: /^Hello / })).toBeVisible();
    await expect(main.getByRole("navigation", { name: "My account" })).toBeVisible();
    await page.goto("/checkout");
    await expect(main.getByLabel("First name")).toBeVisible();
    await expect(main.getByTestId("review-order")).toContainText(product.name);
    await page.goto("/wishlist");
    await expect(main.getByRole("heading", { level: 1, name: TEXT.wishlist.title })).toBeVisible();
    await expect(main.getByText(TEXT.wishlist.signInPrompt)).toHaveCount(0);
  });
});

/**
 * Hold every JavaScript module but the document's own script (boot.ts, which starts the app after
 * the load event) until `release()`: the page stays server-drawn meanwhile.
 */
async function holdModules(page: Page, request: APIRequestContext): Promise<() => void> {
  const html = await (await request.get("/aboutScreen")).text();
  const boot = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
  expect(boot, "the document's script").toBeTruthy();
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  await page.route(/\/assets\/.+\.js(\?.*)?$/, async (route) => {
    if (new URL(route.request().url()).pathname !== boot) await gate;
    await route.continue();
  });
  return release;
}

base.describe("input before the app starts @phone", () => {
  base("a quantity picked before hydration is the quantity added to the cart", async ({ page, request, customer }) => {
    const token = await signInPage(page, request, customer);
    const auth = { authorization: `Bearer ${token}` };
    const products = (await (await request.get("/api/product?limit=24")).json()).products as Product[];
    const product = products.find((p) => p.count_in_stock >= 3);
    expect(product, "a product with 3 in stock").toBeTruthy();

    const release = await holdModules(page, request);
    await page.goto(`/product/market-place/${product!._id}`, { waitUntil: "load" });
    const qty = page.getByLabel("Quantity", { exact: true });
    await qty.selectOption("3");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
    release();
    await page.waitForSelector("html[data-app-ready]", { state: "attached" });
    await expect(qty).toHaveValue("3");
    await page.getByRole("button", { name: TEXT.buttons.addToCart }).click();
    await expect(page).toHaveURL(/\/cart$/);

    const cart = (await (await request.get("/api/cart", { headers: auth })).json()).data as { productId: { _id: string }; count: number }[];
    expect(cart.map((l) => [l.productId._id, l.count])).toEqual([[product!._id, 3]]);
  });

  base("e-mail and password typed before hydration are the ones the sign-in sends", async ({ page, request }) => {
    const release = await holdModules(page, request);
    await page.goto("/signin", { waitUntil: "load" });
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email address or phone number").fill(DEMO.customer.email);
    await form.locator('input[type="password"]').fill(DEMO.customer.password);
    release();
    await page.waitForSelector("html[data-app-ready]", { state: "attached" });
    await form.getByRole("button", { name: "Login" }).click();
    // Signed in: the session cookie is set and the page has left /signin.
    await expect.poll(() => sessionToken(page)).toBeTruthy();
    await expect(page).not.toHaveURL(/\/signin/);
  });

  base("Login tapped before the app starts signs in and returns to the page asked for", async ({ page, request }) => {
    const release = await holdModules(page, request);
    await page.goto("/address", { waitUntil: "load" });
    await expect(page).toHaveURL(/\/signin\?from=%2Faddress$/);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email address or phone number").fill(DEMO.customer.email);
    await form.locator("input[autocomplete=current-password]").fill(DEMO.customer.password);
    await form.getByRole("button", { name: "Login" }).click();
    // The browser did not send the form itself (that would leave for "/signin?" with nothing).
    await expect(page).toHaveURL(/\/signin\?from=%2Faddress$/);
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
    release();
    await expect(page).toHaveURL(/\/address$/);
    await expect(page.getByRole("navigation", { name: "My account" })).toBeVisible();
  });

  base("a search typed before hydration is the search sent", async ({ page, request }) => {
    const release = await holdModules(page, request);
    await page.goto("/categories/collections/market-place/001", { waitUntil: "load" });
    const search = page.getByRole("textbox", { name: /Search/ });
    await search.fill("bag");
    release();
    await page.waitForSelector("html[data-app-ready]", { state: "attached" });
    await expect(search).toHaveValue("bag");
    await search.press("Enter");
    await expect(page).toHaveURL(/[?&]q=bag/);
  });
});
