/**
 * Pay on delivery at 390 px (ADRs 0220-0222; in the `money` project: entering the code records a
 * sale): a seller of the test's own takes pay on delivery in Lagos (set on the Delivery screen), a
 * customer of the test's own (verified phone, Lagos address) first sees "Pay on delivery" disabled
 * with its reason (the seller is on the store's rate), then picks it at checkout,
 * lands on their order page ("Pay the courier ₦X on delivery", the code sent), the code is read
 * from the dev outbox as the buyer would read the SMS, and the seller enters it on the back
 * office's order page: the line is delivered and paid. Screenshots at 390 and 1280 px.
 */
import { codeFor, expect, signInPage, snap, snapDesktop, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const fmt = (n: number) => `₦${n.toLocaleString("en-NG", { maximumFractionDigits: 2 })}`;

test.describe("pay on delivery at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 });

  test("the buyer picks pay on delivery, gets the code by SMS, the seller enters it @phone", async ({
    page,
    request,
    customer,
    seller,
  }, info) => {
    test.slow();
    const project = `${info.project.name}-390`;
    const name = `Adire Throw ${Date.now().toString(36)}`;
    // One unit under ₦20,000: the other specs that buy from the public list pick products with two
    // or more units, or enough for free shipping, so none picks this seller's own-rate item meanwhile.
    const price = 18_000;
    const fee = 1_500;
    const category = seller.categories.find((c) => c.type === "market-place")!;
    const made = await request.post("/api/product", {
      ...auth(seller.token),
      data: { name, category_id: category._id, price, count_in_stock: 1, description: "Hand-dyed in Abeokuta." },
    });
    expect(made.status(), await made.text()).toBe(201);
    const productId = (await made.json()).data._id as string;
    expect((await request.post("/api/cart", { ...auth(customer.token), data: { product_id: productId, count: 1 } })).status()).toBe(200);

    // At the store's rate the seller takes no cash: the option is disabled with the reason.
    await signInPage(page, request, customer);
    await page.goto("/checkout");
    await expect(page.getByLabel("Payment type").locator('option[value="pay_on_delivery"]')).toBeDisabled();
    await expect(page.getByTestId("pod-reason")).toHaveText(
      `${name} cannot be paid on delivery in Lagos: its seller does not accept pay on delivery there. Choose Bank Transfer.`,
    );
    await snap(page, "pod-checkout-disabled", project);
    await page.context().clearCookies();

    // The seller switches pay on delivery on for Lagos on their Delivery screen.
    await signInPage(page, request, seller);
    await page.goto(`${BO}/shipping`);
    await page.getByRole("combobox", { name: "Add a state" }).click();
    await page.getByRole("option", { name: "Lagos", exact: true }).click();
    await page.getByLabel("Lagos fee").fill(String(fee));
    await page.getByLabel("Lagos fewest days").fill("1");
    await page.getByLabel("Lagos most days").fill("2");
    await page.getByLabel("Lagos pay on delivery").check({ force: true });
    await page.getByRole("button", { name: "Save delivery rates" }).click();
    await expect(page.getByText("Delivery rates saved")).toBeVisible();
    await snap(page, "pod-delivery-switch", project);
    const rates = (await (await request.get(`/api/shipping/rates?seller_id=${seller.id}`)).json()).data.rates;
    expect(rates).toEqual([{ state: "Lagos", fee, min_days: 1, max_days: 2, pay_on_delivery: true }]);

    // The buyer checks out with pay on delivery.
    await page.context().clearCookies();
    await signInPage(page, request, customer);
    await page.goto("/checkout");
    await expect(page.getByTestId("checkout-total")).toContainText(fmt(price + fee).replace("₦", ""));
    const type = page.getByLabel("Payment type");
    await expect(type.locator('option[value="pay_on_delivery"]')).toBeEnabled();
    await type.selectOption("pay_on_delivery");
    await expect(page.getByTestId("pod-note")).toContainText(`Pay the courier ${fmt(price + fee)} on delivery`);
    await snap(page, "pod-checkout", project);
    await snapDesktop(page, "pod-checkout");
    await page.getByRole("button", { name: "Place Order" }).click();

    await expect(page).toHaveURL(/\/account\/orders\//);
    const orderId = page.url().split("/").pop()!;
    await expect(page.getByTestId("pod-pay")).toHaveText(`Pay the courier ${fmt(price + fee)} on delivery`);
    await expect(page.getByTestId("pod-code-sent")).toBeVisible();
    await snap(page, "pod-buyer-order", project);
    await snapDesktop(page, "pod-buyer-order");
    const code = await codeFor(request, customer.phone);

    // The seller enters the code on the back office's order page.
    await page.context().clearCookies();
    await signInPage(page, request, seller);
    await page.goto(`${BO}/orders/${orderId}`);
    await expect(page.getByTestId("pod-panel")).toContainText(`Collect ${fmt(price + fee)} in cash`);
    await snap(page, "pod-seller-order", project);
    await snapDesktop(page, "pod-seller-order");
    await page.getByLabel("Buyer's delivery code").fill(code);
    await page.getByRole("button", { name: "Delivered and paid" }).click();
    await expect(page.getByTestId("pod-delivery")).toContainText("Paid on delivery");
    const view = (await (await request.get(`/api/orders/${orderId}`, auth(seller.token))).json()).data;
    expect(view.lines[0].fulfilment).toBe("delivered");
    await snap(page, "pod-seller-paid", project);
  });
});
