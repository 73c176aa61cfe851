/**
 * Back-office defects found walking every screen: the product and service forms after a create
 * (the Category box), an empty price, plain-English messages, the admin's account actions behind a
 * confirmation, the top bar (account type, the name on a phone), toasts clear of the top bar and
 * of a modal's close button, and the spec's 60vh modal body (§9).
 */
import type { Locator, Page } from "@playwright/test";
import { apiSignIn, DEMO, expect, signInPage, snap, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const tag = () => Date.now().toString(36);
/** Wording no person should read: Zod's and the API's own ("Invalid id", "Too small: expected ..."). */
const TECHNICAL = /invalid id|too small|too big|expected|received|invalid input|_id\b/i;

function notice(page: Page, title: string): Locator {
  return page.locator(".mantine-Notification-root").filter({ hasText: title });
}

async function pickCategory(page: Page, name: string) {
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option", { name }).click();
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe("back-office defects", () => {
  test("product form: after a create the Category box is empty and the next product saves", async ({ page, request }, info) => {
    await signInPage(page, request, DEMO.seller);
    await page.goto(`${BO}/add_products`);
    const category = page.getByRole("combobox", { name: "Category" });
    await page.getByLabel("Name").fill(`Defect Kettle ${tag()}`);
    await pickCategory(page, "Home & Kitchen");
    await page.getByLabel("Price (₦)").fill("15000");
    await page.getByLabel("Count in stock").fill("3");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(notice(page, "Success")).toContainText("Product Successfully Created");
    await expect(page.getByLabel("Name")).toHaveValue("");
    // The box is as empty as the value behind it.
    await expect(category).toHaveValue("");
    // Saving without choosing again names the field in words.
    await page.getByLabel("Name").fill(`Defect Toaster ${tag()}`);
    await page.getByLabel("Price (₦)").fill("9000");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(page.getByText("Choose a category").first()).toBeVisible();
    await snap(page, "bo-product-category-refused", info.project.name);
    await expect(page.locator("body")).not.toContainText(TECHNICAL);
    await pickCategory(page, "Home & Kitchen");
    await page.getByRole("button", { name: "Add Product" }).click();
    await expect(notice(page, "Success").last()).toContainText("Product Successfully Created");
  });

  test("product form: an empty price is a field error and nothing is sent", async ({ page, request }) => {
    await signInPage(page, request, DEMO.seller);
    await page.goto(`${BO}/add_products`);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/product")) posts.push(r.url());
    });
    await page.getByLabel("Name").fill(`Defect Free Lunch ${tag()}`);
    await pickCategory(page, "Home & Kitchen");
    await page.getByLabel("Count in stock").fill("2");
    await page.getByRole("button", { name: "Add Product" }).click();
    const price = page.getByLabel("Price (₦)");
    await expect(price).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Price is required").first()).toBeVisible();
    expect(posts).toEqual([]);
  });

  test("service form: after a create the Category box is empty", async ({ page, request }) => {
    await signInPage(page, request, DEMO.seller);
    await page.goto(`${BO}/add_services`);
    await pickCategory(page, "Hair & Beauty Salons");
    await page.getByLabel("Description").fill(`Braids and gele tying for owambe ${tag()}`);
    await page.getByRole("button", { name: "Add Service" }).click();
    await expect(notice(page, "Success")).toContainText("Service Successfully Created");
    await expect(page.getByLabel("Description")).toHaveValue("");
    await expect(page.getByRole("combobox", { name: "Category" })).toHaveValue("");
  });

  test("the API's refusals are sentences a person can read", async ({ request }) => {
    const token = await apiSignIn(request, DEMO.seller);
    const bad = await request.post("/api/product", {
      headers: auth(token),
      data: { name: "Kettle", category_id: "", price: -5, count_in_stock: 1 },
    });
    expect(bad.status()).toBe(400);
    const body = await bad.json();
    expect(body.errors).toEqual({ category_id: "Choose a category", price: "Price cannot be negative" });
    expect(body.message).toBe("Please correct the highlighted fields");
    const one = await request.post("/api/product", { headers: auth(token), data: { name: "Kettle", price: 10, count_in_stock: 1 } });
    expect((await one.json()).message).toBe("Choose a category");
    const detail = await (await request.get("/api/product?id=not-an-id")).json();
    expect(detail.message).not.toMatch(TECHNICAL);
    expect(detail.message).toBe("This item does not exist");
  });

  test("a services list carries each service's newest reviews, fresh after a review (public cache on)", async ({ request }) => {
    const first = (await (await request.get("/api/posts?limit=1")).json()).products[0] as { _id: string; reviews: unknown[] };
    expect(Array.isArray(first.reviews)).toBe(true);
    const token = await apiSignIn(request, DEMO.customer);
    const comment = `Lovely work ${tag()}`;
    const saved = await request.post("/api/posts/reviews", { headers: auth(token), data: { post_id: first._id, rating: 5, comment } });
    expect(saved.status(), await saved.text()).toBe(200);
    const again = (await (await request.get("/api/posts?limit=1")).json()).products[0] as {
      _id: string;
      reviews: Array<{ comment: string }>;
    };
    expect(again._id).toBe(first._id);
    expect(again.reviews[0]!.comment).toBe(comment);
  });

  test("the admin's Approve, Block and Verify ask first", async ({ page, request }) => {
    const adminToken = await signInPage(page, request, DEMO.admin);
    const t = tag();
    const cats = (await (await request.get("/api/category")).json()).data as Array<{ _id: string; type: string }>;
    const created = await request.post("/api/admin/user/", {
      headers: auth(adminToken),
      data: {
        names: `Confirm Seller ${t}`,
        username: `confirm_${t}`,
        email: `confirm_${t}@example.ng`,
        phone: `+234803${String(Date.now()).slice(-7)}`,
        password: "Lagos#Market2026",
        accType: "business",
        status: "pending",
        category_ids: [cats.find((c) => c.type === "market-place")!._id],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const row = async () => {
      const list = await (await request.get(`/api/admin/users?account_type=business&q=${t}`, { headers: auth(adminToken) })).json();
      return list.data[0] as { status: string; active: boolean; verified: { blue_tick: boolean } };
    };
    await page.goto(`${BO}/sellers`);
    const tr = page.locator(`[data-testid=account-row][data-email="confirm_${t}@example.ng"]`);
    const dialog = page.getByRole("dialog");

    await tr.getByRole("button", { name: "Approve" }).click();
    await expect(dialog).toContainText(`Approve Confirm Seller ${t}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await row()).status).toBe("pending");
    await tr.getByRole("button", { name: "Approve" }).click();
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(tr.getByTestId("seller-status")).toHaveText("approved");

    await tr.getByRole("button", { name: "Block" }).click();
    await expect(dialog).toContainText(`Block Confirm Seller ${t}`);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await row()).active).toBe(true);
    await tr.getByRole("button", { name: "Block" }).click();
    await dialog.getByRole("button", { name: "Block" }).click();
    await expect(tr).toContainText("Blocked");

    await tr.getByRole("button", { name: "Verify" }).click();
    await expect(dialog).toContainText("blue tick");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    expect((await row()).verified.blue_tick).toBe(false);
    await tr.getByRole("button", { name: "Verify" }).click();
    await dialog.getByRole("button", { name: "Verify" }).click();
    await expect(tr.getByRole("button", { name: "Remove tick" })).toBeVisible();
  });

  test("top bar: the account type as the spec shows it, and the name on every width @phone", async ({ page, request }, info) => {
    await signInPage(page, request, DEMO.seller);
    await page.goto(BO);
    const badge = page.getByTestId("bo-account-badge");
    await expect(badge).toContainText("business");
    await expect(badge).not.toContainText(/seller/i);
    await expect(badge.getByText("Adaeze Oka", { exact: true })).toBeVisible();
    await snap(page, "bo-topbar", info.project.name);
    // At 390 px too, the label, the name and the picture fit inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(badge.getByText("Adaeze Oka", { exact: true })).toBeVisible();
    const avatar = (await badge.locator(".mantine-Avatar-root").boundingBox())!;
    expect(avatar.x + avatar.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: `/tmp/bo-topbar-390-${info.project.name}.png` });
  });

  test("a modal's body is at most 60vh (spec §9) @phone", async ({ page, request }) => {
    await signInPage(page, request, DEMO.admin);
    await page.goto(`${BO}/users`);
    await page.getByRole("button", { name: "New user" }).click();
    const dialog = page.getByRole("dialog", { name: "New user" });
    await expect(dialog).toBeVisible();
    const body = dialog.locator(".mantine-Modal-body");
    const vh = page.viewportSize()!.height;
    expect(await body.evaluate((b) => getComputedStyle(b).maxHeight)).toBe(`${Math.round(vh * 0.6 * 100) / 100}px`);
    // What does not fit scrolls inside the body.
    expect(await body.evaluate((b) => getComputedStyle(b).overflowY)).toBe("auto");
  });

  test("toasts stay clear of the top bar and of a modal's close button @phone", async ({ page, request }, info) => {
    await signInPage(page, request, DEMO.admin);
    await page.goto(`${BO}/users`);
    await page.getByRole("button", { name: "New user" }).click();
    const dialog = page.getByRole("dialog", { name: "New user" });
    await expect(dialog).toBeVisible();
    // A refused form raises a toast while the modal is open.
    await dialog.getByRole("button", { name: "Create user" }).click();
    const toast = page.locator(".mantine-Notification-root").first();
    await expect(toast).toBeVisible();
    await page.waitForTimeout(400);
    const close = dialog.locator(".mantine-Modal-close");
    const header = page.locator(".mantine-AppShell-header");
    const toastBox = (await toast.boundingBox())!;
    expect(overlaps(toastBox, (await close.boundingBox())!), "the toast covers the modal's close button").toBe(false);
    expect(overlaps(toastBox, (await header.boundingBox())!), "the toast covers the top bar").toBe(false);
    await snap(page, "bo-toast-over-modal", info.project.name);
  });
});
