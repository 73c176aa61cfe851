/**
 * What a shopper asked for is kept and what they see is what happens (walks of every screen at
 * 390x844 and 1280x800): "add to cart" while signed out says why sign-in is asked and finishes the
 * add after it; a phone shows the product's name, price and Add To Cart without scrolling, and the
 * quick view uses the screen with its picture at once; the checkout's first paint shows the total
 * the server charges; an order awaiting payment is continued or replaced in words, never a bare
 * 409; "Cancle" asks first; a signed-in visitor of /signin is sent on.
 */
import { FREE_SHIPPING_OVER_NAIRA, imageThumbUrl } from "@market/contract";
import type { APIRequestContext, Page } from "@playwright/test";
import { accountsTest, expect, lagosCheckout, type OwnAccount, signInPage, test } from "./fixtures";

type Product = { _id: string; name: string; price: number; count_in_stock: number; image_urls: string[]; options: unknown[] };

const auth = (who: OwnAccount) => ({ authorization: `Bearer ${who.token}`, "x-forwarded-for": who.ip });
const fmt2 = (n: number) => `₦${n.toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function products(request: APIRequestContext): Promise<Product[]> {
  // A product with options needs a choice before Add To Cart (ADR 0215): these tests buy plain ones.
  return ((await (await request.get("/api/product?limit=24")).json()).products as Product[]).filter((x) => x.options.length === 0);
}

/** The shopper's server cart as product id -> count. */
async function serverCart(request: APIRequestContext, who: OwnAccount): Promise<Record<string, number>> {
  const lines = (await (await request.get("/api/cart", { headers: auth(who) })).json()).data as {
    count: number;
    productId: { _id: string };
  }[];
  return Object.fromEntries(lines.map((l) => [l.productId._id, l.count]));
}

async function pendingOrder(request: APIRequestContext, who: OwnAccount): Promise<{ order_id: string; amount: number } | null> {
  return (await (await request.get("/api/transactions/pending", { headers: auth(who) })).json()).data;
}

/** With SHOP_SHOTS=<folder>, a screenshot of the screen for people to look at (never in the repository). */
async function shot(page: Page, name: string) {
  const dir = process.env.SHOP_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });
}

async function login(page: Page, who: OwnAccount) {
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email address or phone number").fill(who.email);
  await form.locator("input[autocomplete=current-password]").fill(who.password);
  await form.getByRole("button", { name: "Login" }).click();
}

test.describe("shopping intent @phone", () => {
  // The walks' phone and desktop sizes.
  test.beforeEach(async ({ page }, info) => {
    await page.setViewportSize(info.project.name === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  });

  test("signed out, Add To Cart on the product page says why to sign in and adds the same quantity after it", async ({
    page,
    request,
    customer,
  }) => {
    const p = (await products(request)).find((x) => x.count_in_stock >= 3)!;
    await page.goto(`/product/market-place/${p._id}`);
    await page.getByLabel("Quantity").selectOption("2");
    await page.getByRole("button", { name: "Add To Cart" }).click();
    await expect(page).toHaveURL(/\/signin\?/);
    await expect(page.getByText(`Sign in to add ${p.name} to your cart`)).toBeVisible();
    // The server draws the same line (the name read from the store, not from the address).
    const url = new URL(page.url());
    // (the page's own context: still signed out, where the test's `request` holds the customer's session)
    expect(await (await page.request.get(url.pathname + url.search)).text()).toContain(
      `Sign in to add <!-- -->${p.name}<!-- --> to your cart`,
    );
    await shot(page, "signin-to-add");
    await login(page, customer);
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator("main").getByRole("link", { name: p.name }).first()).toBeVisible();
    await shot(page, "signin-added");
    expect(await serverCart(request, customer)).toEqual({ [p._id]: 2 });
  });

  test("signed out, add to cart in the quick view is finished after sign-in", async ({ page, request, customer }) => {
    const p = (await products(request)).find((x) => x.count_in_stock >= 3 && x.count_in_stock < 1000)!;
    await page.goto("/categories/collections/market-place/001");
    await page.getByRole("button", { name: `Quick view: ${p.name}` }).click();
    const qv = page.getByTestId("quick-view");
    await qv.getByRole("button", { name: "Increase quantity" }).click();
    await qv.getByRole("button", { name: "add to cart" }).click();
    await expect(page).toHaveURL(/\/signin\?/);
    await expect(page.getByText(`Sign in to add ${p.name} to your cart`)).toBeVisible();
    await login(page, customer);
    await expect(page).toHaveURL(/\/cart$/);
    await expect.poll(() => serverCart(request, customer)).toEqual({ [p._id]: 2 });
  });

  test("the product page shows name, price and Add To Cart without scrolling; wide screens keep the spec's gallery", async ({
    page,
    request,
  }, info) => {
    const p = (await products(request)).find((x) => x.count_in_stock >= 1 && x.image_urls.length > 1)!;
    await page.goto(`/product/market-place/${p._id}`);
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: p.name })).toBeInViewport({ ratio: 1 });
    await expect(main.getByTestId("detail-price")).toBeInViewport({ ratio: 1 });
    await expect(main.getByRole("button", { name: "Add To Cart" })).toBeInViewport({ ratio: 1 });
    await shot(page, "product-above-fold");
    if (info.project.name !== "phone") {
      // Spec §2: thumbnail strip 420px high, thumbnails 60px wide, main picture 60vh.
      const vh = page.viewportSize()!.height;
      expect((await main.getByTestId("thumb-strip").boundingBox())!.height).toBe(Math.min(420, vh * 0.6));
      expect(Math.round((await main.getByTestId("main-image").locator("img").boundingBox())!.height)).toBe(Math.round(vh * 0.6));
    }
  });

  test("on a phone the quick view uses the screen, its buy controls and picture show at once", async ({ page, request }, info) => {
    // The dearest are the demo store's products, with pictures; newest first, other tests' come first.
    const dearest = (await (await request.get("/api/product?limit=12&sort=price_desc")).json()).products as Product[];
    const p = dearest.find((x) => x.count_in_stock >= 2 && x.image_urls.length > 0 && x.options.length === 0)!;
    await page.goto("/categories/collections/market-place/001?sort=price_desc");
    const card = page.getByRole("button", { name: `Quick view: ${p.name}` });
    await card.scrollIntoViewIfNeeded();
    // The full-size picture is slow to come: the quick view shows the card's, already loaded.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${p.image_urls[0]}`, async (route) => {
      await held;
      await route.continue();
    });
    await card.click();
    const dialog = page.getByRole("dialog", { name: p.name });
    const qv = dialog.getByTestId("quick-view");
    await expect(qv.getByRole("button", { name: "add to cart" })).toBeInViewport({ ratio: 1 });
    await expect(qv.getByRole("spinbutton", { name: "Quantity" })).toBeInViewport({ ratio: 1 });
    await expect(qv.getByTestId("quick-view-price")).toBeInViewport({ ratio: 1 });
    const picture = qv.locator("img").first();
    await expect(picture).toHaveCSS("background-image", new RegExp(imageThumbUrl(p.image_urls[0]!).replace(/[.?]/g, "\\$&")));
    await shot(page, "quick-view");
    if (info.project.name === "phone") {
      const box = (await page.locator(".mantine-Modal-content").boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(844 - 1);
    }
    release();
  });

  test("/checkout's first paint shows the total the server charges", async ({ browser, request, customer }, info) => {
    // Without JavaScript the page is the server's first paint.
    const viewport = info.project.name === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 };
    const context = await browser.newContext({ javaScriptEnabled: false, viewport });
    const page = await context.newPage();
    await signInPage(page, request, customer);
    const p = (await products(request)).find((x) => x.price * Math.min(x.count_in_stock, 10) > FREE_SHIPPING_OVER_NAIRA)!;
    const count = Math.floor(FREE_SHIPPING_OVER_NAIRA / p.price) + 1;
    expect((await request.post("/api/cart", { headers: auth(customer), data: { product_id: p._id, count } })).status()).toBe(200);
    await page.goto("/checkout");
    await expect(page.getByLabel("State")).toHaveValue("Lagos");
    await expect(page.getByTestId("checkout-shipping")).toHaveText("Free");
    await expect(page.getByTestId("checkout-total")).toHaveText(fmt2(p.price * count));
    await page.getByTestId("review-order").scrollIntoViewIfNeeded();
    await shot(page, "checkout-first-paint");
    await context.close();
  });

  test("with an order awaiting payment, cart and checkout say so and Place Order replaces it only when asked", async ({
    page,
    request,
    customer,
  }) => {
    await signInPage(page, request, customer);
    const [first, second] = (await products(request)).filter((x) => x.count_in_stock >= 2 && x.price < 20_000);
    expect((await request.post("/api/cart", { headers: auth(customer), data: { product_id: first!._id, count: 1 } })).status()).toBe(200);
    const placed = await request.post("/api/transactions/createSession", { headers: auth(customer), data: lagosCheckout(first!.price) });
    expect(placed.status(), await placed.text()).toBe(200);
    const old = (await pendingOrder(request, customer))!;
    expect((await request.post("/api/cart", { headers: auth(customer), data: { product_id: second!._id, count: 1 } })).status()).toBe(200);

    await page.goto("/cart");
    await expect(page.getByTestId("pending-order").getByRole("button", { name: "Continue payment" })).toBeVisible();
    await expect(page.getByText("Checking out this cart cancels your order awaiting payment")).toBeVisible();
    await shot(page, "cart-pending");
    await page.getByRole("link", { name: "Proceed to Checkout" }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByLabel(/Enter Account Number/).fill("0123456789");
    await page.getByRole("button", { name: "Place Order" }).click();
    const ask = page.getByRole("dialog", { name: "Cancel your order awaiting payment?" });
    await expect(ask).toBeVisible();
    await shot(page, "checkout-replace-ask");
    await ask.getByRole("button", { name: "Leave" }).click();
    await expect(ask).toBeHidden();
    expect((await pendingOrder(request, customer))?.order_id).toBe(old.order_id);

    await page.getByRole("button", { name: "Place Order" }).click();
    await ask.getByRole("button", { name: "Yes Proceed" }).click();
    const modal = page.getByTestId("bank-transfer-modal");
    await expect(modal).toBeVisible();
    const now = (await pendingOrder(request, customer))!;
    expect(now.order_id).not.toBe(old.order_id);
    await expect(modal.getByTestId("transfer-amount")).toHaveText(fmt2(now.amount));
  });

  test('"Cancle" asks before the order is cancelled', async ({ page, request, customer }) => {
    await signInPage(page, request, customer);
    const p = (await products(request)).find((x) => x.count_in_stock >= 2 && x.price < 20_000)!;
    expect((await request.post("/api/cart", { headers: auth(customer), data: { product_id: p._id, count: 1 } })).status()).toBe(200);
    await page.goto("/checkout");
    await page.getByLabel(/Enter Account Number/).fill("0123456789");
    await page.getByRole("button", { name: "Place Order" }).click();
    const modal = page.getByTestId("bank-transfer-modal");
    await expect(modal).toBeVisible();
    const order = (await pendingOrder(request, customer))!;

    await modal.getByRole("button", { name: "Cancle" }).click();
    const ask = page.getByRole("dialog", { name: "Cancel this order?" });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText("Its items go back on sale.");
    await shot(page, "cancle-ask");
    await ask.getByRole("button", { name: "Leave" }).click();
    await expect(ask).toBeHidden();
    await expect(modal).toBeVisible();
    expect((await pendingOrder(request, customer))?.order_id).toBe(order.order_id);

    await modal.getByRole("button", { name: "Cancle" }).click();
    await ask.getByRole("button", { name: "Yes Proceed" }).click();
    await expect(modal).toBeHidden();
    await expect.poll(() => pendingOrder(request, customer)).toBeNull();
  });
});

accountsTest.describe("signed in, /signin @phone", () => {
  accountsTest(
    "sends a customer to their account and a seller to the back office, from the server",
    async ({ browser, request, customer, seller }) => {
      for (const [who, to] of [
        [customer, "/account"],
        [seller, "/admin_real/dashboard"],
      ] as const) {
        const context = await browser.newContext({ javaScriptEnabled: false });
        const page = await context.newPage();
        await signInPage(page, request, who);
        const res = await page.request.get("/signin", { maxRedirects: 0 });
        expect(res.status()).toBe(302);
        expect(res.headers().location).toBe(to);
        await page.goto("/signin");
        expect(new URL(page.url()).pathname).toBe(to);
        await context.close();
      }
    },
  );
});
