/**
 * The admins' inbox of contact messages (ADR 0183) and a seller's details after sign-up (ADR 0184),
 * at phone width: a message sent from /contact reaches the admin's Messages page, where the admin
 * opens it (read) and replies, and the reply is in the outbox as an e-mail to the sender; a seller
 * without a services category adds one in Settings and can then add a service; a pending seller's
 * business details reach the admin's View Sellers before the approval.
 */
import { randomInt } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO, expect, signInPage, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const tag = () => `${Date.now().toString(36)}${randomInt(0, 1e6).toString(36)}`;

/** A notification with this title and text is on screen. */
async function expectNotice(page: Page, title: string, text: string | RegExp) {
  const n = page.locator(".mantine-Notification-root").filter({ hasText: title }).filter({ hasText: text });
  await expect(n.first()).toBeVisible();
}

test.describe("contact inbox and seller details @phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a message from /contact reaches the admin, who opens and answers it; the reply is e-mailed", async ({ page, request }) => {
    const id = tag();
    const email = `asker.${id}@example.ng`;
    await page.goto("/contact");
    await page.getByLabel("Your Name").fill(`Amaka ${id}`);
    await page.getByLabel("Your Email").fill(email);
    await page.getByLabel("Your Phone (optional)").fill("0803 123 4567");
    await page.getByLabel("Subject").fill(`Delivery ${id}`);
    await page.getByLabel("Your Message").fill("Do you deliver to Wuse 2?\n<script>alert(1)</script>");
    await page.getByRole("button", { name: "SEND A MESSAGE" }).click();
    await expect(page.getByTestId("contact-status")).toContainText("Your message has been sent");

    await signInPage(page, request, DEMO.admin);
    await page.goto(`${BO}/messages`);
    const item = page.getByTestId("message").filter({ hasText: `Delivery ${id}` });
    await expect(item).toHaveAttribute("data-read", "false");
    await expect(item).toContainText(`Amaka ${id}`);
    await item.getByRole("button", { name: new RegExp(`New\\s*Amaka ${id}`) }).click();
    // Opening marks it read; the sender's details and the text (as text) show.
    await expect(item).toHaveAttribute("data-read", "true");
    await expect(item.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
    await expect(item.getByRole("link", { name: "+2348031234567" })).toBeVisible();
    await expect(item.getByTestId("message-text")).toContainText("<script>alert(1)</script>");

    const reply = `Yes, we deliver to Wuse 2 within two days. ${id}`;
    await item.getByTestId("reply-text").fill(reply);
    await item.getByTestId("reply-send").click();
    await expectNotice(page, "Success", "Reply sent");
    await expect(item.getByTestId("message-reply")).toContainText(reply);
    await expect(item.getByTestId("message-reply")).toContainText("Reply by");
    await expect(item.getByTestId("reply-text")).toHaveValue("");

    // The reply is in the outbox, as an e-mail to the sender.
    const outbox = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()).data as Array<{
      channel: string;
      subject: string;
      body: string;
    }>;
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ channel: "email", subject: `Re: Delivery ${id}` });
    expect(outbox[0]!.body).toContain(reply);

    // The menu (behind the burger on a phone) has the Messages entry.
    await page.getByRole("button", { name: "Open back office menu" }).click();
    await expect(page.getByTestId("nav-messages")).toBeVisible();
  });

  test("a seller with no services category adds one in Settings and can then add a service", async ({ page, request, seller }) => {
    const [market, services] = seller.categories;
    const headers = { authorization: `Bearer ${seller.token}`, "x-forwarded-for": seller.ip };
    // The seller signed up with a market-place category only.
    const only = await request.put("/api/me/categories", { headers, data: { category_ids: [market!._id] } });
    expect(only.status(), await only.text()).toBe(200);

    await signInPage(page, request, seller);
    await page.goto(`${BO}/add_services`);
    const none = page.getByRole("alert").filter({ hasText: "No service category" });
    await expect(none).toBeVisible();
    await none.getByRole("link", { name: "Add one in Settings" }).click();
    await expect(page).toHaveURL(new RegExp(`${BO}/settings$`));

    await page.getByTestId("seller-categories").click();
    await page.getByRole("option", { name: `${services!.name} (services)` }).click();
    await page.keyboard.press("Escape");
    await page.getByTestId("save-categories").click();
    await expectNotice(page, "Success", "Categories saved");

    await page.goto(`${BO}/add_services`);
    await expect(page.getByRole("alert").filter({ hasText: "No service category" })).toHaveCount(0);
    await page.getByRole("combobox", { name: "Category" }).click();
    await page.getByRole("option", { name: services!.name }).click();
    await page.getByLabel("Description").fill(`Gele tying for weddings ${tag()}`);
    await page.getByRole("button", { name: "Add Service" }).click();
    await expectNotice(page, "Success", "Service Successfully Created");
  });
});

test.describe("a pending seller's business details @phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, sellerApproved: false });

  test("the pending seller sees what happens next, gives business details, and the admin sees them before approving", async ({
    page,
    request,
    seller,
  }) => {
    await signInPage(page, request, seller);
    await page.goto(`${BO}/settings`);
    await expect(page.getByTestId("pending-banner")).toContainText("Your shop is waiting for approval");
    await expect(page.getByTestId("pending-banner")).toContainText("Add your business details in Settings");
    const business = `Amaka Tailoring ${tag()}`;
    await page.getByLabel("Business name").fill(business);
    await page.getByLabel("CAC registration number (optional)").fill("12345");
    await page.getByLabel("Business address").fill("12 Aminu Kano Crescent, Wuse 2");
    await page.getByLabel("State").selectOption("FCT");
    await page.getByLabel("City or town").fill("Abuja");
    await page.getByTestId("save-business").click();
    // The CAC number's format is checked first.
    // On the field (the alert above the page says it too).
    await expect(page.getByRole("form", { name: "Business details" }).getByText("Enter the CAC number as RC, BN or IT")).toBeVisible();
    await page.getByLabel("CAC registration number (optional)").fill("rc 1234567");
    await page.getByTestId("save-business").click();
    await expectNotice(page, "Success", "Business details saved");
    await expect(page.getByLabel("CAC registration number (optional)")).toHaveValue("RC1234567");
    await expect(page.getByTestId("pending-banner")).not.toContainText("Add your business details");

    await page.context().clearCookies();
    await signInPage(page, request, DEMO.admin);
    await page.goto(`${BO}/sellers`);
    await page.getByRole("textbox", { name: "Search accounts" }).fill(seller.email);
    const row = page.getByTestId("account-row").filter({ hasText: seller.email });
    await expect(row).toHaveCount(1);
    await row.getByTestId("seller-details-button").click();
    const view = page.getByTestId("seller-details-view");
    await expect(view).toContainText(business);
    await expect(view).toContainText("RC1234567");
    await expect(view).toContainText("FCT, Abuja");
    await view.getByTestId("details-approve").click();
    await page.getByRole("dialog").getByRole("button", { name: "Approve", exact: true }).click();
    await expectNotice(page, "Seller approved", "Updated Succefully");
  });
});
