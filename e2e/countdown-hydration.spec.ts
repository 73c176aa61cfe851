/**
 * A pending order's "Time remaining: N seconds" is drawn by the server and counted again by the
 * browser a moment later: the pages that show it (cart, account) hydrate without React's
 * text-mismatch error (#418), even when the scripts arrive more than a second after the HTML.
 */
import { expect, lagosCheckout, signInPage, test } from "./fixtures";

test("a pending order's countdown hydrates without a mismatch on a slow load @phone", async ({ page, request, customer }) => {
  const token = await signInPage(page, request, customer);
  const auth = { authorization: `Bearer ${token}` };
  const api = page.context().request;
  const products = (await (await api.get("/api/product?limit=12")).json()).products as {
    _id: string;
    price: number;
    count_in_stock: number;
  }[];
  const product = products.find((p) => p.count_in_stock > 0)!;
  expect((await api.post("/api/cart", { headers: auth, data: { product_id: product._id, count: 1 } })).status()).toBe(200);
  const session = await api.post("/api/transactions/createSession", {
    headers: auth,
    data: lagosCheckout(product.price),
  });
  expect(session.status(), await session.text()).toBe(200);

  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  // Scripts 1.5 s late: the browser's first count is at least one second below the server's.
  await page.route("**/*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  for (const path of ["/account", "/cart"]) {
    await page.goto(path);
    await expect(page.getByRole("timer").first()).toContainText(/Time remaining: \d+ seconds/);
  }
  expect(errors.filter((e) => /#418|hydrat/i.test(e))).toEqual([]);
});
