/**
 * The order pages at phone width (390 px, ADR 0178; run in the `money` project): a customer of the test's own buys a seller's
 * product for delivery in Abuja and the admin confirms the transfer (setup through the API); the
 * seller opens the new paid order from Ordered Products, sees the buyer's Abuja street and phone
 * (call and WhatsApp links), prints the packing slip and marks the line shipped; the buyer opens
 * the order from their history and sees it "Shipped", with the timeline, and prints the receipt.
 * Screenshots of both pages, and the packing slip and receipt printed to PDF by Chromium.
 */
import { FREE_SHIPPING_OVER_NAIRA, koboToNaira, nairaToKobo, shippingFeeKobo } from "@market/contract";
import { apiSignIn, DEMO, expect, signInPage, snap, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

const ABUJA = {
  first_name: "Amaka",
  last_name: "Eze",
  company: "",
  address1: "7 Aminu Kano Crescent, Wuse 2",
  address2: "Opposite Banex Plaza",
  city: "Abuja",
  state: "FCT",
  country: "Nigeria",
  zip: "904101",
  phone: "0809 111 2233",
};

// It confirms a sale, which changes the store's money figures: it runs in the `money` project, one
// spec at a time (ADR 0176), on a 390 px phone screen of its own rather than in the `phone` project.
test.describe("order pages at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });

  test("the seller sees where to deliver a paid order and ships it; the buyer's order page shows Shipped", async ({
    page,
    browser,
    request,
    customer,
    seller,
    baseURL,
  }, info) => {
    const project = `${info.project.name}-390`;

    // Setup through the API: the seller's product, the customer's Abuja order, the admin's confirmation.
    const name = `Ankara Tote ${Date.now().toString(36)}`;
    const category = seller.categories.find((c) => c.type === "market-place")!;
    const made = await request.post("/api/product", {
      ...auth(seller.token),
      data: { name, category_id: category._id, price: 15000, count_in_stock: 5, description: "Hand-sewn in Aba." },
    });
    expect(made.status(), await made.text()).toBe(201);
    const productId = (await made.json()).data._id as string;
    const add = await request.post("/api/cart", { ...auth(customer.token), data: { product_id: productId, count: 2 } });
    expect(add.status(), await add.text()).toBe(200);
    const subtotalKobo = nairaToKobo(30000);
    const session = await request.post("/api/transactions/createSession", {
      ...auth(customer.token),
      data: {
        ...ABUJA,
        account_no: "0123456789",
        amount: koboToNaira(subtotalKobo + shippingFeeKobo(subtotalKobo, ABUJA.state, FREE_SHIPPING_OVER_NAIRA)),
        replace_pending: true,
        payment_type: "bank_transfer",
        product_type: "market-place",
      },
    });
    expect(session.status(), await session.text()).toBe(200);
    const form = (await session.json()).data.Form as { order_id: string; number: string; reference: string };
    expect(form.reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    const submitted = await request.put("/api/transactions", { ...auth(customer.token), data: form });
    expect(submitted.status(), await submitted.text()).toBe(200);
    const adminToken = await apiSignIn(request, DEMO.admin);
    const confirmed = await request.put("/api/admin/transactions", {
      ...auth(adminToken),
      data: { transaction_id: (await submitted.json()).data.transaction_id, action: "confirm" },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // The seller: Ordered Products -> the order's number -> where to deliver.
    await signInPage(page, request, seller);
    await page.goto(`${BO}/view_ordered_products`);
    const row = page.getByTestId("order-line-row").filter({ hasText: form.number });
    await expect(row).toBeVisible();
    await row.getByRole("link", { name: `Order ${form.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`${BO}/orders/${form.order_id}$`));
    await expect(page.getByRole("heading", { name: `Order ${form.number}` })).toBeVisible();
    const address = page.getByTestId("delivery-address");
    await expect(address).toContainText(ABUJA.address1);
    await expect(address).toContainText("Abuja, FCT, 904101");
    // Kept as the store keeps every phone, in +234 form (ADR 0189).
    await expect(address.getByTestId("delivery-phone")).toHaveText("Phone: +2348091112233");
    await expect(address.getByTestId("call-buyer")).toHaveAttribute("href", "tel:+2348091112233");
    await expect(address.getByTestId("whatsapp-buyer")).toHaveAttribute("href", "https://wa.me/2348091112233");
    await expect(page.getByTestId("order-line")).toHaveCount(1);
    await expect(page.getByTestId("order-line")).toContainText(name);
    await expect(page.getByTestId("line-fulfilment")).toHaveText("Pending");
    await expect(page.getByRole("button", { name: "Print packing slip" })).toBeVisible();
    await snap(page, "order-seller", project);
    // The packing slip, as the print button would print it (A4).
    await expect(page.getByTestId("packing-slip")).toBeHidden();
    await page.pdf({ path: "e2e/screenshots/packing-slip.pdf", format: "A4", printBackground: true });
    await page.emulateMedia({ media: "print" });
    const slip = page.getByTestId("packing-slip");
    await expect(slip).toBeVisible();
    await expect(slip).toContainText(form.number);
    await expect(slip).toContainText(ABUJA.address1);
    await expect(slip).toContainText("Phone: +2348091112233");
    await expect(slip).toContainText(name);
    await expect(page.getByTestId("delivery-address")).toBeHidden();
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("button", { name: "Ship", exact: true }).click();
    await page.getByRole("dialog").getByLabel("Tracking number or link").fill("GIG-123");
    await page.getByRole("dialog").getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByTestId("line-fulfilment")).toHaveText("Shipped");
    await expect(page.getByTestId("order-timeline")).toContainText(`${name} shipped`);

    // The buyer: /account -> the order's number -> "Shipped", the address, the payment reference.
    const buyerContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const buyerPage = await buyerContext.newPage();
    await signInPage(buyerPage, request, customer);
    await buyerPage.goto("/account");
    await buyerPage.getByRole("link", { name: form.number }).click();
    await expect(buyerPage).toHaveURL(new RegExp(`/account/orders/${form.order_id}$`));
    await expect(buyerPage.getByTestId("order-number")).toHaveText(`Order ${form.number}`);
    await expect(buyerPage.getByTestId("line-fulfilment")).toHaveText("Shipped");
    await expect(buyerPage.getByTestId("order-line")).toContainText(`Sold by ${seller.names}`);
    await expect(buyerPage.getByTestId("delivery-address")).toContainText(ABUJA.address1);
    await expect(buyerPage.getByTestId("payment-reference")).toHaveText(form.reference);
    await expect(buyerPage.getByTestId("order-timeline")).toContainText("Payment confirmed");
    await expect(buyerPage.getByTestId("order-timeline")).toContainText(`${name} shipped (tracking GIG-123)`);
    await snap(buyerPage, "order-buyer", project);
    await buyerPage.pdf({ path: "e2e/screenshots/receipt.pdf", format: "A4", printBackground: true });
    await buyerPage.emulateMedia({ media: "print" });
    await expect(buyerPage.getByTestId("receipt")).toContainText(form.reference);
    await expect(buyerPage.getByTestId("receipt")).toContainText("Paid");

    // The server draws the page for its buyer (the order is in the HTML), and it is personal: never stored by a cache.
    const direct = await buyerContext.request.get(`/account/orders/${form.order_id}`);
    expect(direct.headers()["cache-control"]).toMatch(/no-store/);
    expect(await direct.text()).toContain(`Order ${form.number}`);
    await buyerContext.close();
  });
});
