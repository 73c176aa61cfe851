/**
 * Sellers' payout bank accounts and their followers' privacy (ADR 0082), in the default install (no
 * account-name lookup provider): the seller types the account name and sees it "Unverified"; the
 * admin sees the account on Sellers and marks it verified; the seller sees "Verified"; a change
 * makes it "Unverified" again. A seller's Followers page shows names and usernames, no e-mail.
 * Screenshots at 1280 px and 390 px.
 */
import { PAYOUT_MESSAGES } from "@market/contract";
import type { Page } from "@playwright/test";
import { apiSignIn, DEMO, expect, signInPage, snap, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const tag = () => Date.now().toString(36);
const PHONE = { width: 390, height: 844 };

/** A notification with this title and text is on screen. */
async function expectNotice(page: Page, title: string, text: string | RegExp) {
  const n = page.locator(".mantine-Notification-root").filter({ hasText: title }).filter({ hasText: text });
  await expect(n.first()).toBeVisible();
}

/** Badge and button labels on the page whose text is cut (ellipsis or clipped). */
async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const l of document.querySelectorAll<HTMLElement>(".mantine-Badge-label, .mantine-Button-label")) {
      if (l.offsetParent && l.scrollWidth > l.clientWidth + 1) out.push(l.textContent?.trim() ?? "");
    }
    return out;
  });
}

/** Resize, then let the layout's transitions (the menu sliding away) finish. */
async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Full-page screenshots at 1280 px and 390 px wide (e2e/screenshots). */
async function snapBoth(page: Page, name: string) {
  await resize(page, { width: 1280, height: 800 });
  await snap(page, name, "1280");
  await resize(page, PHONE);
  await snap(page, name, "390");
  await resize(page, { width: 1280, height: 800 });
}

test.describe("payout bank account", () => {
  test("a seller types the account name, the admin verifies it, a change resets it", async ({ page, request }) => {
    const adminToken = await apiSignIn(request, DEMO.admin);
    const t = tag();
    const cats = (await (await request.get("/api/category")).json()).data as Array<{ _id: string; type: string }>;
    const who = { email: `payout_${t}@example.ng`, password: "Payout#2026" };
    const created = await request.post("/api/admin/user/", {
      headers: auth(adminToken),
      data: {
        names: `Kemi Payout ${t}`,
        username: `payout_${t}`,
        email: who.email,
        phone: `0813${String(Date.now()).slice(-7)}`,
        password: who.password,
        accType: "business",
        category_ids: [cats.find((c) => c.type === "services")!._id],
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    // The seller: no lookup provider, so the name is typed and no lookup is asked.
    const lookups: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/v1/client_bank_account_namefinder")) lookups.push(r.url());
    });
    const sellerToken = await signInPage(page, request, who);
    await page.goto(`${BO}/settings`);
    const name = page.getByLabel("Account name");
    await expect(name).toBeEditable();
    await expect(page.getByText(PAYOUT_MESSAGES.typeNameHint)).toBeVisible();
    await expect(page.getByTestId("bank-account-state")).toHaveCount(0);
    await page
      .getByRole("textbox", { name: "Bank" })
      .or(page.getByRole("combobox", { name: "Bank" }))
      .click();
    await page.getByRole("option", { name: "Access Bank", exact: true }).click();
    await page.getByLabel("Account number").fill("0123456789");
    // Bank and number without the name: refused, with the message under the name.
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.locator(".mantine-TextInput-error").filter({ hasText: PAYOUT_MESSAGES.accountName })).toBeVisible();
    const accountName = `KEMI PAYOUT ${t.toUpperCase()}`;
    await name.fill(accountName);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, "Success", "Profile Successfully Updated");
    const state = page.getByTestId("bank-account-state");
    await expect(state).toContainText("Unverified");
    await expect(state).toContainText(PAYOUT_MESSAGES.unverifiedHint);
    expect(lookups).toEqual([]);
    await snapBoth(page, "payout-settings-unverified");

    // The admin sees the account on Sellers and verifies it.
    await signInPage(page, request, DEMO.admin);
    await page.goto(`${BO}/sellers`);
    await page.getByLabel("Search accounts").fill(t);
    const row = page.locator(`[data-testid=account-row][data-email="${who.email}"]`);
    const payout = row.getByTestId("payout-account");
    await expect(payout).toContainText(accountName);
    await expect(payout).toContainText("Access Bank · 0123456789");
    await expect(payout.locator(".mantine-Badge-label")).toHaveText("Unverified");
    // The payout column still lets the whole table fit a 1280 px screen, nothing clipped.
    const overflow = await page.getByTestId("accounts-table").evaluate((t) => {
      const paper = t.closest(".mantine-Paper-root")!;
      const inner = paper.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(paper).paddingRight);
      return t.getBoundingClientRect().right - inner;
    });
    expect(overflow).toBeLessThanOrEqual(1);
    expect(await clippedLabels(page)).toEqual([]);
    await snapBoth(page, "payout-sellers-unverified");
    await row.getByRole("button", { name: "Verify bank account" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(accountName);
    await dialog.getByRole("button", { name: "Verify bank account" }).click();
    await expectNotice(page, "Bank account verified", "Updated Succefully");
    await expect(payout.locator(".mantine-Badge-label")).toHaveText("Verified");
    await expect(row.getByRole("button", { name: "Verify bank account" })).toHaveCount(0);
    await snapBoth(page, "payout-sellers-verified");
    const me = async () => (await (await request.get("/api/me", { headers: auth(sellerToken) })).json()).data;
    expect(await me()).toMatchObject({ account_name: accountName, bank_account_verified: true });

    // The seller sees it verified; changing the name makes it unverified again.
    await signInPage(page, request, who);
    await page.goto(`${BO}/settings`);
    await expect(state.locator(".mantine-Badge-label")).toHaveText("Verified");
    await snapBoth(page, "payout-settings-verified");
    await name.fill(`${accountName} A`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expectNotice(page, "Success", "Profile Successfully Updated");
    await expect(state.locator(".mantine-Badge-label")).toHaveText("Unverified");
    expect(await me()).toMatchObject({ account_name: `${accountName} A`, bank_account_verified: false });
  });
});

test.describe("followers privacy", () => {
  test("a seller's Followers page shows names and usernames, never an e-mail", async ({ page, request, seller, customer: follower }) => {
    const sellerToken = seller.token;
    const customerToken = follower.token;
    const follow = await request.get(`/api/user/follow?id=${seller.id}&state=follow`, { headers: auth(customerToken) });
    expect(follow.status(), await follow.text()).toBe(200);
    const customer = (await (await request.get("/api/me", { headers: auth(customerToken) })).json()).data;

    const api = await request.get("/api/user/followers?limit=200", { headers: auth(sellerToken) });
    const text = await api.text();
    expect(text).toContain(customer.username);
    expect(text).not.toContain(customer.email);
    expect(text).not.toContain(customer.phone);

    await signInPage(page, request, seller);
    await page.goto(`${BO}/users`);
    const table = page.getByTestId("followers-table");
    await expect(table).toContainText(`@${customer.username}`);
    await expect(table.getByRole("columnheader", { name: "E-mail" })).toHaveCount(0);
    expect(await table.textContent()).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    await snapBoth(page, "followers-no-email");
  });
});
