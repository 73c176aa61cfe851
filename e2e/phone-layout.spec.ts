/**
 * Phone layout (390 px, the @phone project): controls that must stay on one row do.
 */
import { expect, test } from "./fixtures";

test("a service's three tabs (Description, Reviews, Business Owner) stay on one row on a phone @phone", async ({ page, request }) => {
  // The service with the most reviews among the newest: the longest "Reviews (n)" label there is.
  const posts = (await (await request.get("/api/posts?limit=50")).json()).products as { _id: string; reviews_count: number }[];
  const post = posts.reduce((a, b) => (b.reviews_count > a.reviews_count ? b : a));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/services/${post._id}`);
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(1)).toHaveText(`Reviews (${post.reviews_count})`);
  const row = await page.getByRole("tablist").evaluate((list) => {
    const boxes = [...list.querySelectorAll('[role="tab"]')].map((t) => t.getBoundingClientRect());
    const style = getComputedStyle(list);
    const inner = list.getBoundingClientRect().width - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    // Room left on the row, and what two more digits of the review count take in the tab's font.
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = getComputedStyle(list.querySelector('[role="tab"]')!).font;
    return {
      tops: boxes.map((b) => b.top),
      spare: inner - boxes.reduce((sum, b) => sum + b.width, 0),
      twoDigits: context.measureText("00").width,
    };
  });
  const what = `tab tops ${row.tops.join(", ")}; ${row.spare.toFixed(1)} px spare on the row`;
  // One row: the same top to the pixel (a wrapped tab sits a whole tab height lower).
  expect(Math.max(...row.tops) - Math.min(...row.tops), what).toBeLessThan(1);
  // ...with room for a review count two digits longer (Reviews (100) and beyond).
  expect(row.spare, what).toBeGreaterThanOrEqual(row.twoDigits);
});

test("the header's top strip shows its text whole on a phone, never cut to an ellipsis @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const strip = page.getByTestId("topbar-promise");
  await expect(strip).toBeVisible();
  const { scroll, client } = await strip.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, "the strip's text fits its box").toBeLessThanOrEqual(client);
});

test("every listing card has its stock badge in the same place relative to the price on a phone @phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/categories/collections/market-place/001");
  const cards = page.getByTestId("item-card");
  await expect(cards.first()).toBeVisible();
  const places = await cards.evaluateAll((els) =>
    els.flatMap((card) => {
      // The badge by its text, the price as the element before it.
      const badge = [...card.querySelectorAll("*")].find(
        (e) => e.children.length === 0 && /^(In Stock|Out Of Stock)$/.test(e.textContent ?? ""),
      );
      const holder = badge?.closest(".mantine-Badge-root, [class*='badge']") ?? badge;
      const price = holder?.previousElementSibling;
      if (!price || !holder) return [];
      const p = price.getBoundingClientRect();
      const b = holder.getBoundingClientRect();
      return [b.top >= p.bottom - 1 ? "below" : "beside"];
    }),
  );
  expect(places.length).toBeGreaterThan(1);
  expect(new Set(places), `badge places: ${places.join(", ")}`).toEqual(new Set(["below"]));
});
