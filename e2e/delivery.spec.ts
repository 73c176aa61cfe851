/**
 * Delivery by state at 390 px (ADR 0199), against the built app and the demo store, where Chidi
 * delivers free in Lagos, for ₦1,000 to Abuja (FCT) and ₦3,000 to Kano, and Funke delivers to
 * Lagos, Ogun, Oyo, FCT (₦3,500) and Rivers, not to Kano: a cart from both shipped to Abuja shows
 * two groups and the total the server charges; to Kano Funke's item stops the checkout with a
 * sentence naming it; the product page says where a seller delivers; a seller sets their rates
 * on the Delivery screen reached from the back-office menu.
 */

import { BACKOFFICE_PATHS } from "@market/contract";
import type { APIRequestContext } from "@playwright/test";
import { apiSignIn, expect, signInPage, test } from "./fixtures";

type Product = { _id: string; name: string; price: number; count_in_stock: number; user_id: string };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const fmt2 = (n: number) => `₦${n.toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.use({ viewport: { width: 390, height: 844 } });

/** A listed product in stock of the demo seller signing in with `email`. */
async function productOf(request: APIRequestContext, email: string): Promise<Product> {
  const token = await apiSignIn(request, { email, password: "Seller#2026" });
  const me = (await (await request.get("/api/me", { headers: auth(token) })).json()).data as { _id: string };
  const list = (await (await request.get(`/api/product?user_id=${me._id}&limit=24`)).json()).products as Product[];
  const p = list.find((x) => x.count_in_stock >= 2);
  expect(p, `a product of ${email} in stock`).toBeTruthy();
  return p!;
}

test.describe("delivery by state", () => {
  test("a cart from two sellers to Abuja shows two groups and the right total; Kano is refused with the item's name", async ({
    page,
    request,
    customer,
  }) => {
    const chidi = await productOf(request, "chidi@naijamarket.ng");
    const funke = await productOf(request, "funke@naijamarket.ng");
    for (const p of [chidi, funke]) {
      const res = await request.post("/api/cart", { headers: auth(customer.token), data: { product_id: p._id, count: 1 } });
      expect(res.status(), await res.text()).toBe(200);
    }
    await signInPage(page, request, customer);

    // The cart: one shipment per seller to the default address (Lagos): Chidi free, Funke ₦1,500.
    await page.goto("/cart");
    await expect(page.getByTestId("cart-shipments")).toContainText("Delivery to Lagos: 2 shipments, ₦1,500");
    await page.screenshot({ path: "test-results/delivery-cart-390.png", fullPage: true });

    await page.goto("/checkout");
    await page.getByLabel("State").selectOption("FCT");
    const groups = page.getByTestId("shipping-group");
    await expect(groups).toHaveCount(2);
    await expect(groups.filter({ hasText: chidi.name }).getByTestId("shipping-group-fee")).toHaveText("₦1,000");
    await expect(groups.filter({ hasText: funke.name }).getByTestId("shipping-group-fee")).toHaveText("₦3,500");
    await expect(page.getByTestId("checkout-shipping")).toHaveText("4,500");
    const total = chidi.price + funke.price + 4500;
    await expect(page.getByTestId("checkout-total")).toHaveText(fmt2(total));
    await page.getByTestId("review-order").scrollIntoViewIfNeeded();
    await page.screenshot({ path: "test-results/delivery-checkout-abuja-390.png", fullPage: true });

    await page.getByLabel("State").selectOption("Kano");
    await expect(page.getByTestId("checkout-blocked")).toHaveText(
      `${funke.name} cannot be delivered to Kano: its seller does not deliver there. Choose one of the seller's pickup points, remove it from your cart or choose another state.`,
    );
    await expect(page.getByRole("button", { name: "Place Order" })).toBeDisabled();
    await page.screenshot({ path: "test-results/delivery-checkout-kano-390.png", fullPage: true });

    // Back to Abuja, the order is placed for the total shown, which the server charged.
    await page.getByLabel("State").selectOption("FCT");
    await expect(page.getByTestId("checkout-total")).toHaveText(fmt2(total));
    await page.getByLabel(/Enter Account Number/).fill("0123456789");
    await page.getByRole("button", { name: "Place Order" }).click();
    await expect(page.getByTestId("transfer-amount")).toHaveText(fmt2(total));
  });

  test("the product page says where its seller delivers, for the state picked", async ({ page, request, customer }) => {
    const funke = await productOf(request, "funke@naijamarket.ng");
    await signInPage(page, request, customer);
    await page.goto(`/product/market-place/${funke._id}`);
    await expect(page.getByTestId("delivery-text")).toHaveText("Delivers to Lagos in 1-2 days, ₦1,500");
    await page.getByLabel("Deliver to").selectOption("Kano");
    await expect(page.getByTestId("delivery-text")).toHaveText("Does not deliver to Kano");
    await page.screenshot({ path: "test-results/delivery-product-390.png", fullPage: false });
  });

  test("a state picked before the delivery line's code arrives is the one it shows", async ({ page, request, customer }) => {
    const funke = await productOf(request, "funke@naijamarket.ng");
    await signInPage(page, request, customer);
    // The lazy part's chunk is held back: the app starts, the line stays the server's HTML meanwhile.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/delivery-line[^/]*\.js(\?.*)?$/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`/product/market-place/${funke._id}`);
    await expect(page.getByTestId("delivery-text")).toHaveText("Delivers to Lagos in 1-2 days, ₦1,500");
    await page.getByLabel("Deliver to").selectOption("Kano");
    release();
    await expect(page.getByTestId("delivery-text")).toHaveText("Does not deliver to Kano");
    await expect(page.getByLabel("Deliver to")).toHaveValue("Kano");
  });

  test("a seller sets their rates on the Delivery screen from the menu", async ({ page, request, seller }) => {
    await signInPage(page, request, seller);
    await page.goto(BACKOFFICE_PATHS.dashboard);
    await page.getByRole("button", { name: "Open back office menu" }).click();
    await page.getByTestId("nav-shipping").click();
    await expect(page.getByRole("heading", { name: "Delivery" })).toBeVisible();
    await expect(page.getByTestId("store-rate-note")).toBeVisible();

    await page.getByRole("combobox", { name: "Add a state" }).click();
    await page.getByRole("option", { name: "Lagos", exact: true }).click();
    await page.getByLabel("Lagos fee").fill("1500");
    await page.getByLabel("Lagos fewest days").fill("1");
    await page.getByLabel("Lagos most days").fill("2");
    await page.getByRole("button", { name: "Save delivery rates" }).click();
    await expect(page.getByText("Delivery rates saved")).toBeVisible();
    await page.screenshot({ path: "test-results/delivery-bo-390.png", fullPage: true });

    const saved = (await (await request.get(`/api/shipping/rates?seller_id=${seller.id}`)).json()).data;
    expect(saved.rates).toEqual([{ state: "Lagos", fee: 1500, min_days: 1, max_days: 2, pay_on_delivery: false }]);

    // Days upside down: the field says so and nothing changes.
    await page.getByLabel("Lagos fewest days").fill("5");
    await page.getByRole("button", { name: "Save delivery rates" }).click();
    await expect(page.getByTestId("rate-row").getByText("The most days cannot be fewer than the fewest days")).toBeVisible();
  });
});
