/**
 * Shopper-side audit against the spec checklist (helper "audit-shop"): rows that a regression could
 * quietly break and that the area specs do not assert. Runs at desktop and phone width.
 * - S5-3: the quick view's quantity input is numeric with min 1 and step 1 (and clamps to stock);
 * - quality bar: no shopper page scrolls sideways at phone width, and every picture has a size;
 * - S4-26 / S2-104: signed out, /checkout goes home and /cart asks to sign in (the spec's "renders
 *   nothing" left a blank page between header and footer).
 */
import { TEXT } from "@market/contract";
import { expect, signInPage, test } from "./fixtures";

type Product = { _id: string; name: string; count_in_stock: number };
type Post = { _id: string };

test.describe("shopper audit @phone", () => {
  test("S5-3: quick view quantity is a number input with min 1, step 1, clamped to the stock", async ({ page, request }) => {
    const list = (await (await request.get("/api/product?limit=12")).json()).products as Product[];
    const p = list.find((x) => x.count_in_stock >= 2 && x.count_in_stock < 1000);
    expect(p, "a product with some stock on the first page").toBeDefined();
    await page.goto("/categories/collections/market-place/001");
    await page.getByRole("button", { name: `Quick view: ${p!.name}` }).click();
    const qv = page.getByTestId("quick-view");
    const qty = qv.getByRole("spinbutton", { name: "Quantity" });
    await expect(qty).toHaveAttribute("type", "number");
    await expect(qty).toHaveAttribute("min", "1");
    await expect(qty).toHaveAttribute("step", "1");
    await expect(qty).toHaveAttribute("max", String(p!.count_in_stock));
    await expect(qty).toHaveValue("1");
    await qty.fill(String(p!.count_in_stock + 5));
    await qty.blur();
    await expect(qty).toHaveValue(String(p!.count_in_stock));
    await expect(qv.getByRole("button", { name: "Increase quantity" })).toBeDisabled();
  });

  test("shopper pages: no sideways scrolling and every picture has width and height", async ({ page, request, customer }) => {
    const products = (await (await request.get("/api/product?limit=12")).json()).products as Product[];
    const posts = (await (await request.get("/api/posts?limit=12")).json()).products as Post[];
    const token = await signInPage(page, request, customer);
    const auth = { authorization: `Bearer ${token}` };
    const inStock = products.find((x) => x.count_in_stock > 0)!;
    expect((await request.post("/api/cart", { headers: auth, data: { product_id: inStock._id, count: 1 } })).status()).toBe(200);
    const routes = [
      "/",
      "/categories/collections/market-place/001",
      "/categories/collections/services/001",
      `/product/market-place/${inStock._id}`,
      `/product/services/${posts[0]!._id}`,
      "/cart",
      "/checkout",
      "/wishlist",
      "/contact",
    ];
    for (const route of routes) {
      await page.goto(route);
      await expect(page.locator("footer")).toBeVisible();
      await page.waitForLoadState("networkidle");
      const facts = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        unsized: [...document.querySelectorAll("main img")]
          .filter((i) => !i.closest(".mantine-Avatar-root"))
          .filter((i) => !i.getAttribute("width") || !i.getAttribute("height"))
          .map((i) => (i as HTMLImageElement).src),
      }));
      expect(facts.scrollWidth, `${route} scrolls sideways`).toBeLessThanOrEqual(facts.clientWidth);
      expect(facts.unsized, `${route} pictures without a size`).toEqual([]);
    }
  });

  test("S4-26 / S2-104: signed out, /checkout goes home and /cart asks to sign in (not an empty page)", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/cart");
    await expect(page.locator("footer")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cart", level: 1 })).toBeVisible();
    await expect(page.getByText(TEXT.pages.cartSignInPrompt)).toBeVisible();
    await expect(page.getByText("Your Cart Is Empty")).toHaveCount(0);
  });
});
