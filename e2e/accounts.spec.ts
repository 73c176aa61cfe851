/**
 * Accounts end to end: register a seller and a customer through the sign-in page, read
 * both codes from the dev outbox, verify, sign in, edit the profile, manage addresses, change the
 * password, sign out and recover a password. Screenshots of every screen at desktop and phone width.
 */
import { ACCOUNT_MESSAGES, SESSION_COOKIES } from "@market/contract";
import type { APIRequestContext, Page } from "@playwright/test";
import { codeFor, DEMO, expect, sessionToken, signInPage, snap, test } from "./fixtures";

const uid = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const phoneDigits = () => `803${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

type NewUser = { names: string; username: string; email: string; phone: string; password: string };
function newUser(prefix: string): NewUser {
  const id = uid();
  return {
    names: `${prefix} ${id}`,
    username: `${prefix.toLowerCase()}_${id}`,
    email: `${prefix.toLowerCase()}.${id}@example.ng`,
    phone: phoneDigits(),
    password: "Start#2026",
  };
}

async function fillRegister(page: Page, u: NewUser) {
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Full name").fill(u.names);
  await form.getByLabel("Username").fill(u.username);
  await form.getByLabel("Email address").fill(u.email);
  await form.getByLabel("Phone number").fill(u.phone);
  await form.getByLabel(/^Password/).fill(u.password);
  await form.getByLabel("Confirm password").fill(u.password);
}

async function verifyInModal(page: Page, request: APIRequestContext, u: NewUser) {
  const modal = page.getByRole("dialog", { name: "Verify your account" });
  await expect(modal).toBeVisible();
  const codeEmail = await codeFor(request, u.email);
  const codePhone = await codeFor(request, `+234${u.phone}`);
  await modal.getByLabel("E-mail code").fill(codeEmail.slice(0, 5));
  await expect(modal.getByLabel("E-mail code")).toHaveAttribute("data-valid", "false");
  await modal.getByLabel("E-mail code").fill(codeEmail);
  await expect(modal.getByLabel("E-mail code")).toHaveAttribute("data-valid", "true");
  await modal.getByLabel("Phone code").fill(codePhone);
  return modal;
}

/** Click a Mantine SegmentedControl option by its label (the radio input itself is visually hidden). */
function segment(page: Page, name: string) {
  return page
    .locator("label.mantine-SegmentedControl-label")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

async function login(page: Page, email: string, password: string) {
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email address or phone number").fill(email);
  await form.locator("input[autocomplete=current-password]").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

test.describe("accounts", () => {
  test("a seller registers with 3 categories, verifies both codes and lands on the dashboard", async ({ page, request }, info) => {
    const u = newUser("Seller");
    await page.goto("/signin");
    await expect(page.getByRole("heading", { name: "My Account", level: 1 })).toBeVisible();
    await segment(page, "Register");
    await segment(page, "Seller");
    await fillRegister(page, u);
    // The category picker offers nothing more once 3 are chosen, and stays open between picks.
    const picker = page.getByRole("form", { name: "Register" }).getByLabel(/Categories/);
    await picker.click();
    const options = page.getByRole("option");
    await expect(options.first()).toBeVisible();
    for (let i = 0; i < 3; i++) await options.first().click();
    await expect(page.getByText("You can pick up to 3")).toBeVisible();
    await expect(page.getByRole("option")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.getByLabel("Describe what you sell").fill("Original phones and accessories delivered in Lagos");
    await snap(page, "accounts-register-seller", info.project.name);
    await page.getByRole("button", { name: "Register", exact: true }).last().click();
    const modal = await verifyInModal(page, request, u);
    // Behind the modal the page is back in login mode.
    await expect(page.getByRole("form", { name: "Login" })).toBeAttached();
    await snap(page, "accounts-verify-modal", info.project.name);
    await modal.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText("Your e-mail and phone are verified")).toBeVisible();
    await expect(modal).toBeHidden();

    await login(page, `0${u.phone}`, u.password);
    await expect(page).toHaveURL(/\/admin_real\/dashboard$/);
    const me = await request.post("/api/signin", { data: { email: u.email, password: u.password } });
    const token = (await me.json()).token;
    const details = (await (await request.get("/api/me", { headers: { authorization: `Bearer ${token}` } })).json()).data;
    expect(details).toMatchObject({ accType: "business", status: "pending", verified: { email: true, phone: true } });
    expect(details.category_ids).toHaveLength(3);
  });

  test("a customer registers, verifies, signs in, edits the profile, manages addresses, changes and recovers the password", async ({
    page,
    request,
  }) => {
    const u = newUser("Customer");
    // Field messages from the server show under the fields.
    await page.goto("/signin");
    await segment(page, "Register");
    await fillRegister(page, { ...u, email: "not-an-email" });
    await page.getByRole("button", { name: "Register", exact: true }).last().click();
    await expect(page.getByRole("form", { name: "Register" }).getByText("Please enter a valid e-mail address")).toBeVisible();
    await expect(page.getByText("Ooops").first()).toBeVisible();
    // A common password is refused under its field (the list loads when the field is focused; the
    // server refuses it too if the form is sent first).
    const register = page.getByRole("form", { name: "Register" });
    await register.getByLabel("Email address").fill(u.email);
    await register.getByLabel(/^Password/).fill("password1");
    await register.getByLabel("Confirm password").fill("password1");
    await page.getByRole("button", { name: "Register", exact: true }).last().click();
    await expect(register.getByText("This password is too common or too easy to guess")).toBeVisible();
    await register.getByLabel(/^Password/).fill(u.password);
    await register.getByLabel("Confirm password").fill(u.password);
    await page.getByRole("button", { name: "Register", exact: true }).last().click();
    const modal = await verifyInModal(page, request, u);
    // Wrong codes first: each field shows the server's error and no green check (never both at once).
    const fields = [modal.getByLabel("E-mail code"), modal.getByLabel("Phone code")];
    const right = [await fields[0]!.inputValue(), await fields[1]!.inputValue()];
    const wrong = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));
    for (const [i, field] of fields.entries()) await field.fill(wrong(right[i]!));
    await expect(modal.locator('[aria-label="valid"]')).toHaveCount(2);
    await modal.getByRole("button", { name: "Verify" }).click();
    await expect(modal.getByText(ACCOUNT_MESSAGES.codeInvalid)).toHaveCount(2);
    await expect(modal.locator('[aria-label="valid"]')).toHaveCount(0);
    for (const field of fields) await expect(field).toHaveAttribute("data-valid", "false");
    for (const [i, field] of fields.entries()) await field.fill(right[i]!);
    await modal.getByRole("button", { name: "Verify" }).click();
    await expect(modal).toBeHidden();

    // Login is not sent while a field has 2 characters or fewer.
    await page.goto("/");
    await page.getByRole("link", { name: "Login / Register" }).first().click();
    await expect(page).toHaveURL(/\/signin$/);
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email address or phone number").fill("ab");
    await form.locator("input[autocomplete=current-password]").fill(u.password);
    let sent = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/signin")) sent = true;
    });
    await form.getByRole("button", { name: "Login" }).click();
    await page.waitForTimeout(300);
    expect(sent).toBe(false);
    // A customer goes back where they came from (home).
    await login(page, u.email, u.password);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("account-badge")).toContainText("customer");
    await expect(page.getByTestId("account-badge")).toContainText(u.names.slice(0, 10));

    // Edit the profile (PUT /api/me with the session's token): the header shows the new name.
    const token = await sessionToken(page);
    const put = await request.put("/api/me", { headers: { authorization: `Bearer ${token}` }, data: { names: "Amarachi Okonkwo" } });
    expect(put.status()).toBe(200);
    await page.goto("/account");
    await expect(page.getByTestId("account-badge")).toContainText("Amarachi O");
    await expect(page.getByTestId("account-badge")).not.toContainText("Amarachi Okonkwo");
    await expect(page.getByText("Hello Amarachi Okonkwo")).toBeVisible();
    await expect(page.getByText("No order has been made yet.")).toBeVisible();

    // Addresses: add two, edit one, delete one.
    await page.getByRole("link", { name: "Addresses (0)" }).click();
    await expect(page).toHaveURL(/\/address$/);
    await page.getByRole("button", { name: "Add a New Address" }).click();
    const addressForm = page.getByRole("form", { name: "Add Address" });
    await addressForm.getByLabel("First name").fill("Amarachi");
    await addressForm.getByLabel("Last name").fill("Okonkwo");
    await addressForm.getByLabel("Address line 1").fill("14 Awolowo Road");
    await addressForm.getByLabel("City").fill("Ikoyi");
    await addressForm.getByLabel("State").fill("Lagos");
    await addressForm.getByRole("button", { name: "Add Address" }).click();
    await expect(page.getByText("Address Successfully Added")).toBeVisible();
    await expect(page.getByTestId("address-card")).toHaveCount(1);
    await expect(page.getByTestId("address-card").first()).toContainText("Default");
    await expect(page.getByTestId("address-card").first()).toContainText("Nigeria");

    await page.getByRole("button", { name: "Add a New Address" }).click();
    const second = page.getByRole("form", { name: "Add Address" });
    await second.getByLabel("First name").fill("Office");
    await second.getByLabel("Last name").fill("Okonkwo");
    await second.getByLabel("Address line 1").fill("3 Broad Street");
    await second.getByLabel("Country").fill("Ghan");
    await page.getByRole("option", { name: "Ghana" }).click();
    await second.getByRole("button", { name: "Add Address" }).click();
    await expect(page.getByTestId("address-card")).toHaveCount(2);
    await expect(page.getByTestId("address-card").nth(1)).toContainText("Address 2");
    await expect(page.getByTestId("address-card").nth(1)).toContainText("Ghana");
    await expect(page.getByRole("link", { name: "Addresses (2)" })).toBeVisible();

    await page.getByTestId("address-card").nth(1).getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("form", { name: "Update Address" });
    await expect(edit.getByLabel("First name")).toHaveValue("Office");
    await edit.getByLabel("City").fill("Marina");
    await edit.getByLabel("Set as default address").check();
    await edit.getByRole("button", { name: "Update Address" }).click();
    await expect(page.getByText("Updated Succefully")).toBeVisible();
    await expect(page.getByTestId("address-card").nth(1)).toContainText("Default");
    await expect(page.getByTestId("address-card").nth(1)).toContainText("Marina");
    await expect(page.getByTestId("address-card").nth(0)).toContainText("Address 1");

    // Cancel clears and closes the form.
    await page.getByRole("button", { name: "Add a New Address" }).click();
    await page.getByRole("form", { name: "Add Address" }).getByLabel("First name").fill("Draft");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("form", { name: "Add Address" })).toHaveCount(0);
    await page.getByRole("button", { name: "Add a New Address" }).click();
    await expect(page.getByRole("form", { name: "Add Address" }).getByLabel("First name")).toHaveValue("");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByTestId("address-card").nth(0).getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Do you want to delete this address?" }).getByRole("button", { name: "Yes Proceed" }).click();
    await expect(page.getByText("Deleted Successfully")).toBeVisible();
    await expect(page.getByTestId("address-card")).toHaveCount(1);
    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByTestId("account-details")).toContainText("Office Okonkwo, Ghana");

    // Change the password: a wrong old password fails, the right one succeeds and clears the fields.
    await page.getByRole("link", { name: "Change Password" }).click();
    const cp = page.getByRole("form", { name: "Change Password" });
    await cp.getByLabel("Old Password").fill("Wrong#2026");
    await cp.getByLabel("New Password").fill("Second#2026");
    await cp.getByLabel("Confirm Password").fill("Second#2026");
    await cp.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Your old password is not correct").first()).toBeVisible();
    await cp.getByLabel("Old Password").fill(u.password);
    await cp.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Password Successfully Updated")).toBeVisible();
    await expect(cp.getByLabel("Old Password")).toHaveValue("");
    await expect(cp.getByLabel("New Password")).toHaveValue("");

    // Sign out: back at /signin, token gone, header says Login / Register.
    await page.getByRole("navigation", { name: "My account" }).getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    expect(await sessionToken(page)).toBeUndefined();
    expect((await request.get("/api/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);

    // Recover the password with the mailed code.
    await page.getByRole("button", { name: "Lost your password?" }).click();
    const lost = page.getByRole("form", { name: "Lost password" });
    await lost.getByLabel("Email address").fill(u.email);
    await lost.getByRole("button", { name: "Send reset code" }).click();
    await expect(lost.getByLabel("Reset code")).toBeVisible();
    const resetCode = await codeFor(request, u.email);
    await lost.getByLabel("Reset code").fill(resetCode === "000000" ? "111111" : "000000");
    await lost.getByLabel("New Password").fill("Third#2026");
    await lost.getByLabel("Confirm Password").fill("Third#2026");
    await lost.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("This code is not correct").first()).toBeVisible();
    await expect(lost.getByLabel("New Password")).toHaveValue("Third#2026");
    await lost.getByLabel("Reset code").fill(resetCode);
    await lost.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
    await login(page, u.email, "Third#2026");
    await expect(page.getByTestId("account-badge")).toContainText("customer");
  });

  test("a stale session cookie is cleared on load: 'You were signed out' on a public page (ADR 0190); sellers are sent away from /account", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.context().addCookies([
      { name: SESSION_COOKIES.session, value: "x".repeat(43), url: baseURL! },
      { name: SESSION_COOKIES.signedIn, value: "1", url: baseURL! },
    ]);
    await page.goto("/categories/collections/market-place/001");
    // A public page keeps the shopper where they were and says why the name left the header.
    await expect(page.getByText("You were signed out")).toBeVisible();
    await expect(page).toHaveURL(/\/categories\/collections\/market-place\/001$/);
    await expect.poll(() => page.context().cookies()).toEqual([]);
    await expect(page.getByRole("link", { name: "Login / Register" }).first()).toBeAttached();

    const seller = await page.context().newPage();
    await signInPage(seller, request, DEMO.seller);
    await seller.goto("/account");
    await expect(seller).toHaveURL(/\/$/);
  });
});

test.describe("accounts screens @phone", () => {
  test("sign-in page modes", async ({ page }, info) => {
    await page.goto("/signin");
    await expect(page.getByRole("form", { name: "Login" })).toBeVisible();
    await snap(page, "accounts-signin-login", info.project.name);
    await segment(page, "Register");
    await expect(page.getByRole("form", { name: "Register" })).toBeVisible();
    await snap(page, "accounts-register-customer", info.project.name);
    await segment(page, "Login");
    await page.getByRole("button", { name: "Lost your password?" }).click();
    await expect(page.getByRole("form", { name: "Lost password" })).toBeVisible();
    await snap(page, "accounts-lost-password", info.project.name);
  });

  test("customer area screens", async ({ page, request }, info) => {
    await signInPage(page, request, DEMO.customer);
    await page.goto("/account");
    await expect(page.getByText(/^Hello /)).toBeVisible();
    await snap(page, "accounts-dashboard", info.project.name);
    await page.goto("/address");
    await expect(page.getByRole("button", { name: "Add a New Address" })).toBeVisible();
    await snap(page, "accounts-address", info.project.name);
    await page.getByRole("button", { name: "Add a New Address" }).click();
    await expect(page.getByRole("form", { name: "Add Address" })).toBeVisible();
    await snap(page, "accounts-address-form", info.project.name);
    await page.goto("/changePass");
    await expect(page.getByRole("form", { name: "Change Password" })).toBeVisible();
    await snap(page, "accounts-change-password", info.project.name);
  });
});
