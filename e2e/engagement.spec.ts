/**
 * Engagement: the wishlist (add, see it in /wishlist, remove), the contact form, and the link
 * previews the server puts into product pages (Open Graph + JSON-LD) and the sitemap.
 */
import { formatNaira, TEXT } from "@market/contract";
import { expect, signInPage, snap, test } from "./fixtures";

type Product = { _id: string; name: string; price: number; count_in_stock: number; image_urls: string[] };

async function someProducts(request: import("@playwright/test").APIRequestContext): Promise<Product[]> {
  const res = await request.get("/api/product?limit=12");
  expect(res.status()).toBe(200);
  const products = (await res.json()).products as Product[];
  expect(products.length).toBeGreaterThan(2);
  return products;
}

test.describe("wishlist @phone", () => {
  test("a saved product shows in /wishlist with its price and stock word, and can be removed", async ({
    page,
    request,
    customer,
  }, info) => {
    // A new customer: the wishlist starts empty.
    const token = await signInPage(page, request, customer);
    const auth = { authorization: `Bearer ${token}` };

    const [first, second] = (await someProducts(request)).filter((p) => p.count_in_stock > 0);
    expect(first && second).toBeTruthy();
    for (const p of [first!, second!]) {
      const res = await request.post("/api/wishlist", { headers: auth, data: { product_id: p._id } });
      expect(res.status()).toBe(200);
    }

    await page.goto("/wishlist");
    await expect(page.getByRole("heading", { name: "Wishlist", level: 1 })).toBeVisible();
    const rows = page.getByTestId("wishlist-row");
    await expect(rows).toHaveCount(2);
    const row = rows.filter({ hasText: first!.name });
    await expect(row).toContainText(formatNaira(first!.price));
    await expect(row.getByText("IN STOCK")).toBeVisible();
    await expect(row.getByRole("button", { name: "ADD TO CART" })).toBeEnabled();
    await snap(page, "wishlist", info.project.name);

    await row.getByRole("button", { name: `Remove ${first!.name} from wishlist` }).click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByText(first!.name)).toHaveCount(0);
    const after = (await (await request.get("/api/wishlist", { headers: auth })).json()).data as { _id: string }[];
    expect(after.map((i) => i._id)).toEqual([second!._id]);
  });

  test("ADD TO CART from the wishlist puts the product in the cart", async ({ page, request, customer }) => {
    const token = await signInPage(page, request, customer);
    const auth = { authorization: `Bearer ${token}` };
    const product = (await someProducts(request)).find((p) => p.count_in_stock > 0)!;
    await request.post("/api/wishlist", { headers: auth, data: { product_id: product._id } });
    await page.goto("/wishlist");
    await page.getByTestId("wishlist-row").filter({ hasText: product.name }).getByRole("button", { name: "ADD TO CART" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect
      .poll(async () =>
        ((await (await request.get("/api/cart", { headers: auth })).json()).data as { productId: { _id: string } }[]).map(
          (l) => l.productId._id,
        ),
      )
      .toContain(product._id);
  });

  test("a signed-out shopper is asked to sign in", async ({ page }, info) => {
    await page.goto("/wishlist");
    await expect(page.getByText("Sign in to see the products you saved for later.")).toBeVisible();
    await snap(page, "wishlist-signed-out", info.project.name);
  });
});

test.describe("contact @phone", () => {
  test("sends the contact form and shows the result in the status area", async ({ page }, info) => {
    await page.goto("/contactScreen");
    await expect(page.getByRole("heading", { name: "Contact Us" })).toBeVisible();
    // The map loads only when asked for (mobile data): no map frame until "Show map".
    await expect(page.getByRole("button", { name: TEXT.contactMap.show })).toBeVisible();
    await expect(page.locator("iframe[title^='Map:']")).toHaveCount(0);
    await page.getByLabel("Your Name").fill("Amaka Obi");
    await page.getByLabel("Your Email").fill("amaka@example.ng");
    await page.getByLabel("Subject").fill("Delivery to Ikeja");
    await page.getByLabel("Your Message").fill("Do you deliver to Ikeja on Sundays?");
    await page.getByRole("button", { name: "SEND A MESSAGE" }).click();
    await expect(page.getByTestId("contact-status")).toContainText("Your message has been sent");
    await expect(page.getByLabel("Your Name")).toHaveValue("");
    // Full-page screenshots draw the sticky header where the page is scrolled to: go back to the top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "contact", info.project.name);
  });

  test("the browser refuses a message without the required name", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Your Email").fill("amaka@example.ng");
    await page.getByRole("button", { name: "SEND A MESSAGE" }).click();
    expect(await page.getByLabel("Your Name").evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(page.getByTestId("contact-status")).toBeEmpty();
  });
});

test.describe("link previews", () => {
  test("a product page's HTML carries its own title, Open Graph tags and Product JSON-LD, and the app still starts", async ({
    page,
    request,
  }) => {
    // A product with a picture (other specs add newer ones without), so the page has an og:image.
    const product = (await someProducts(request)).find((p) => p.image_urls.length > 0)!;
    expect(product, "a product with a picture").toBeDefined();
    const res = await request.get(`/product/market-place/${product._id}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<meta property="og:type" content="product" />`);
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+-thumb\.webp" \/>/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!);
    expect(ld).toMatchObject({ "@type": "Product", offers: { priceCurrency: "NGN", price: product.price.toFixed(2) } });
    // The built app's own scripts are still in the page and it boots.
    expect(html).toMatch(/<script type="module"[^>]+src="\/assets\//);
    await page.goto(`/product/market-place/${product._id}`);
    await expect(page.locator("#root")).not.toBeEmpty();
    const image = await request.get(new URL(/og:image" content="([^"]+)"/.exec(html)![1]!).pathname);
    expect(image.status()).toBe(200);
    expect(Number(image.headers()["content-length"] ?? (await image.body()).length)).toBeLessThan(300_000);
  });

  test("the sitemap lists the listing roots and products", async ({ request }) => {
    const res = await request.get("/sitemap.xml");
    expect(res.status()).toBe(200);
    const xml = await res.text();
    expect(xml).toContain("/categories/collections/market-place/001</loc>");
    const product = (await someProducts(request))[0]!;
    expect(xml).toContain(`/product/market-place/${product._id}</loc>`);
  });
});
