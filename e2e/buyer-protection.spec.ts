/**
 * Buyer protection at 390 px (ADR 0193-0198; run in the `money` project, it confirms a sale): a
 * customer of the test's own buys a seller's product, the admin confirms the transfer and the
 * seller marks it delivered (setup through the API); the buyer reports it damaged with a photo on
 * their order page; the seller answers from the back office; the admin opens Disputes from the menu
 * and refunds half; the buyer sees the refund and the decision, and the seller's statement shows
 * the reversal. Screenshots of each screen at 390 px.
 */
import path from "node:path";
import { FREE_SHIPPING_OVER_NAIRA, formatNaira, koboToNaira, nairaToKobo, shippingFeeKobo } from "@market/contract";
import { apiSignIn, DEMO, expect, signInPage, snap, snapDesktop, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
// Playwright runs from the repository root (screenshots go to e2e/screenshots).
const PHOTO = path.resolve("apps/web/public/favicon.png");

test.describe("buyer protection at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });

  test("a damaged item reported with a photo, answered by the seller, half refunded by the admin", async ({
    page,
    request,
    customer,
    seller,
  }, info) => {
    test.slow();
    const project = `${info.project.name}-390`;

    // Setup through the API: the product, the order, the admin's confirmation, the seller's delivery.
    const name = `Ceramic Vase ${Date.now().toString(36)}`;
    const price = 24_000;
    const category = seller.categories.find((c) => c.type === "market-place")!;
    const made = await request.post("/api/product", {
      ...auth(seller.token),
      data: { name, category_id: category._id, price, count_in_stock: 5, description: "Hand-thrown in Ilorin." },
    });
    expect(made.status(), await made.text()).toBe(201);
    const productId = (await made.json()).data._id as string;
    expect((await request.post("/api/cart", { ...auth(customer.token), data: { product_id: productId, count: 1 } })).status()).toBe(200);
    const subtotalKobo = nairaToKobo(price);
    const session = await request.post("/api/transactions/createSession", {
      ...auth(customer.token),
      data: {
        first_name: "Bisi",
        last_name: "Ade",
        company: "",
        address1: "3 Allen Avenue",
        address2: "",
        city: "Ikeja",
        state: "Lagos",
        country: "Nigeria",
        zip: "100271",
        phone: "08031234567",
        account_no: "0123456789",
        amount: koboToNaira(subtotalKobo + shippingFeeKobo(subtotalKobo, "Lagos", FREE_SHIPPING_OVER_NAIRA)),
        replace_pending: true,
        payment_type: "bank_transfer",
        product_type: "market-place",
      },
    });
    expect(session.status(), await session.text()).toBe(200);
    const form = (await session.json()).data.Form as { order_id: string; number: string };
    const submitted = await request.put("/api/transactions", { ...auth(customer.token), data: form });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const adminToken = await apiSignIn(request, DEMO.admin);
    const confirmed = await request.put("/api/admin/transactions", {
      ...auth(adminToken),
      data: { transaction_id: (await submitted.json()).data.transaction_id, action: "confirm" },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    const lines = (await (await request.get("/api/orders/lines?limit=100", auth(seller.token))).json()).data as Array<{
      _id: string;
      order_id: string;
    }>;
    const lineId = lines.find((l) => l.order_id === form.order_id)!._id;
    const delivered = await request.put("/api/orders/lines", { ...auth(seller.token), data: { line_id: lineId, fulfilment: "delivered" } });
    expect(delivered.status(), await delivered.text()).toBe(200);

    // The buyer: the order page says Delivered with the time to report; they report it damaged with a photo.
    await signInPage(page, request, customer);
    await page.goto(`/account/orders/${form.order_id}`);
    await expect(page.getByTestId("line-fulfilment")).toHaveText("Delivered");
    await expect(page.getByTestId("line-report-until")).toContainText("Confirm or report a problem by");
    await expect(page.getByRole("button", { name: "Confirm receipt" })).toBeVisible();
    await page.getByRole("button", { name: "Report a problem" }).click();
    const report = page.getByRole("dialog");
    await report.getByLabel("What is wrong?").selectOption("damaged");
    await report.getByLabel("Tell us more").fill("The vase arrived in three pieces.");
    await report.getByTestId("problem-photos").setInputFiles(PHOTO);
    await expect(report.getByRole("img", { name: "Your photo" })).toBeVisible();
    await snap(page, "protection-report", project);
    await report.getByRole("button", { name: "Send report" }).click();
    await expect(page.getByTestId("line-fulfilment")).toHaveText("Problem reported");
    const thread = page.getByTestId("problem-thread");
    await expect(thread).toContainText("Damaged");
    await expect(thread).toContainText("The vase arrived in three pieces.");
    await expect(thread.getByRole("img", { name: "Photo of the problem" })).toBeVisible();
    await expect(page.getByTestId("order-timeline")).toContainText("Problem reported");

    // The seller answers from the order page.
    await page.context().clearCookies();
    await signInPage(page, request, seller);
    await page.goto(`${BO}/orders/${form.order_id}`);
    await page.getByRole("button", { name: "Answer problem" }).click();
    const answer = page.getByRole("dialog");
    await answer.getByLabel("Or give your side").fill("It was wrapped in bubble wrap; the courier dropped it.");
    await snap(page, "protection-seller-answer", project);
    await snapDesktop(page, "protection-seller-answer");
    await answer.getByRole("button", { name: "Send answer" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("order-line").getByTestId("problem-seller-answer")).toContainText("the courier dropped it");

    // The admin: Disputes from the menu, refund half with a reason.
    await page.context().clearCookies();
    await signInPage(page, request, DEMO.admin);
    await page.goto(BO);
    await page.getByRole("button", { name: "Open back office menu" }).click();
    await page.getByTestId("nav-disputes").click();
    await expect(page).toHaveURL(new RegExp(`${BO}/disputes$`));
    const dispute = page.getByTestId("dispute").filter({ hasText: form.number });
    await expect(dispute).toContainText("the courier dropped it");
    await expect(dispute).toContainText("The vase arrived in three pieces.");
    await snap(page, "protection-disputes", project);
    await snapDesktop(page, "protection-disputes");
    await dispute.getByRole("button", { name: "Decide" }).click();
    const decide = page.getByRole("dialog");
    await decide.getByText("Refund part").click();
    await decide.getByLabel("Refund amount").fill(String(price / 2));
    await decide.getByLabel("Reason").fill("Broken in transit: half refunded, the seller keeps half.");
    await decide.getByRole("button", { name: `Refund ${formatNaira(price / 2)}` }).click();
    await expect(page.getByTestId("dispute").filter({ hasText: form.number })).toHaveCount(0);

    // The buyer sees the refund and the decision.
    await page.context().clearCookies();
    await signInPage(page, request, customer);
    await page.goto(`/account/orders/${form.order_id}`);
    await expect(page.getByTestId("order-payment")).toContainText(`Refunded${formatNaira(price / 2)}`);
    await expect(page.getByTestId("problem-decision")).toContainText(`Refunded ${formatNaira(price / 2)}`);
    await expect(page.getByTestId("line-fulfilment")).toHaveText("Received");
    await snap(page, "protection-buyer-refunded", project);
    await snapDesktop(page, "protection-buyer-refunded");

    // The seller's statement shows the reversal.
    await page.context().clearCookies();
    await signInPage(page, request, seller);
    await page.goto(`${BO}/earnings`);
    await expect(page.getByTestId("statement-row").filter({ hasText: "Refund" }).first()).toContainText(name);
    await snap(page, "protection-seller-statement", project);
    // Ordered Products: the line with its problem decided, the demo's lines to ship with their ship-by time.
    await page.goto(`${BO}/view_ordered_products`);
    // No holding period on the e2e server: reading Earnings released the rest, so the line is completed.
    await expect(page.getByTestId("order-line-row").filter({ hasText: form.number })).toContainText("Completed");
    await snap(page, "protection-ordered-products", project);
    await snapDesktop(page, "protection-ordered-products");
  });
});
