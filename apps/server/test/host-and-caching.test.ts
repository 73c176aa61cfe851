/**
 * Answers that depend on who asks or on the Host header say so, and links never come from a
 * forged Host: with PUBLIC_URL (required in production) robots.txt, the sitemap and link previews
 * use it whatever Host / X-Forwarded-Host claim; without it the answer carries `Vary` on those
 * headers. Answers to signed-in callers are `private, no-store`, and API reads vary on Authorization.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

const FORGED = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe("with PUBLIC_URL", () => {
  let ctx: TestContext;
  let productUrl: string;
  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_URL: "https://shop.example.ng" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const category = await createCategory(ctx.db);
    const product = await createProduct(ctx.db, { userId: seller.user.id, categoryId: category.id, price: 5000, countInStock: 3 });
    productUrl = `/product/market-place/${product.id}`;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("robots.txt, the sitemap and a product's link preview ignore a forged Host", async () => {
    for (const url of ["/robots.txt", "/sitemap.xml", productUrl]) {
      const res = await ctx.request({ method: "GET", url, headers: FORGED });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain("evil.example");
      expect(res.body, url).toContain("https://shop.example.ng");
    }
  });
});

describe("without PUBLIC_URL (development)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers built from the request's host vary on it", async () => {
    const res = await ctx.request({ method: "GET", url: "/robots.txt", headers: { host: "shop.local:3000" } });
    expect(res.body).toContain("http://shop.local:3000/sitemap.xml");
    expect(String(res.headers.vary)).toMatch(/X-Forwarded-Host/i);
    expect(String(res.headers.vary)).toMatch(/\bHost\b/i);
  });

  it("a signed-in caller's answers are private and API reads vary on Authorization", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const me = await ctx.request({ method: "GET", url: "/api/me", token });
    expect(me.statusCode).toBe(200);
    expect(me.headers["cache-control"]).toBe("private, no-store");
    expect(String(me.headers.vary)).toMatch(/Authorization/);
    const anonymous = await ctx.request({ method: "GET", url: "/api/category" });
    expect(String(anonymous.headers.vary)).toMatch(/Authorization/);
    expect(anonymous.headers["cache-control"]).toBeUndefined();
  });
});
