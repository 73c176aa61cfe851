/**
 * A page opened by its URL (a link from outside, a typed address, a full page load) starts at the
 * top, whatever page the tab showed before and however far down it was scrolled.
 */
import { expect, test } from "./fixtures";

test("a page opened by URL starts at the top, not where the previous page was scrolled @phone", async ({ page }) => {
  await page.goto("/contact");
  await page.evaluate(() => window.scrollTo(0, 600));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  await page.goto("/");
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // A reload of the same page still comes back to where the shopper was.
  await page.evaluate(() => window.scrollTo(0, 500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
  await page.reload();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(500);
});
