/**
 * What the walks through every screen found on a 390 px phone (and at 1280 px): the contact page's
 * map loads nothing until asked for; View Sellers labels its two "verify" actions by what they do,
 * each under its own label on a phone's card; a session ended elsewhere says "You were signed out"
 * on a public page and sends a page that needs an account to /signin with that word.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { apiSignIn, DEMO, expect, sessionToken, signInPage, test } from "./fixtures";

const SHOTS = "/work/shots/misc30";

/** Screenshots for people to look at, outside the repository. */
async function shot(page: Page, name: string, project: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${project === "phone" ? "390" : "1280"}.png`, fullPage: true });
}

/** The walks' widths: a 390x844 phone, a 1280x800 desktop. */
async function walkSize(page: Page, project: string): Promise<void> {
  await page.setViewportSize(project === "phone" ? { width: 390, height: 844 } : { width: 1280, height: 800 });
}

test.describe("walk fixes @phone", () => {
  test("the contact page asks nothing of Google until the map is asked for", async ({ page }, info) => {
    await walkSize(page, info.project.name);
    const maps: string[] = [];
    await page.route(/google\.com/, (route) => {
      maps.push(route.request().url());
      return route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" });
    });
    await page.goto("/contact");
    await expect(page.getByTestId("map-cover")).toBeVisible();
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(maps).toEqual([]);
    await shot(page, "contact-map-cover", info.project.name);
    await page.getByRole("button", { name: "Show map" }).click();
    await expect(page.getByTitle(/^Map:/)).toBeVisible();
    await expect.poll(() => maps.length).toBeGreaterThan(0);
  });

  test("View Sellers: 'Verify bank account' and 'Give blue tick', each under its own label", async ({ page, request, seller }, info) => {
    await walkSize(page, info.project.name);
    // The seller saves a payout account (typed name: no lookup provider here), awaiting the admin.
    const saved = await request.put("/api/me", {
      headers: { authorization: `Bearer ${seller.token}`, "x-forwarded-for": seller.ip },
      data: { bank_code: "058", account_no: "0239476516", account_name: seller.names.toUpperCase() },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await signInPage(page, request, DEMO.admin);
    await page.goto("/admin_real/dashboard/sellers");
    await page.getByLabel("Search accounts").fill(seller.email);
    // Only the search's answer, this test's own seller: the unfiltered first page (other tests add
    // and change sellers meanwhile) may show the row too, until the debounced search replaces it.
    await expect(page.getByText("1 seller", { exact: true })).toBeVisible();
    await expect(page.getByTestId("account-row")).toHaveCount(1);
    const row = page.locator(`[data-testid=account-row][data-email="${seller.email}"]`);
    const bank = row.getByRole("button", { name: "Verify bank account", exact: true });
    const tick = row.getByRole("button", { name: "Give blue tick", exact: true });
    await expect(bank).toBeVisible();
    await expect(tick).toBeVisible();
    await expect(row.getByRole("button", { name: "Verify", exact: true })).toHaveCount(0);
    // Each in its own cell, which says what it is (on a phone's card, the label before the value).
    await expect(bank.locator("xpath=ancestor::td")).toHaveAttribute("data-label", "Payout account");
    await expect(tick.locator("xpath=ancestor::td")).toHaveAttribute("data-label", "Blue tick");
    if (info.project.name === "phone") {
      const label = await tick.locator("xpath=ancestor::td").evaluate((td) => getComputedStyle(td, "::before").content.replaceAll('"', ""));
      expect(label).toBe("Blue tick");
    }
    await row.scrollIntoViewIfNeeded();
    await shot(page, "sellers-two-verifies", info.project.name);
  });

  test("a session ended elsewhere: 'You were signed out' on a public page, /signin from the account page", async ({
    page,
    request,
    customer,
  }, info) => {
    await walkSize(page, info.project.name);
    const token = await signInPage(page, request, customer);
    await page.goto("/aboutScreen");
    // The session ends on another device; the next call this page makes is refused.
    expect((await request.post("/api/signout", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    await page.goto("/contact");
    await expect(page.getByText("You were signed out")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/contact");
    await shot(page, "signed-out-public", info.project.name);

    await apiSignIn(page.context().request, customer);
    await page.goto("/account");
    await expect(page.getByTestId("account-badge").first()).toBeAttached();
    const other = await sessionToken(page);
    expect((await request.post("/api/signout", { headers: { authorization: `Bearer ${other}` } })).status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(/\/signin/);
    await expect(page.getByText("You were signed out")).toBeVisible();
    await shot(page, "signed-out-account", info.project.name);
  });
});
