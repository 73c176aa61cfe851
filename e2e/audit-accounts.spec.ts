/**
 * Accounts audit (checklist rows S2-141..S2-151, S8-25): what the audit found and fixed, seen in the
 * browser. A new customer (registered and verified through the API with the dev outbox codes):
 * - an empty address form answers a plain sentence in the "Ooops" alert, never a field key;
 * - editing the default address keeps it the default (its tick is locked with a hint), so
 *   /account keeps showing the default address.
 */

import { SESSION_COOKIES } from "@market/contract";
import type { APIRequestContext } from "@playwright/test";
import { expect, snap, test } from "./fixtures";

async function newCustomer(request: APIRequestContext) {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const phone = `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const u = { names: "Audit Shopper", username: `audit_${id}`, email: `audit.${id}@example.com`, phone, password: "Audit#2026" };
  const res = await request.post("/api/signup", { data: { ...u, accType: "", confirm_password: u.password, request_type: "register" } });
  expect(res.status(), await res.text()).toBe(201);
  const e164 = (await res.json()).data.phone as string;
  const code = async (to: string) => {
    let found: string | undefined;
    await expect
      .poll(async () => {
        const body = await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json();
        found = /\b(\d{6})\b/.exec(body.data?.[0]?.body ?? "")?.[1];
        return found;
      })
      .toBeTruthy();
    return found!;
  };
  const verified = await request.post("/api/verify", {
    data: { email: u.email, code_email: await code(u.email), code_phone: await code(e164) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const signin = await request.post("/api/signin", { data: { email: u.email, password: u.password } });
  return (await signin.json()).token as string;
}

test("address book: plain error sentence, and the default address stays the default when edited @phone", async ({
  page,
  request,
  baseURL,
}, info) => {
  const token = await newCustomer(request);
  await page.context().addCookies([
    { name: SESSION_COOKIES.session, value: token, url: baseURL! },
    { name: SESSION_COOKIES.signedIn, value: "1", url: baseURL! },
  ]);
  await page.goto("/address");
  await page.getByRole("button", { name: "Add a New Address" }).click();
  const form = page.getByRole("form", { name: "Add Address" });
  await form.getByRole("button", { name: "Add Address" }).click();
  const alert = page.locator(".mantine-Notification-root").filter({ hasText: "Ooops" });
  await expect(alert).toContainText("Please correct the highlighted fields");
  await expect(alert).not.toContainText("first_name");
  await expect(form.getByText("First name is required")).toBeVisible();
  await snap(page, "audit-accounts-address-errors", info.project.name);

  await form.getByLabel(/^First name/).fill("Audit");
  await form.getByLabel(/^Last name/).fill("Shopper");
  await form.getByLabel(/^Address line 1/).fill("3 Herbert Macaulay Way");
  await form.getByRole("button", { name: "Add Address" }).click();
  await expect(page.getByText("Address Successfully Added").first()).toBeVisible();
  const card = page.getByTestId("address-card");
  await expect(card).toHaveCount(1);
  await expect(card.first()).toContainText("Default");

  await card.first().getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("form", { name: "Update Address" });
  const tick = edit.getByRole("checkbox", { name: "Set as default address" });
  await expect(tick).toBeChecked();
  await expect(tick).toBeDisabled();
  await edit.getByLabel(/^City/).fill("Yaba");
  await snap(page, "audit-accounts-address-edit-default", info.project.name);
  await edit.getByRole("button", { name: "Update Address" }).click();
  await expect(page.getByText("Updated Succefully").first()).toBeVisible();
  await expect(card.first()).toContainText("Default");
  await expect(card.first()).toContainText("Yaba");

  await page.goto("/account");
  await expect(page.getByTestId("account-details")).toContainText("Audit Shopper, Nigeria");
});
