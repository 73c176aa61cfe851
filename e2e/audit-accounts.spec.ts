/**
 * Accounts audit (checklist rows S2-141..S2-151, S8-25): what the audit found and fixed, seen in the
 * browser. A new customer (fixtures.ts: registered and verified through the API with the dev outbox codes):
 * - an empty address form answers a plain sentence in the "Ooops" alert, never a field key;
 * - editing the default address keeps it the default (its tick is locked with a hint), so
 *   /account keeps showing the default address.
 */

import { SESSION_COOKIES } from "@market/contract";
import { expect, snap, test } from "./fixtures";

// A customer of the test's own with an empty address book.
test.use({ customerAddress: false });

test("address book: plain error sentence, and the default address stays the default when edited @phone", async ({
  page,
  customer,
  baseURL,
}, info) => {
  const token = customer.token;
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
