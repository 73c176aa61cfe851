/**
 * Phone layout (390 px, the @phone project): controls that must stay on one row do.
 */
import { expect, test } from "./fixtures";

test("a service's three tabs (Description, Reviews, Business Owner) stay on one row on a phone @phone", async ({ page, request }) => {
  const posts = (await (await request.get("/api/posts?limit=1")).json()).products as { _id: string }[];
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/services/${posts[0]!._id}`);
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(3);
  const tops = await tabs.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
  expect(new Set(tops).size, `tab tops: ${tops.join(", ")}`).toBe(1);
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
