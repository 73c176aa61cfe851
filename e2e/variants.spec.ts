/**
 * Products in sizes and colours at 390 px (ADR 0215), against the built app: a seller adds a dress
 * in 2 sizes x 2 colours from the back office (options, generate combinations, set all), a shopper
 * picks Blue M on the product page, the cart names "Ankara Wrap Dress, Size M, Blue", the seller's
 * paid order line says so too, and only that variant's stock went down.
 */

import { BACKOFFICE_PATHS } from "@market/contract";
import { apiSignIn, DEMO, expect, lagosCheckout, signInPage, test } from "./fixtures";

type Variant = { _id: string; sku: string; options: Record<string, string>; price: number; count_in_stock: number };
type Product = { _id: string; name: string; options: { name: string; values: string[] }[]; variants: Variant[] };

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

test.use({ viewport: { width: 390, height: 844 } });

test("a seller adds a dress in 2 sizes x 2 colours; a shopper buys Blue M; cart, order line and stock say so", async ({
  page,
  browser,
  request,
  seller,
  customer,
}) => {
  const name = `Ankara Wrap Dress ${Date.now().toString(36)}`;

  // The seller, on a phone: options, values, combinations, one price and stock for all.
  await signInPage(page, request, seller);
  await page.goto(BACKOFFICE_PATHS.addProducts);
  await page.getByLabel("Name").fill(name);
  await page.getByRole("combobox", { name: "Category" }).click();
  await page.getByRole("option").first().click();
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option name").fill("Size");
  const values = page.getByRole("combobox", { name: "Values" });
  await values.first().fill("S");
  await values.first().press("Enter");
  await values.first().fill("M");
  await values.first().press("Enter");
  await page.getByRole("button", { name: "Add option" }).click();
  await page.getByLabel("Option name").nth(1).fill("Colour");
  await values.nth(1).fill("Red");
  await values.nth(1).press("Enter");
  await values.nth(1).fill("Blue");
  await values.nth(1).press("Enter");
  await page.getByRole("button", { name: "Generate combinations" }).click();
  await expect(page.getByTestId("variant-row")).toHaveCount(4);
  await page.getByLabel("Price for all (₦)").fill("15000");
  await page.getByLabel("Stock for all").fill("5");
  await page.getByRole("button", { name: "Set all" }).click();
  await page.getByLabel("Description").fill("Wax print, wrap front, tie waist.");
  await page.screenshot({ path: "test-results/variants-seller-form-390.png", fullPage: true });
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(page.getByText("Product Successfully Created").first()).toBeVisible();

  const mine = (await (await request.get(`/api/product?user_id=${seller.id}&limit=24`)).json()).products as Product[];
  const dress = mine.find((p) => p.name === name)!;
  expect(dress.variants).toHaveLength(4);
  const blueM = dress.variants.find((v) => v.options.Size === "M" && v.options.Colour === "Blue")!;

  // The products table: total stock and "4 variants".
  await page.goto(BACKOFFICE_PATHS.viewProducts);
  await expect(page.getByText("4 variants").filter({ visible: true }).first()).toBeVisible();

  // The shopper, on a phone: Add To Cart waits for a full choice; Blue M goes in the cart.
  const shopper = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signInPage(shopper, request, customer);
  await shopper.goto(`/product/market-place/${dress._id}`);
  const add = shopper.getByRole("button", { name: "Add To Cart" });
  await expect(add).toBeDisabled();
  // This page is not the fixture's (no wait for the app): a tap before hydration is tried again.
  for (const name of ["Size M", "Colour Blue"]) {
    const value = shopper.getByRole("button", { name, exact: true });
    await expect(async () => {
      await value.click();
      await expect(value).toHaveAttribute("aria-pressed", "true", { timeout: 1000 });
    }).toPass();
  }
  await expect(add).toBeEnabled();
  await shopper.screenshot({ path: "test-results/variants-product-390.png", fullPage: true });
  await add.click();
  await expect(shopper).toHaveURL(/\/cart$/);
  await expect(shopper.getByText(`${name}, Size M, Blue`).filter({ visible: true }).first()).toBeVisible();
  await shopper.screenshot({ path: "test-results/variants-cart-390.png", fullPage: true });

  // Checkout, payment said and confirmed by the admin (through the API, as the other specs do).
  const session = await request.post("/api/transactions/createSession", { headers: auth(customer.token), data: lagosCheckout(15000) });
  expect(session.status(), await session.text()).toBe(200);
  const form = (await session.json()).data.Form;
  const paid = await request.put("/api/transactions", { headers: auth(customer.token), data: form });
  expect(paid.status(), await paid.text()).toBe(200);
  const admin = await apiSignIn(request, DEMO.admin);
  const confirm = await request.put("/api/admin/transactions", {
    headers: auth(admin),
    data: { transaction_id: (await paid.json()).data.transaction_id, action: "confirm" },
  });
  expect(confirm.status(), await confirm.text()).toBe(200);

  // The seller's ordered products name the variant.
  await page.goto(BACKOFFICE_PATHS.viewOrderedProducts);
  await expect(page.getByText(`${name}, Size M, Blue`).filter({ visible: true }).first()).toBeVisible();
  await page.screenshot({ path: "test-results/variants-seller-lines-390.png", fullPage: true });

  // Only Blue M's stock went down.
  const after = (await (await request.get(`/api/product?id=${dress._id}`)).json()).products as Product;
  for (const v of after.variants) expect(v.count_in_stock, JSON.stringify(v.options)).toBe(v._id === blueM._id ? 4 : 5);
});

test("a seller checks a CSV (dry run: row errors shown), then imports it skipping the bad row; screens at 1280 px too", async ({
  page,
  request,
  seller,
}) => {
  await signInPage(page, request, seller);
  await page.goto(BACKOFFICE_PATHS.bulkProducts);
  await expect(page.getByRole("heading", { name: "Bulk Upload" })).toBeVisible();
  const csv = [
    "Handle,Title,Body,Category,Option1 Name,Option1 Value,Variant SKU,Variant Price,Variant Inventory Qty",
    `slip,Palm Slippers ${seller.id.slice(0, 6)},,Fashion,Size,42,PS-42,12500,6`,
    "slip,,,,,43,PS-43,12500,4",
    "bad,Odd Thing,,Spaceships,,,,5000,2",
  ].join("\n");
  await page.locator("input[type=file]").setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Check the file" }).click();
  const rows = page.getByTestId("import-rows");
  await expect(rows).toContainText("Category: Unknown category Spaceships");
  await page.screenshot({ path: "test-results/variants-bulk-390.png", fullPage: true });
  await page.getByRole("button", { name: "Import, skipping 1 row with errors" }).click();
  await expect(page.getByText("1 created, 0 updated, 1 rows skipped").first()).toBeVisible();
  const mine = (await (await request.get(`/api/product?user_id=${seller.id}&limit=24`)).json()).products as Product[];
  expect(mine.map((p) => p.variants.length)).toEqual([2]);

  // The same screens at 1280 px, to look at.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${BACKOFFICE_PATHS.addProducts.replace("add_products", `update_products/${mine[0]!._id}`)}`);
  await expect(page.getByTestId("variant-row")).toHaveCount(2);
  await page.screenshot({ path: "test-results/variants-seller-form-1280.png", fullPage: true });
  await page.goto(`/product/market-place/${mine[0]!._id}`);
  await expect(page.getByTestId("variant-picker")).toBeVisible();
  await page.screenshot({ path: "test-results/variants-product-1280.png", fullPage: true });
});
