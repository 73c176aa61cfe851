/**
 * Marketplace money end to end (design brief "Marketplace money"): a shopper buys from two sellers in
 * one checkout, the admin confirms the transfer, each seller's Earnings screen shows their own
 * pending share (the line less the commission at the store's rate); the lines are delivered and the
 * holding period passes (the e2e server runs with PAYOUT_HOLD_DAYS=0); a seller requests a payout
 * on the screen, the admin marks it paid, and the seller's available balance reads ₦0.00 with
 * the share paid out; the store's commission per seller is the rate times their sales. Then a refund
 * the admin records shows in the buyer's order history. Setup goes through the API; the screens
 * under test are the seller's Earnings, the admin's Payouts (one payout marked paid there, the other
 * through the API) and the buyer's account. Screenshots of Earnings at 1280 px and 390 px.
 */
import { FREE_SHIPPING_OVER_NAIRA, formatNaira, formatNairaDecimals, SHIPPING_FEE_NAIRA, shippingFeeKobo } from "@market/contract";
import type { APIRequestContext, Page } from "@playwright/test";
import { apiSignIn, DEMO, expect, signInPage, snap, test } from "./fixtures";

const BO = "/admin_real/dashboard";
const auth = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
const naira2 = (n: number) => formatNairaDecimals(n, 2, 2);
const tag = () => Date.now().toString(36) + Math.floor(Math.random() * 1000).toString(36);

/** Answer a call's JSON after checking its status. */
async function ok<T = unknown>(res: Awaited<ReturnType<APIRequestContext["get"]>>, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

type Who = { email: string; password: string };
type Seller = Who & { id: string; token: string; productId: string; productName: string; price: number; qty: number };

/** The commission on `naira` at `bps` basis points, as the server fixes it (kobo, half up). */
const commissionOf = (naira: number, bps: number) => Math.floor((Math.round(naira * 100) * bps + 5000) / 10_000) / 100;

/**
 * A new approved seller (created by the admin) with a verified payout account and one product of
 * `price` naira in a market-place category.
 */
async function newSeller(request: APIRequestContext, adminToken: string, categoryId: string, price: number, qty: number): Promise<Seller> {
  const t = tag();
  const who = { email: `money_${t}@example.ng`, password: "Money#2026" };
  const created = await ok<{ data: { _id: string } }>(
    await request.post("/api/admin/user/", {
      ...auth(adminToken),
      data: {
        names: `Money Seller ${t}`,
        username: `money_${t}`,
        email: who.email,
        phone: `0816${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`,
        password: who.password,
        accType: "business",
        category_ids: [categoryId],
      },
    }),
    201,
  );
  const id = created.data._id;
  const token = await apiSignIn(request, who);
  const account = { bank_code: "058", account_no: `01${String(Date.now()).slice(-8)}`, account_name: `MONEY SELLER ${t.toUpperCase()}` };
  await ok(await request.put("/api/me", { ...auth(token), data: { request_type: "profile", ...account } }));
  await ok(await request.put("/api/admin/users/bank_account", { ...auth(adminToken), data: { account_id: id, ...account } }));
  const productName = `Money Kettle ${t}`;
  const product = await ok<{ data: { _id: string } }>(
    await request.post("/api/product", {
      ...auth(token),
      data: { name: productName, category_id: categoryId, price, count_in_stock: 10, description: "For the money path." },
    }),
    201,
  );
  return { ...who, id, token, productId: product.data._id, productName, price, qty };
}

/** A new shopper checks out `items` in one cart, says they paid, and the admin confirms the transfer. */
async function buyAndConfirm(request: APIRequestContext, adminToken: string, items: Seller[]) {
  const t = tag();
  const shopper = { email: `shopper_${t}@example.ng`, password: "Shopper#2026" };
  await ok(
    await request.post("/api/admin/user/", {
      ...auth(adminToken),
      data: {
        names: `Money Shopper ${t}`,
        username: `shopper_${t}`,
        email: shopper.email,
        phone: `0817${String(Date.now() + Math.floor(Math.random() * 1e6)).slice(-7)}`,
        password: shopper.password,
        accType: "customer",
        category_ids: [],
      },
    }),
    201,
  );
  const token = await apiSignIn(request, shopper);
  for (const s of items) await ok(await request.post("/api/cart", { ...auth(token), data: { product_id: s.productId, count: s.qty } }));
  const subtotalKobo = items.reduce((sum, s) => sum + Math.round(s.price * 100) * s.qty, 0);
  // Shipping by the store's rule (free in Lagos over the threshold, ADR 0135).
  const amount = (subtotalKobo + shippingFeeKobo(subtotalKobo, "Lagos", FREE_SHIPPING_OVER_NAIRA)) / 100;
  const session = await ok<{ data: { Form: { order_id: string } } }>(
    await request.post("/api/transactions/createSession", {
      ...auth(token),
      data: {
        first_name: "Tunde",
        last_name: "Bakare",
        company: "",
        address1: "12 Allen Avenue",
        address2: "",
        city: "Ikeja",
        state: "Lagos",
        country: "Nigeria",
        zip: "100271",
        phone: "+2348031234567",
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
  const paid = await ok<{ data: { transaction_id: string } }>(await request.put("/api/transactions", { ...auth(token), data: form }));
  await ok(
    await request.put("/api/admin/transactions", {
      ...auth(adminToken),
      data: { transaction_id: paid.data.transaction_id, action: "confirm" },
    }),
  );
  return { shopper, shopperToken: token, orderId: form.order_id };
}

/** The seller's order lines (newest first). */
async function sellerLines(request: APIRequestContext, seller: Seller) {
  return (
    await ok<{ data: Array<{ _id: string; order_id: string }> }>(await request.get("/api/orders/lines?limit=100", auth(seller.token)))
  ).data;
}

/** The commission settings: the store's rate and each category's own (basis points). */
async function commissionSettings(request: APIRequestContext, adminToken: string) {
  type Settings = { store_bps: number; categories: Array<{ category_id: string; type: string; bps: number | null }> };
  return (await ok<{ data: Settings }>(await request.get("/api/admin/commission", auth(adminToken)))).data;
}

/** The seller delivers every one of their lines of `orderId`. */
async function deliverLines(request: APIRequestContext, seller: Seller, orderId: string) {
  const mine = (await sellerLines(request, seller)).filter((l) => l.order_id === orderId);
  expect(mine).toHaveLength(1);
  for (const l of mine)
    await ok(await request.put("/api/orders/lines", { ...auth(seller.token), data: { line_id: l._id, fulfilment: "delivered" } }));
}

/** Full-page screenshots at 1280 px and 390 px wide (e2e/screenshots). */
async function snapBoth(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, name, "1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("statement-row").first()).toBeVisible();
  await snap(page, name, "390");
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe("marketplace money", () => {
  test("two sellers, one checkout: pending share, delivery, payout requested and paid, balance zero", async ({ page, request }) => {
    // Four visits of Earnings by three accounts and two full-page screenshots: past the default
    // minute when the machine is shared with other builds.
    test.slow();
    const adminToken = await apiSignIn(request, DEMO.admin);
    const commission = await commissionSettings(request, adminToken);
    const category = commission.categories.find((c) => c.type === "market-place")!;
    const bps = category.bps ?? commission.store_bps;
    const a = await newSeller(request, adminToken, category.category_id, 12_500, 2);
    const b = await newSeller(request, adminToken, category.category_id, 7_250.5, 3);
    const share = (s: Seller) => {
      const sales = Math.round(s.price * 100 * s.qty) / 100;
      return Math.round((sales - commissionOf(sales, bps)) * 100) / 100;
    };
    const { orderId, shopperToken } = await buyAndConfirm(request, adminToken, [a, b]);

    // Each seller sees their own share only, pending: B on Earnings, A reaching it from the menu.
    const expectPendingShare = async (s: Seller) => {
      await expect(page.getByTestId("balance-pending")).toHaveText(naira2(share(s)));
      await expect(page.getByTestId("balance-available")).toHaveText("₦0.00");
      const rows = page.getByTestId("statement-row");
      await expect(rows).toHaveCount(1);
      const sales = Math.round(s.price * 100 * s.qty) / 100;
      await expect(rows.first()).toContainText(`Sale: ${s.productName}`);
      await expect(rows.first()).toContainText(`${naira2(sales)} less ${naira2(commissionOf(sales, bps))} commission`);
      await expect(rows.first().getByTestId("entry-amount")).toHaveText(`+${naira2(share(s))}`);
      await expect(page.getByTestId("payout-blocked")).toHaveText("You have no available balance to pay out yet.");
    };
    await signInPage(page, request, b);
    await page.goto(`${BO}/earnings`);
    await expectPendingShare(b);
    await signInPage(page, request, a);
    await page.goto(`${BO}/change_pwd`);
    await page.getByTestId("nav-earnings").click();
    await expect(page.getByRole("heading", { name: "Earnings", level: 2 })).toBeVisible();
    await expectPendingShare(a);

    // Delivered and the buyer confirms receipt (ADR 0194); no holding period on the e2e server: the share is available.
    await deliverLines(request, a, orderId);
    await deliverLines(request, b, orderId);
    await ok(await request.post(`/api/orders/${orderId}/received`, { ...auth(shopperToken), data: {} }));
    await page.reload();
    await expect(page.getByTestId("balance-available")).toHaveText(naira2(share(a)));
    await expect(page.getByTestId("balance-pending")).toHaveText("₦0.00");

    // Seller A asks for the whole available balance on the screen.
    await page.getByRole("button", { name: "Request payout" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`${naira2(share(a))} will be sent to account`);
    await dialog.getByRole("button", { name: "Request payout" }).click();
    await expect(page.locator(".mantine-Notification-root").filter({ hasText: "Payout requested" })).toBeVisible();
    await expect(page.getByTestId("balance-available")).toHaveText("₦0.00");
    await expect(page.getByTestId("balance-in-transit")).toHaveText(naira2(share(a)));
    await expect(page.getByTestId("payout-row").first().getByTestId("payout-status")).toHaveText("Requested");

    // Seller B asks through the API. The admin pays A's on the Payouts screen with the bank's
    // reference, and B's through the API.
    await ok(await request.post("/api/payouts", { ...auth(b.token), data: {} }));
    await signInPage(page, request, DEMO.admin);
    await page.goto(`${BO}/payouts`);
    const due = page.getByTestId("payout-row").filter({ hasText: a.email });
    await expect(due).toContainText(formatNaira(share(a)));
    await due.getByRole("button", { name: "Mark paid" }).click();
    const decide = page.getByRole("dialog", { name: "Mark this payout paid?" });
    await decide.getByLabel("Bank reference").fill(`GTB-${a.id.slice(0, 6)}`);
    await decide.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.locator(".mantine-Notification-root").filter({ hasText: "Payout marked paid" })).toBeVisible();
    type Due = Array<{ _id: string; seller: { _id: string }; amount: number }>;
    const requested = (await ok<{ data: Due }>(await request.get("/api/admin/payouts?status=requested&limit=100", auth(adminToken)))).data;
    expect(requested.some((p) => p.seller._id === a.id)).toBe(false);
    const payoutB = requested.find((p) => p.seller._id === b.id)!;
    expect(payoutB.amount).toBe(share(b));
    await ok(
      await request.put("/api/admin/payouts", {
        ...auth(adminToken),
        data: { payout_id: payoutB._id, action: "paid", reference: `GTB-${b.id.slice(0, 6)}` },
      }),
    );

    // Seller A: nothing left, everything paid out.
    await signInPage(page, request, a);
    await page.goto(`${BO}/earnings`);
    await expect(page.getByTestId("balance-available")).toHaveText("₦0.00");
    await expect(page.getByTestId("balance-pending")).toHaveText("₦0.00");
    await expect(page.getByTestId("balance-in-transit")).toHaveText("₦0.00");
    await expect(page.getByTestId("balance-paid-out")).toHaveText(naira2(share(a)));
    const payoutRow = page.getByTestId("payout-row").first();
    await expect(payoutRow.getByTestId("payout-status")).toHaveText("Paid");
    await expect(payoutRow).toContainText(`ref GTB-${a.id.slice(0, 6)}`);
    await snapBoth(page, "earnings");

    // The store's figures: each seller's commission is the rate times their sales; nothing owed.
    type Figures = { sellers: Array<{ seller: { _id: string }; sales: number; commission: number; pending: number; available: number }> };
    const figures = (await ok<{ data: Figures }>(await request.get("/api/admin/finance", auth(adminToken)))).data;
    for (const s of [a, b]) {
      const row = figures.sellers.find((r) => r.seller._id === s.id)!;
      const sales = Math.round(s.price * 100 * s.qty) / 100;
      expect(row).toMatchObject({ sales, commission: commissionOf(sales, bps), pending: 0, available: 0 });
    }
  });

  test("a refunded line shows in the buyer's order history", async ({ page, request }) => {
    const adminToken = await apiSignIn(request, DEMO.admin);
    const categoryId = (await commissionSettings(request, adminToken)).categories.find((c) => c.type === "market-place")!.category_id;
    const seller = await newSeller(request, adminToken, categoryId, 9_000, 1);
    const { shopper, orderId } = await buyAndConfirm(request, adminToken, [seller]);
    const lineId = (await sellerLines(request, seller)).find((l) => l.order_id === orderId)!._id;
    await ok(
      await request.post("/api/admin/refunds", {
        ...auth(adminToken),
        data: { order_id: orderId, line_id: lineId, amount: 2500.5, reason: "Lid arrived cracked" },
      }),
    );

    await signInPage(page, request, shopper);
    await page.goto("/account");
    const refunds = page.getByTestId("order-refunds");
    await expect(refunds).toContainText("Refunded ₦2,500.5");
    await expect(refunds).toContainText(`₦2,500.5 for ${seller.productName}: Lid arrived cracked`);
  });
});
