/**
 * Notifications end to end (ADRs 0181, 0182), on a phone (390 px): a customer buys a seller's
 * product, the admin confirms the transfer and the seller marks the line shipped; the customer's
 * bell then counts the unread notifications and its list shows "Shipped" with the order number;
 * opening it marks them read. The seller's bell in the back office shows the new order. The
 * notification settings show the security messages locked. Setup goes through the API.
 * The admin's confirmations change the store's money, so the spec runs in the "money" project (ADR
 * 0176), at 390 px by its own viewport. Screenshots in SHOTS_DIR when it is set.
 */
import { FREE_SHIPPING_OVER_NAIRA, SHIPPING_FEE_NAIRA, shippingFeeKobo } from "@market/contract";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiSignIn, DEMO, expect, type OwnAccount, signInPage, test } from "./fixtures";

const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function shot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png` });
}

/** The customer buys one unit of a new product of the seller; the admin confirms the transfer. */
async function paidOrder(request: APIRequestContext, customer: OwnAccount, seller: OwnAccount) {
  const price = 15000;
  const name = `Bell Kettle ${Date.now().toString(36)}`;
  const product = await ok<{ data: { _id: string } }>(
    await request.post("/api/product", {
      ...auth(seller.token),
      data: { name, category_id: seller.categories[0]!._id, price, count_in_stock: 5, description: "For the bell." },
    }),
    201,
  );
  await ok(await request.post("/api/cart", { ...auth(customer.token), data: { product_id: product.data._id, count: 1 } }));
  const amount = (price * 100 + shippingFeeKobo(price * 100, "Lagos", FREE_SHIPPING_OVER_NAIRA)) / 100;
  const session = await ok<{ data: { Form: { order_id: string } } }>(
    await request.post("/api/transactions/createSession", {
      ...auth(customer.token),
      data: {
        first_name: "Tunde",
        last_name: "Bakare",
        company: "",
        address1: "14 Allen Avenue",
        address2: "",
        city: "Ikeja",
        state: "Lagos",
        country: "Nigeria",
        zip: "100271",
        phone: "+2348096660006",
        shippingFees: SHIPPING_FEE_NAIRA,
        payment_type: "bank_transfer",
        product_type: "market-place",
        account_no: "0123456789",
        amount,
        replace_pending: true,
      },
    }),
  );
  const form = session.data.Form;
  const paid = await ok<{ data: { transaction_id: string } }>(
    await request.put("/api/transactions", { ...auth(customer.token), data: form }),
  );
  const admin = await apiSignIn(request, DEMO.admin);
  await ok(
    await request.put("/api/admin/transactions", { ...auth(admin), data: { transaction_id: paid.data.transaction_id, action: "confirm" } }),
  );
  const lines = await ok<{ data: Array<{ _id: string; order_id: string }> }>(
    await request.get("/api/orders/lines?limit=20", auth(seller.token)),
  );
  return { orderId: form.order_id, lineId: lines.data.find((l) => l.order_id === form.order_id)!._id, name };
}

test.describe("notifications", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the buyer's bell shows Shipped once the seller ships the line", async ({ page, request, customer, seller }) => {
    const order = await paidOrder(request, customer, seller);
    await ok(await request.put("/api/orders/lines", { ...auth(seller.token), data: { line_id: order.lineId, fulfilment: "shipped" } }));

    await signInPage(page, request, customer);
    // Scripts arriving slowly, as on patchy mobile data: a chunk loaded after the page's would
    // arrive well after the tap below.
    await page.route("**/assets/**", async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.continue();
    });
    await page.goto("/");
    // Order placed, payment confirmed, shipped: three unread.
    const bell = page.getByRole("button", { name: "Notifications (3 unread)" });
    await expect(bell).toBeVisible();
    await shot(page, "storefront-bell-390");
    // One tap opens the list: the bell takes over with the page (bell-loader.ts), so a tap after
    // `data-app-ready` is not lost, however late its chunk would arrive.
    await bell.click();
    await page.unrouteAll({ behavior: "wait" });
    const list = page.getByTestId("notification-list");
    await expect(list.getByText(/^Shipped: Bell Kettle .* \(order NM-\d\d-\d{6}\) is on its way\.$/)).toBeVisible();
    await expect(list.getByText(/^Payment confirmed for order NM-/)).toBeVisible();
    await shot(page, "storefront-list-390");
    // Opened: read.
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
    await list.getByText(/^Shipped:/).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${order.orderId}$`));

    await page.goto("/account/notifications");
    await expect(page.getByRole("checkbox", { name: /^Security: .*: SMS \(always on\)$/ })).toBeDisabled();
    await expect(page.getByRole("checkbox", { name: "Item shipped: E-mail" })).toBeChecked();
    await shot(page, "storefront-settings-390");
  });

  test("the seller's bell in the back office shows the new order to ship", async ({ page, request, customer, seller }) => {
    await paidOrder(request, customer, seller);
    await signInPage(page, request, seller);
    await page.goto("/admin_real/dashboard");
    const bell = page.getByRole("button", { name: /^Notifications \(\d+ unread\)$/ });
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(page.getByTestId("notification-list").getByText(/^New order NM-\d\d-\d{6} to ship \(1 item\): ship by /)).toBeVisible();
    await shot(page, "backoffice-list-390");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/admin_real/dashboard/notifications");
    await expect(page.getByTestId("notification-preferences")).toBeVisible();
    await shot(page, "backoffice-settings-1280");
  });
});
