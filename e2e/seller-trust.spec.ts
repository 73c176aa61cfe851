/**
 * Trust in sellers in a real browser, at 1280 px and 390 px: from a product page to the seller's
 * shop page (ADR 0210), follow the seller and see the score and its parts (ADR 0211); axe finds
 * nothing serious on the shop page; a pending seller's shop is the Not Found page.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, signInPage, snap, test } from "./fixtures";

/** Ada's Gadgets, the demo's blue-tick seller. */
const SHOP = "adagadgets";

for (const width of [1280, 390]) {
  test.describe(`seller trust at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("from a product page to the seller's shop page: follow, see the score", async ({ page, customer, request }) => {
      const shop = (await (await request.get(`/api/sellers/${SHOP}`)).json()).data;
      const list = await (await request.get(`/api/product?user_id=${shop._id}&limit=1`)).json();
      await signInPage(page, request, customer);

      await page.goto(`/product/market-place/${list.products[0]._id}`);
      await expect(page.getByTestId("seller-score").first()).toContainText(shop.score.label);
      await page.getByTestId("seller-link").click();
      await expect(page).toHaveURL(new RegExp(`/seller/${SHOP}$`));
      await expect(page.getByRole("heading", { level: 1, name: shop.names })).toBeVisible();
      await expect(page.getByTestId("blue-tick")).toBeVisible();
      const parts = page.getByTestId("score-parts");
      await expect(parts).toContainText("Seller score");
      await expect(parts).toContainText(shop.score.label);
      await expect(parts).toContainText("Shipped on time");
      await expect(page.getByTestId("showing")).toHaveText(`Showing 1-12 of ${shop.products_count} results`);

      const before = Number(await page.getByTestId("follower-count").textContent());
      await page.getByTestId("follow-button").click();
      await expect(page.getByTestId("follow-button")).toHaveText("Following");
      await expect(page.getByTestId("follower-count")).toHaveText(String(before + 1));
      // Drawn again by the server for this shopper: still following.
      await page.reload();
      await expect(page.getByTestId("follow-button")).toHaveText("Following");

      // The services, sorted by rating.
      await page.getByRole("link", { name: `Services (${shop.services_count})` }).click();
      await expect(page).toHaveURL(/\?type=services$/);
      await expect(page.getByTestId("item-card")).toHaveCount(shop.services_count);
      await page.getByLabel("Sort by").selectOption("rating");
      await expect(page).toHaveURL(/sort=rating/);
      await snap(page, "seller-shop", String(width));
    });

    test("the shop page has no serious accessibility findings, and a pending seller's shop is not found", async ({ page }) => {
      await page.goto(`/seller/${SHOP}`);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
      const res = await page.goto("/seller/bolaauto");
      expect(res?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
    });
  });
}
