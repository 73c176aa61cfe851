/**
 * Storefront and checkout defects found by walking every screen (desktop and phone), each against
 * the built app and the real server: free shipping in Lagos applied by the server, one pending
 * order per shopper that can be reopened, a failed payment or the window's end stops the countdown, destructive
 * actions ask first, a category switch never shows the old cards under the new title, the quick
 * view opens at the chosen picture with one title, one money format, the order history fits a
 * phone, and the signed-out cart asks to sign in.
 */
import { FREE_SHIPPING_OVER_NAIRA, formatNaira, SHIPPING_FEE_NAIRA, STORAGE_KEYS, TEXT } from "@market/contract";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiSignIn, type Credentials, DEMO, expect, signInPage, test } from "./fixtures";

type Product = { _id: string; name: string; price: number; count_in_stock: number; image_urls: string[]; options: unknown[] };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const fmt2 = (n: number) => `₦${n.toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Sign `page` in as `who` (the sign-in answer's session cookie in the page's own context) and
 * answer another session's bearer token for the test's API calls, so that nothing the page does
 * with its session touches the test's.
 */
async function signIn(page: Page, request: APIRequestContext, who: Credentials): Promise<string> {
  await signInPage(page, request, who);
  // A session of its own where the app kept it before the cookie (ADR 0127): the app now signs it
  // out and removes it, which must end neither the cookie's session nor the test's.
  const stored = await apiSignIn(request, who);
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [STORAGE_KEYS.token, stored] as const);
  return apiSignIn(request, who);
}

/** With SHOP_SHOTS=<folder>, a screenshot of the screen for people to look at (never in the repository). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOP_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });
}

async function products(request: APIRequestContext): Promise<Product[]> {
  // A product with options needs a choice before Add To Cart (ADR 0215): these tests buy plain ones.
  return ((await (await request.get("/api/product?limit=60")).json()).products as Product[]).filter((x) => x.options.length === 0);
}

/** The shopper's order awaiting payment (GET /api/transactions/pending), or null. */
async function pendingOrder(request: APIRequestContext, token: string): Promise<{ order_id: string; client_account_no: string } | null> {
  return (await (await request.get("/api/transactions/pending", { headers: auth(token) })).json()).data;
}

/** Cancel the shopper's order still awaiting payment (each test starts without one) and empty the cart. */
async function resetShopper(request: APIRequestContext, token: string) {
  const pending = await pendingOrder(request, token);
  if (pending) await request.delete(`/api/transactions?order_id=${pending.order_id}`, { headers: auth(token) });
  await request.delete("/api/cart?cart_id=all", { headers: auth(token) });
}

async function putInCart(request: APIRequestContext, token: string, p: Product, count: number) {
  const res = await request.post("/api/cart", { headers: auth(token), data: { product_id: p._id, count } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fill the payer's account and place the order; answers the Bank Transfer modal. */
async function placeOrder(page: Page) {
  await page.getByLabel(/Enter Account Number/).fill("0123456789");
  await page.getByRole("button", { name: "Place Order" }).click();
  const modal = page.getByTestId("bank-transfer-modal");
  await expect(modal).toBeVisible();
  return modal;
}

test.describe("shop defects @phone", () => {
  // The walks' phone width.
  test.beforeEach(async ({ page }, info) => {
    if (info.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  });

  test("free standard shipping in Lagos over the promised amount, charged by the server", async ({ page, request, customer }) => {
    const token = await signIn(page, request, customer);
    await resetShopper(request, token);
    const p = (await products(request)).find((x) => x.price * Math.min(x.count_in_stock, 10) > FREE_SHIPPING_OVER_NAIRA);
    expect(p, "a product that can make an order over the threshold").toBeTruthy();
    const count = Math.floor(FREE_SHIPPING_OVER_NAIRA / p!.price) + 1;
    await putInCart(request, token, p!, count);
    const subtotal = p!.price * count;

    await page.goto("/checkout");
    await expect(
      page.getByText(`Free standard shipping in Lagos on orders over ${formatNaira(FREE_SHIPPING_OVER_NAIRA)}`).first(),
    ).toBeVisible();
    await expect(page.getByLabel("State")).toHaveValue("Lagos");
    await expect(page.getByTestId("checkout-shipping")).toHaveText("Free");
    await expect(page.getByTestId("checkout-total")).toHaveText(fmt2(subtotal));
    await page.getByTestId("review-order").scrollIntoViewIfNeeded();
    await shot(page, "checkout-free-shipping");
    const modal = await placeOrder(page);
    await expect(modal.getByTestId("transfer-amount")).toHaveText(fmt2(subtotal));
    await modal.getByRole("button", { name: "Cancle" }).click();
    await page.getByRole("dialog", { name: "Cancel this order?" }).getByRole("button", { name: "Yes Proceed" }).click();
    await expect(modal).toBeHidden();

    // Outside Lagos the flat fee applies, written without a currency beside it (spec §9).
    await page.getByLabel("State").selectOption("Oyo");
    await expect(page.getByTestId("checkout-shipping")).toHaveText("2,000");
    await expect(page.getByTestId("checkout-total")).toHaveText(fmt2(subtotal + SHIPPING_FEE_NAIRA));
    const modal2 = await placeOrder(page);
    await expect(modal2.getByTestId("transfer-amount")).toHaveText(fmt2(subtotal + SHIPPING_FEE_NAIRA));
    await resetShopper(request, token);
  });

  test("one pending order: Place Order behind the modal does not replace it, and it reopens from the cart and the account", async ({
    page,
    request,
    customer,
  }) => {
    const token = await signIn(page, request, customer);
    await resetShopper(request, token);
    const p = (await products(request)).find((x) => x.count_in_stock >= 2 && x.price < 20_000)!;
    await putInCart(request, token, p, 1);
    await page.goto("/checkout");
    const modal = await placeOrder(page);
    const first = await pendingOrder(request, token);
    expect(first).toBeTruthy();
    const firstId = first!.order_id;
    await expect(modal.getByTestId("copy-account-no")).toContainText(first!.client_account_no);

    // The modal has no backdrop: the button behind it must not place a second order.
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    // After a reload, placing the order again asks whether to replace the first order (ADR 0186);
    // leaving keeps it.
    await page.reload();
    await expect(page.getByTestId("pending-order")).toBeVisible();
    await page.getByLabel(/Enter Account Number/).fill("0123456789");
    await page.getByRole("button", { name: "Place Order" }).click();
    const ask = page.getByRole("dialog", { name: "Cancel your order awaiting payment?" });
    await ask.getByRole("button", { name: "Leave" }).click();
    await expect(ask).toBeHidden();
    // The first order is still the pending one (not cancelled and replaced).
    expect((await pendingOrder(request, token))?.order_id).toBe(firstId);

    // After a reload the shopper finds the order again, with its time left, from the cart and the account.
    for (const path of ["/cart", "/account"]) {
      await page.goto(path);
      const pending = page.getByTestId("pending-order");
      await expect(pending).toBeVisible();
      await expect(pending).toContainText(/Time remaining: \d+ seconds/);
      await shot(page, `pending-order${path.replace("/", "-")}`);
      await pending.getByRole("button", { name: "Continue payment" }).click();
      const again = page.getByTestId("bank-transfer-modal");
      await expect(again).toBeVisible();
      await expect(again.getByTestId("copy-account-no")).toContainText(first!.client_account_no);
      await expect(again.getByTestId("transfer-amount")).toHaveText(fmt2(p.price + SHIPPING_FEE_NAIRA));
    }
    await resetShopper(request, token);
  });

  test("a payment that fails stops the countdown and says so", async ({ page, request, customer }) => {
    const token = await signIn(page, request, customer);
    await resetShopper(request, token);
    const p = (await products(request)).find((x) => x.count_in_stock >= 2 && x.price < 20_000)!;
    await putInCart(request, token, p, 1);
    await page.goto("/checkout");
    const modal = await placeOrder(page);
    // The order is closed elsewhere (another tab) before the shopper says they paid.
    await resetShopper(request, token);
    await modal.getByRole("button", { name: "I have made payment" }).click();
    await expect(modal.getByText("This order was cancelled. Please check out again.")).toBeVisible();
    await expect(modal.getByRole("timer")).toHaveCount(0);
    await shot(page, "transfer-refused");
    await expect(modal.getByRole("button", { name: "I have made payment" })).toHaveCount(0);
    await modal.getByRole("button", { name: "Close" }).click();
    await expect(modal).toBeHidden();
  });

  test("when the transfer window ends the modal stops counting, closes and says so", async ({ page, request, customer }) => {
    const token = await signIn(page, request, customer);
    await resetShopper(request, token);
    const p = (await products(request)).find((x) => x.count_in_stock >= 2 && x.price < 20_000)!;
    await putInCart(request, token, p, 1);
    // The page's clock, so the window's end comes without waiting for it.
    await page.clock.install();
    await page.goto("/checkout");
    const modal = await placeOrder(page);
    await expect(modal.getByRole("timer")).toContainText(/Time remaining: \d+ seconds/);
    const order = (await (await request.get("/api/transactions/pending", { headers: auth(token) })).json()).data as { expires_at: string };
    await page.clock.fastForward(Date.parse(order.expires_at) - Date.now() + 2_000);
    await expect(modal).toBeHidden();
    await expect(modal.getByRole("timer")).toHaveCount(0);
    await expect(page.locator(".mantine-Notification-root").filter({ hasText: TEXT.alerts.sessionExpired })).toBeVisible();
    await resetShopper(request, token);
  });

  test("Clear shopping cart and deleting an address ask first", async ({ page, request, customer }) => {
    const token = await signIn(page, request, customer);
    await resetShopper(request, token);
    const p = (await products(request)).find((x) => x.count_in_stock >= 2)!;
    await putInCart(request, token, p, 1);
    await page.goto("/cart");
    await page.getByRole("button", { name: "Clear shopping cart" }).click();
    const ask = page.getByRole("dialog", { name: "Clear your shopping cart?" });
    await expect(ask).toBeVisible();
    await shot(page, "clear-cart-confirm");
    await ask.getByRole("button", { name: "Leave" }).click();
    await expect(page.getByTestId("cart-subtotal")).toBeVisible();
    await page.getByRole("button", { name: "Clear shopping cart" }).click();
    await page.getByRole("dialog", { name: "Clear your shopping cart?" }).getByRole("button", { name: "Yes Proceed" }).click();
    await expect(page.getByText("Your Cart Is Empty")).toBeVisible();

    await page.goto("/address");
    const deletes = page.getByRole("button", { name: "Delete" });
    await expect(deletes.first()).toBeVisible();
    const before = await deletes.count();
    await deletes.first().click();
    const askAddress = page.getByRole("dialog", { name: "Do you want to delete this address?" });
    await expect(askAddress).toBeVisible();
    await shot(page, "address-delete-confirm");
    await askAddress.getByRole("button", { name: "Leave" }).click();
    await expect(askAddress).toBeHidden();
    await expect(deletes).toHaveCount(before);
  });

  test("switching category shows loading, never the old category's cards under the new title", async ({ page }) => {
    await page.goto("/categories/collections/market-place/001");
    await expect(page.getByTestId("listing-grid")).toBeVisible();
    const strip = page.getByTestId("category-strip");
    const target = strip.getByRole("link").nth(1);
    const name = (await target.innerText()).trim();
    // Hold the next listing answer a moment so what is shown meanwhile can be seen.
    await page.route(/\/api\/product\?/, async (route) => {
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await target.click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Loading...")).toBeVisible();
    await expect(page.getByTestId("listing-grid")).toHaveCount(0);
    await shot(page, "category-switch-loading");
    await expect(page.getByTestId("listing-grid")).toBeVisible({ timeout: 15_000 });
  });

  test("the quick view opens at the picture chosen in the gallery and prints the title once", async ({ page, request }) => {
    const p = (await products(request)).find((x) => x.image_urls.length >= 2);
    expect(p, "a product with two pictures").toBeTruthy();
    await page.goto(`/product/market-place/${p!._id}`);
    await page.getByRole("button", { name: "Show picture 2" }).click();
    await page.getByTestId("main-image").click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByTestId("carousel-position")).toHaveText(`2 / ${p!.image_urls.length}`);
    await expect(dialog.getByText(p!.name, { exact: true })).toHaveCount(1);
    await shot(page, "quick-view");
  });

  test("money: one format for prices and line totals, 2 decimals only for the subtotal", async ({ page, request, customer }) => {
    const token = await signIn(page, request, customer);
    await resetShopper(request, token);
    const p = (await products(request)).find((x) => x.count_in_stock >= 2 && Number.isInteger(x.price))!;
    await putInCart(request, token, p, 2);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-subtotal")).toHaveText(fmt2(p.price * 2));
    await expect(page.getByTestId("cart-line-total").locator("visible=true")).toHaveText(formatNaira(p.price * 2));
    await shot(page, "cart-money");
    await page.goto("/checkout");
    await expect(page.getByTestId("review-order").getByText(formatNaira(p.price * 2), { exact: true })).toBeVisible();
    await resetShopper(request, token);
  });

  test("phone: the order history shows Status and Total within the screen", async ({ page, request }) => {
    // Reads the demo customer's seeded order history only.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request, DEMO.customer);
    await page.goto("/account");
    await page.getByRole("columnheader", { name: "Status" }).scrollIntoViewIfNeeded();
    await shot(page, "order-history");
    for (const name of ["Status", "Total"]) {
      const header = page.getByRole("columnheader", { name });
      await expect(header).toBeVisible();
      const box = (await header.boundingBox())!;
      expect(box.x + box.width, `${name} ends inside the screen`).toBeLessThanOrEqual(390);
    }
  });

  test("signed out, the cart asks to sign in", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByText(TEXT.pages.cartSignInPrompt)).toBeVisible();
    await shot(page, "cart-signed-out");
    await expect(page.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute("href", "/signin");
  });
});

test.describe("header, trail and links @phone", () => {
  test.beforeEach(async ({ page }, info) => {
    if (info.project.name === "phone") await page.setViewportSize({ width: 390, height: 844 });
  });

  test("signed out on /signin, only Login / Register is the current page in the menu", async ({ page }, info) => {
    test.skip(info.project.name === "phone", "the desktop menu; the phone's is in a drawer");
    await page.goto("/signin");
    const current = page.getByRole("navigation", { name: "Main menu" }).locator('[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText("Login / Register");
  });

  test("the breadcrumb separator is the same on /signin as on the catalog's pages", async ({ page }) => {
    await page.goto("/categories/collections/market-place/001");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/^Home\s*\/\s*Market Place$/);
    await page.goto("/signin");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/^Home\s*\/\s*My Account$/);
  });

  test("signed out, the mini cart asks to sign in as /cart does", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: /Open shopping cart/ }).click();
    const drawer = page.getByRole("dialog", { name: "SHOPPING CART" });
    await expect(drawer.getByText(TEXT.pages.cartSignInPrompt)).toBeVisible();
    await expect(drawer.getByText(TEXT.pages.emptyCart)).toHaveCount(0);
    await shot(page, "mini-cart-signed-out");
    await drawer.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(drawer).toBeHidden();
  });

  test("checkout's Edit Cart looks like a link and leads to /cart", async ({ page, request, customer }) => {
    const token = await signIn(page, request, customer);
    await resetShopper(request, token);
    const p = (await products(request)).find((x) => x.count_in_stock >= 1)!;
    await putInCart(request, token, p, 1);
    await page.goto("/checkout");
    const edit = page.getByRole("link", { name: "Edit Cart" });
    await expect(edit).toBeVisible();
    const look = await edit.evaluate((a) => {
      const s = getComputedStyle(a);
      return { line: s.textDecorationLine, color: s.color, around: getComputedStyle(a.parentElement!).color };
    });
    expect(look.line).toContain("underline");
    expect(look.color).not.toBe(look.around);
    await shot(page, "checkout-edit-cart");
    await edit.click();
    await expect(page).toHaveURL(/\/cart$/);
    await resetShopper(request, token);
  });
});
