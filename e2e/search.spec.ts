/**
 * The search (ADR 0205) at a phone's 390 px and a desktop's 1280 px: a typo typed in the header is
 * corrected and says so, a suggestion picked with the keyboard opens its page, two facets applied
 * and a page turned keep their filters when going back; a variant option (ADR 0225) filters and stays
 * in the address; the results page is axe clean and works without JavaScript.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { accountsTest, expect, test } from "./fixtures";

const searchBox = (page: Page) => page.getByRole("combobox", { name: "Search products and services" });

/** On a phone the filters fold behind "Filters" (they stay open once a filter is applied). */
async function showFilters(page: Page) {
  const products = page.getByRole("checkbox", { name: /^Products/ });
  if (!(await products.isVisible())) await page.getByText("Filters", { exact: true }).click();
  await expect(products).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`search at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a typo is corrected, a suggestion opens its page", async ({ page }) => {
      await page.goto("/");
      await searchBox(page).fill("samsng");
      await searchBox(page).press("Enter");
      await expect(page).toHaveURL(/\/search\?q=samsng$/);
      await expect(page.getByTestId("did-you-mean")).toHaveText(/Showing results for samsung\. Search instead for samsng/);
      await expect(page.getByTestId("search-card").first()).toContainText("Samsung Galaxy A15");
      await page.getByRole("link", { name: "Search instead for samsng" }).click();
      await expect(page.getByTestId("no-results")).toContainText('No results for "samsng"');

      // Suggestions from the second letter; arrow down, Enter opens the product.
      await searchBox(page).fill("galax");
      const option = page.getByRole("option", { name: /Samsung Galaxy A15/ });
      await expect(option).toBeVisible();
      await expect(searchBox(page)).toHaveAttribute("aria-expanded", "true");
      await searchBox(page).press("ArrowDown");
      await expect(option).toHaveAttribute("aria-selected", "true");
      await expect(searchBox(page)).toHaveAttribute("aria-activedescendant", (await option.getAttribute("id")) ?? "");
      await searchBox(page).press("Enter");
      await expect(page).toHaveURL(/\/product\/market-place\//);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Samsung Galaxy A15");
    });

    test("two facets, the next page, and back keeps the filters; axe clean", async ({ page }) => {
      await page.goto("/");
      await searchBox(page).fill("original");
      await searchBox(page).press("Enter");
      await expect(page.getByTestId("search-total")).toHaveText(/results/);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);

      await showFilters(page);
      await page.getByRole("checkbox", { name: /^Products/ }).check();
      await expect(page).toHaveURL(/kind=product/);
      await showFilters(page);
      await page.getByRole("checkbox", { name: /^In stock/ }).check();
      await expect(page).toHaveURL(/kind=product.*in_stock=true|in_stock=true.*kind=product/);
      const total = Number((await page.getByTestId("search-total").textContent())?.match(/\d+/)?.[0]);
      expect(total).toBeGreaterThan(24);
      const firstPage = await page.getByTestId("search-card").first().textContent();

      await page.getByTestId("next-page").click();
      await expect(page).toHaveURL(/cursor=/);
      await expect(page.getByTestId("search-card").first()).not.toHaveText(firstPage ?? "");

      await page.goBack();
      await expect(page).not.toHaveURL(/cursor=/);
      await expect(page).toHaveURL(/kind=product/);
      await showFilters(page);
      await expect(page.getByRole("checkbox", { name: /^Products/ })).toBeChecked();
      await expect(page.getByRole("checkbox", { name: /^In stock/ })).toBeChecked();
      await expect(page.getByTestId("search-card").first()).toHaveText(firstPage ?? "");
    });

    test("a variant option is a filter of the form, kept in the address", async ({ page }) => {
      await page.goto("/search?q=ankara%20dress");
      await showFilters(page);
      const colour = page.getByRole("group", { name: "Colour" });
      await expect(page.getByRole("group", { name: "Size" })).toBeVisible();
      await colour.getByRole("checkbox", { name: /^Blue/ }).check();
      await expect(page).toHaveURL(/option=Colour%3ABlue/);
      await expect(page.getByTestId("search-card").first()).toContainText("Ankara Wrap Dress");
      await page.reload();
      await showFilters(page);
      await expect(page.getByRole("group", { name: "Colour" }).getByRole("checkbox", { name: /^Blue/ })).toBeChecked();
    });
  });
}

// The plain test (not the fixtures' `test`, whose page waits for the app to start).
accountsTest.describe("without JavaScript", () => {
  accountsTest.use({ javaScriptEnabled: false, viewport: { width: 390, height: 900 } });

  accountsTest("the header's form, the results and the filters work", async ({ page }) => {
    await page.goto("/");
    await searchBox(page).fill("samsng");
    await searchBox(page).press("Enter");
    await expect(page).toHaveURL(/\/search\?q=samsng/);
    await expect(page.getByTestId("did-you-mean")).toContainText("Showing results for samsung");
    await page.goto("/search?q=lagos");
    await page.getByText("Filters", { exact: true }).click();
    await page.getByRole("checkbox", { name: /^Services/ }).check();
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/kind=service/);
    await expect(page.getByTestId("search-card").first()).toContainText("Service");
  });
});
