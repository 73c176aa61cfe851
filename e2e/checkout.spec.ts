/**
 * Checkout end to end: a customer of the test's own (fixtures.ts, with the demo customer's Lagos address) signs in, adds two products, changes
 * a quantity on /cart, checks out (shipping address prefilled from the default address), copies the
 * receiving account number in the Bank Transfer modal, taps "I have made payment" and finds the
 * order in their history. Screenshots of every step at desktop and phone width.
 */
import { FREE_SHIPPING_OVER_NAIRA, formatNaira, koboToNaira, nairaToKobo, shippingFeeKobo, TEXT } from "@market/contract";
import type { Page } from "@playwright/test";
import { apiSignIn, DEMO, expect, signInPage, snap, test } from "./fixtures";

type Product = { _id: string; name: string; price: number; count_in_stock: number };

/**
 * Add a product as a shopper does, with "Add To Cart" on its detail page (no fallback: a missing
 * button fails the test), then wait until the server has taken the line before the next page.
 */
async function addProduct(page: Page, p: Product) {
  await page.goto(`/product/market-place/${p._id}`);
  const button = page.getByRole("button", { name: "Add To Cart" }).first();
  await expect(button).toBeVisible();
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/cart") && r.request().method() === "POST"),
    button.click(),
  ]);
  expect(res.status()).toBe(200);
}

test.describe("checkout @phone", () => {
  test("sign in, add two products, change a quantity, pay by transfer, see the order", async ({
    page,
    request,
    context,
    customer,
  }, info) => {
    const project = info.project.name;
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // A new customer: an empty cart and no order awaiting payment, so the totals below are exact.
    const token = await signInPage(page, request, customer);

    const list = (await (await request.get("/api/product?limit=24")).json()).products as Product[];
    const picks = list.filter((p) => p.count_in_stock >= 3).slice(0, 2);
    expect(picks).toHaveLength(2);
    for (const p of picks) await addProduct(page, p);

    // /cart: both lines, then 2 units of the first product
    await page.goto("/cart");
    await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
    const qty = page.getByRole("combobox", { name: `Quantity of ${picks[0]!.name}` }).locator("visible=true");
    await expect(qty).toBeVisible();
    await qty.selectOption("2");
    const subtotal = picks[0]!.price * 2 + picks[1]!.price;
    const fmt2 = (n: number) => `₦${n.toLocaleString("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await expect(page.getByTestId("cart-subtotal")).toHaveText(fmt2(subtotal));
    await expect(page.getByText("Subtotal (3 items)")).toBeVisible();
    await snap(page, "cart", project);

    // the server cart follows the client cart
    await expect
      .poll(async () => {
        const cart = (await (await request.get("/api/cart", { headers: { authorization: `Bearer ${token}` } })).json()).data;
        return cart.map((l: { count: number }) => l.count).sort();
      })
      .toEqual([1, 2]);

    // header mini cart
    await page.getByRole("button", { name: /Open shopping cart/ }).click();
    await expect(page.getByText("SHOPPING CART", { exact: true })).toBeVisible();
    await expect(page.getByTestId("mini-cart-lines")).toContainText(`2 x ₦${picks[0]!.price.toLocaleString("en-NG")}`);
    await expect(page.getByTestId("mini-cart-total")).toHaveText(fmt2(subtotal));
    await snap(page, "mini-cart", project);
    await page.getByRole("dialog").getByRole("link", { name: "Checkout", exact: true }).click();

    // /checkout: address from the default address, payer account, review, place order
    await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
    await expect(page.getByLabel("First name")).not.toHaveValue("");
    await expect(page.getByLabel("Payment type")).toHaveValue("bank_transfer");
    await expect(page.getByRole("option", { name: "Card payment -- coming soon" })).toBeDisabled();
    await page.getByLabel("Enter Account Number (Account number you are going to be transferring from)").fill("0123456789");
    // The customer's default address is in Lagos: free shipping over the threshold (ADR 0135).
    const shipping = koboToNaira(shippingFeeKobo(nairaToKobo(subtotal), "Lagos", FREE_SHIPPING_OVER_NAIRA));
    await expect(page.getByTestId("checkout-total")).toHaveText(fmt2(subtotal + shipping));
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "checkout", project);
    await page.getByRole("button", { name: "Place Order" }).click();

    // Bank Transfer modal
    const modal = page.getByTestId("bank-transfer-modal");
    await expect(modal).toBeVisible();
    // Counted down from 15 minutes (a busy machine may take some seconds to get here).
    await expect(modal.getByRole("timer")).toHaveText(/Time remaining: (8[4-9]\d|900) seconds/);
    await expect(modal.getByTestId("transfer-amount")).toHaveText(fmt2(subtotal + shipping));
    const copy = modal.getByTestId("copy-account-no");
    const accountNo = (await copy.innerText()).match(/\d{10}/)![0];
    await copy.click();
    await expect(modal.getByText("Copied").first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNo);
    await expect(modal.getByRole("timer")).not.toHaveText(/900 seconds/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "bank-transfer-modal", project);
    // The reference to put in the narration (ADR 0177), with the order's number, copied the same way.
    await expect(modal.getByTestId("transfer-reference-note")).toContainText(/Order NM-\d{2}-\d{6}/);
    const copyRef = modal.getByTestId("copy-reference");
    const reference = (await copyRef.innerText()).match(/[2-9A-HJ-NP-Z]{8}/)![0];
    await copyRef.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);
    await modal.getByRole("button", { name: "I have made payment" }).click();

    // success: home, cart empty, order recorded
    await expect(page.getByText("Success")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    const orders = (await (await request.get("/api/orders", { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(orders[0]).toMatchObject({ status: "payment_submitted", total: subtotal + shipping, subtotal, shipping });
    expect(orders[0].lines).toHaveLength(2);
    expect((await (await request.get("/api/cart", { headers: { authorization: `Bearer ${token}` } })).json()).data).toEqual([]);

    // the order in /account (the accounts area's order history): its number, status, lines and total
    await page.goto("/account");
    const row = page.getByRole("row").filter({ hasText: orders[0].number });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Payment submitted");
    await expect(row).toContainText(`2 x ${picks[0]!.name}`);
    await expect(row).toContainText(`1 x ${picks[1]!.name}`);
    await expect(row).toContainText(formatNaira(subtotal + shipping));
    await snap(page, "account-after-order", project);

    // the admin sees the transfer waiting for a decision
    const adminToken = await apiSignIn(request, DEMO.admin);
    const transfers = (
      await (await request.get("/api/admin/transactions?status=submitted", { headers: { authorization: `Bearer ${adminToken}` } })).json()
    ).data;
    expect(transfers.some((t: { order_id: string }) => t.order_id === orders[0]._id)).toBe(true);
  });

  test("signed-out visitors: /cart asks them to sign in, /checkout goes home", async ({ page }, info) => {
    await page.goto("/cart");
    // The cart screen has run and the shop knows the visitor is signed out (its title, the app's
    // ready mark, the header's sign-in link); the screen asks them to sign in (the spec's empty
    // screen was a defect of the walks).
    await expect(page).toHaveTitle(/^Cart/);
    await expect(page.locator("html")).toHaveAttribute("data-app-ready");
    // Phones keep the sign-in link in the closed menu drawer, not in the page.
    if (info.project.name === "desktop") await expect(page.getByRole("link", { name: "Login / Register" }).first()).toBeAttached();
    await expect(page.getByText(TEXT.pages.cartSignInPrompt)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/$/);
    await snap(page, "checkout-signed-out", info.project.name);
  });
});
