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
