/**
 * The browser's session is an HttpOnly cookie (ADR 0127) and the server draws signed-in pages for it
 * (ADR 0129): after a sign-in through the form, the first HTML of a reload already carries the
 * user's header (no "Login / Register"), the app hydrates it without React's error #418, no token
 * is in localStorage or readable by scripts, and a 401 makes the header look signed out at once.
 */
import { HEADER_NAME_MAX, SESSION_COOKIES } from "@market/contract";
import { DEMO, expect, sessionToken, test } from "./fixtures";

type Product = { _id: string; name: string; count_in_stock: number };

test.describe("session cookie @phone", () => {
  test("after sign-in the first HTML is signed in, hydration matches, and no token is readable", async ({ page, request }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));

    await page.goto("/signin");
    const form = page.getByRole("form", { name: "Login" });
    await form.getByLabel("Email address or phone number").fill(DEMO.customer.email);
    await form.locator("input[autocomplete=current-password]").fill(DEMO.customer.password);
    await form.getByRole("button", { name: "Login" }).click();
    const badge = page.getByTestId("account-badge");
    await expect(badge).toBeVisible();
    // The header shows the name cut to HEADER_NAME_MAX characters (spec §2).
    const me = await (await page.context().request.get("/api/me")).json();
    const name = (me.data.names as string).slice(0, HEADER_NAME_MAX);
    await expect(badge).toContainText(name);

    // The session: HttpOnly (no script reads it), SameSite=Lax; nothing in localStorage.
    const cookie = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIES.session);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIES.session);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))).toEqual([]);

    // The first HTML of each server-drawn page, fetched with the browser's cookies (before any
    // script could run): the user's header, My Account to /account, never "Login / Register".
    const products = ((await (await request.get("/api/product?limit=6")).json()).products as Product[]).slice(0, 3);
    const urls = ["/", "/categories/collections/market-place/001", ...products.map((p) => `/product/market-place/${p._id}`)];
    for (const url of urls) {
      const res = await page.context().request.get(url);
      const html = await res.text();
      expect(html, url).toContain('data-testid="account-badge"');
      expect(html, url).toContain(name);
      expect(html, url).toContain('href="/account"');
      expect(html, url).not.toContain("Login / Register");
      expect(res.headers()["cache-control"], url).toBe("private, no-store");
    }
    // ...and an anonymous visitor still gets the shared signed-out page.
    const anonymous = await (await request.get(urls[2]!)).text();
    expect(anonymous).toContain("Login / Register");
    expect(anonymous).not.toContain(name);

    // Product pages loaded again and again: the app takes over the signed-in HTML without a mismatch.
    for (const url of urls.slice(2).concat(urls.slice(2))) {
      await page.goto(url);
      await expect(badge).toContainText(name);
      await expect(page.getByRole("link", { name: "Login / Register" })).toHaveCount(0);
    }
    expect(errors.filter((e) => /#418|hydrat|did not match/i.test(e))).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => /token/i.test(k)))).toEqual([]);
  });

  test("a token left in localStorage by an older version is removed and its session ended", async ({ page, request }) => {
    const token = (await (await request.post("/api/signin", { data: DEMO.customer })).json()).token as string;
    await page.addInitScript((t) => {
      if (!sessionStorage.getItem("seeded")) {
        localStorage.setItem("market.token", t);
        sessionStorage.setItem("seeded", "1");
      }
    }, token);
    await page.goto("/");
    await expect.poll(() => page.evaluate(() => localStorage.getItem("market.token"))).toBeNull();
    await expect.poll(async () => (await request.get("/api/me", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
  });

  test("after a 401 from the API the header looks signed out at once", async ({ page, request }, info) => {
    await page.context().request.post("/api/signin", { data: DEMO.customer });
    const token = await sessionToken(page);
    expect(token).toBeTruthy();
    const products = (await (await request.get("/api/product?limit=12")).json()).products as Product[];
    const product = products.find((p) => p.count_in_stock > 0)!;
    await page.goto(`/product/market-place/${product._id}`);
    await expect(page.getByTestId("account-badge")).toBeVisible();

    // The session ends elsewhere (signed out from another device).
    expect((await request.post("/api/signout", { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/cart") && r.request().method() === "POST"),
      page.getByRole("button", { name: "Add To Cart" }).first().click(),
    ]);
    expect(res.status()).toBe(401);
    await expect(page.getByTestId("account-badge")).toHaveCount(0);
    // Phones keep the sign-in link in the closed menu drawer, not in the page.
    if (info.project.name === "desktop") await expect(page.getByRole("link", { name: "Login / Register" }).first()).toBeAttached();
    expect(await page.evaluate(() => document.cookie)).not.toContain(SESSION_COOKIES.signedIn);
  });
});
