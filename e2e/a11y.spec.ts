/**
 * Accessibility: axe-core on every screen of spec §2 (storefront signed out and as a shopper, the
 * seller's and the admin's back office), at desktop and phone width (@phone), with no serious or
 * critical violation allowed; and the keyboard: a visible focus ring on key controls, a dialog that
 * takes focus and gives it back to its opener.
 */
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO, expect, signInPage, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
type Item = { _id: string; count_in_stock?: number };

/** Wait until the screen has its data: no request in flight for a moment, no "Loading" placeholder. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  await expect(page.locator('[aria-label="Loading"], [aria-busy="true"]')).toHaveCount(0, { timeout: 5_000 });
}

/** The serious and critical axe violations on the page as it is now, one line per rule (rule, count, first targets). */
async function seriousViolations(page: Page): Promise<string[]> {
  // axe's default rules (WCAG 2.x A/AA and best practice), plus the still "experimental" check that
  // a control's name contains its visible label (voice control users say what they see).
  const { violations } = await new AxeBuilder({ page }).options({ rules: { "label-content-name-mismatch": { enabled: true } } }).analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} x${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} (${n.failureSummary?.split("\n")[1]?.trim() ?? ""})`)
          .join(" | ")}`,
    );
}

/** Visit each path and report every serious or critical violation, per path, in one assertion. */
async function checkScreens(page: Page, paths: string[]): Promise<void> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    const v = await seriousViolations(page);
    if (v.length) found[path] = v;
  }
  expect(found).toEqual({});
}

async function firstIds(request: APIRequestContext) {
  const list = async (url: string) => {
    const r = await request.get(url);
    expect(r.status(), `${url}: ${await r.text()}`).toBe(200);
    return (await r.json()).products as Item[];
  };
  const products = await list("/api/product?limit=12");
  const posts = await list("/api/posts?limit=12");
  return { product: products.find((p) => (p.count_in_stock ?? 0) > 0)!._id, post: posts[0]!._id };
}

test.describe("accessibility: axe-core finds no serious or critical violation @phone", () => {
  // A dozen screens per test, each loaded once and scanned once.
  test.describe.configure({ timeout: 180_000 });

  test("storefront, signed out", async ({ page, request }) => {
    const { product, post } = await firstIds(request);
    await checkScreens(page, [
      "/",
      "/categories/collections/market-place/001",
      "/categories/collections/services/001",
      `/product/market-place/${product}`,
      `/product/services/${post}`,
      "/wishlist",
      "/contact",
      "/aboutScreen",
      "/seller/adagadgets",
      "/seller/adagadgets?type=reviews",
      "/signin",
      "/cart",
      "/no-such-page",
    ]);
  });

  test("storefront, signed in as a shopper", async ({ page, request, customer }) => {
    const { product, post } = await firstIds(request);
    const token = await signInPage(page, request, customer);
    await request.post("/api/cart", { headers: auth(token), data: { product_id: product, count: 1 } });
    await checkScreens(page, [
      "/",
      `/product/market-place/${product}`,
      `/product/services/${post}`,
      "/wishlist",
      "/cart",
      "/checkout",
      "/account",
      "/address",
      "/changePass",
    ]);
  });

  test("an order page, as its buyer (the demo customer's seeded order, read only)", async ({ page, request }) => {
    const token = await signInPage(page, request, DEMO.customer);
    const orders = (await (await request.get("/api/orders?limit=1", { headers: auth(token) })).json()).data as Item[];
    await checkScreens(page, [`/account/orders/${orders[0]!._id}`]);
  });

  test("back office, seller", async ({ page, request }) => {
    const token = await signInPage(page, request, DEMO.seller);
    const lines = (await (await request.get("/api/orders/lines?limit=1", { headers: auth(token) })).json()).data as { order_id: string }[];
    const mine = (await (await request.get("/api/product?mine=true&limit=1", { headers: auth(token) })).json()).products as Item[];
    const posts = (await (await request.get("/api/posts?mine=true&limit=1", { headers: auth(token) })).json()).products as Item[];
    await checkScreens(page, [
      BO,
      `${BO}/view_products`,
      `${BO}/add_products`,
      `${BO}/update_products/${mine[0]!._id}`,
      `${BO}/view_ordered_products`,
      `${BO}/orders/${lines[0]!.order_id}`,
      `${BO}/view_services`,
      `${BO}/add_services`,
      `${BO}/update_Service/${posts[0]!._id}`,
      `${BO}/earnings`,
      `${BO}/reviews`,
      `${BO}/users`,
      `${BO}/settings`,
      `${BO}/change_pwd`,
    ]);
  });

  test("back office, admin", async ({ page, request }) => {
    const token = await signInPage(page, request, DEMO.admin);
    const cats = (await (await request.get("/api/category")).json()).data as Item[];
    const transfers = (await (await request.get("/api/admin/transactions?limit=1", { headers: auth(token) })).json()).data as {
      order_id: string;
    }[];
    await checkScreens(page, [
      BO,
      `${BO}/view_categories`,
      `${BO}/add_categories`,
      `${BO}/update_categories/${cats[0]!._id}`,
      `${BO}/transactions`,
      `${BO}/orders/${transfers[0]!.order_id}`,
      `${BO}/finance`,
      `${BO}/payouts`,
      `${BO}/commission`,
      `${BO}/sellers`,
      `${BO}/users`,
      `${BO}/messages`,
      `${BO}/reports`,
      `${BO}/settings`,
      `${BO}/change_pwd`,
    ]);
  });
});

/** The focused element's outline, as drawn: style, width in px and colour. */
async function focusRing(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    return {
      tag: el.tagName,
      style: s.outlineStyle,
      width: Number.parseFloat(s.outlineWidth),
      color: s.outlineColor,
      label: el.getAttribute("aria-label") ?? el.textContent?.trim().slice(0, 30),
    };
  });
}

test.describe("keyboard @phone", () => {
  test("Tab reaches the header's controls and each shows a visible focus ring", async ({ page }) => {
    await page.goto("/categories/collections/market-place/001");
    await settle(page);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      const ring = await focusRing(page);
      expect(ring, `focus after ${i + 1} Tab`).not.toBeNull();
      expect(ring!.style, JSON.stringify(ring)).not.toBe("none");
      expect(ring!.width, JSON.stringify(ring)).toBeGreaterThanOrEqual(2);
    }
  });

  test("the quick view opens from the keyboard, keeps focus inside and gives it back to its opener", async ({ page }) => {
    await page.goto("/categories/collections/market-place/001");
    await settle(page);
    const opener = page.getByRole("button", { name: /^Quick view: / }).first();
    await opener.focus();
    const ring = await focusRing(page);
    expect(ring!.style).not.toBe("none");
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab several times: focus stays in the dialog.
    for (let i = 0; i < 8; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect.soft(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("the cart drawer takes focus and gives it back to its opener", async ({ page }) => {
    await page.goto("/");
    await settle(page);
    const opener = page.getByRole("button", { name: /^Open shopping cart/ });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect.soft(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });
});
