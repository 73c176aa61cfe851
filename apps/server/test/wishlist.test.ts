import { WISHLIST_MAX } from "@market/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wishlistItems } from "../src/db/schema/index.js";
import { createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { createShopContext, errorBody, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
beforeAll(async () => {
  ctx = await createShopContext();
});
afterAll(() => ctx.close());

describe("GET /api/wishlist", () => {
  it("answers 401 when signed out", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/wishlist" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, message: expect.any(String) });
  });

  it("starts empty", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const res = await ctx.request({ method: "GET", url: "/api/wishlist", token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ statusCode: 200, data: [] });
  });
});

describe("POST /api/wishlist", () => {
  it("adds a product once, newest first, with naira price and stock status", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const a = await ctx.shop.product({ name: "Ofada Rice 5kg", price: 16500.5, countInStock: 3 });
    const b = await ctx.shop.product({ name: "Palm Oil 4 Litres", price: 11800, countInStock: 0 });
    const first = await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: a.id } });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe("Added to your wishlist");
    await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: b.id } });
    const again = await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: a.id } });
    expect(again.statusCode).toBe(200);
    const list = again.json().data;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ _id: b.id, name: "Palm Oil 4 Litres", price: 11800, count_in_stock: 0, in_stock: false, listed: true });
    expect(list[1]).toMatchObject({ _id: a.id, product_id: a.id, price: 16500.5, count_in_stock: 3, in_stock: true });
    const get = await ctx.request({ method: "GET", url: "/api/wishlist", token });
    expect(get.json().data.map((i: { _id: string }) => i._id)).toEqual([b.id, a.id]);
  });

  it("answers 400 with a field message for a bad product_id and a missing body", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const bad = await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: "nope" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("product_id");
    const missing = await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: {} });
    expect(missing.statusCode).toBe(400);
  });

  it("answers 404 for an unknown product and for an unlisted (pending seller's) product", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const unknown = await ctx.request({
      method: "POST",
      url: "/api/wishlist",
      token,
      payload: { product_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.statusCode).toBe(404);
    const pending = await createUser(ctx.db, { accType: "business", status: "pending" });
    const hidden = await ctx.shop.product({ userId: pending.id });
    expect(hidden.listed).toBe(false);
    const res = await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: hidden.id } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(errorBody(404, "Product not found"));
  });

  it("answers 401 when signed out and stores nothing", async () => {
    const p = await ctx.shop.product();
    const res = await ctx.request({ method: "POST", url: "/api/wishlist", payload: { product_id: p.id } });
    expect(res.statusCode).toBe(401);
    expect(await ctx.db.select().from(wishlistItems).where(eq(wishlistItems.productId, p.id))).toHaveLength(0);
  });

  it(`refuses more than ${WISHLIST_MAX} products`, async () => {
    const { user, token } = await createUserWithToken(ctx.db);
    const many = await Promise.all(Array.from({ length: WISHLIST_MAX }, () => ctx.shop.product()));
    await ctx.db.insert(wishlistItems).values(many.map((p) => ({ userId: user.id, productId: p.id })));
    const extra = await ctx.shop.product();
    const res = await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: extra.id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/full/);
    // Adding one already there is still fine (idempotent).
    const same = await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: many[0]!.id } });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toHaveLength(WISHLIST_MAX);
  });

  it("shows a product whose seller was blocked later as not listed and out of stock", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const p = await ctx.shop.product({ countInStock: 5 });
    await ctx.request({ method: "POST", url: "/api/wishlist", token, payload: { product_id: p.id } });
    await ctx.db.execute(`update products set listed = false where id = '${p.id}'`);
    const list = (await ctx.request({ method: "GET", url: "/api/wishlist", token })).json().data;
    expect(list[0]).toMatchObject({ _id: p.id, listed: false, in_stock: false, count_in_stock: 5 });
  });
});

describe("DELETE /api/wishlist", () => {
  it("removes only the caller's line; another user's wishlist is untouched", async () => {
    const ada = await createUserWithToken(ctx.db);
    const tunde = await createUserWithToken(ctx.db);
    const p = await ctx.shop.product();
    const q = await ctx.shop.product();
    for (const who of [ada, tunde]) {
      for (const item of [p, q])
        await ctx.request({ method: "POST", url: "/api/wishlist", token: who.token, payload: { product_id: item.id } });
    }
    const res = await ctx.request({ method: "DELETE", url: `/api/wishlist?product_id=${p.id}`, token: ada.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe("Removed from your wishlist");
    expect(res.json().data.map((i: { _id: string }) => i._id)).toEqual([q.id]);
    const other = (await ctx.request({ method: "GET", url: "/api/wishlist", token: tunde.token })).json().data;
    expect(other.map((i: { _id: string }) => i._id).sort()).toEqual([p.id, q.id].sort());
    const rows = await ctx.db
      .select()
      .from(wishlistItems)
      .where(and(eq(wishlistItems.userId, tunde.user.id), eq(wishlistItems.productId, p.id)));
    expect(rows).toHaveLength(1);
  });

  it("is idempotent for a product that is not in the wishlist", async () => {
    const { token } = await createUserWithToken(ctx.db);
    const p = await ctx.shop.product();
    const res = await ctx.request({ method: "DELETE", url: `/api/wishlist?product_id=${p.id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it("answers 400 for a missing or malformed product_id and 401 when signed out", async () => {
    const { token } = await createUserWithToken(ctx.db);
    expect((await ctx.request({ method: "DELETE", url: "/api/wishlist", token })).statusCode).toBe(400);
    const bad = await ctx.request({ method: "DELETE", url: "/api/wishlist?product_id=123", token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("product_id");
    const p = await ctx.shop.product();
    expect((await ctx.request({ method: "DELETE", url: `/api/wishlist?product_id=${p.id}` })).statusCode).toBe(401);
  });
});

describe("a wishlisted product with options (ADR 0215)", () => {
  it("is listed with has_options, and its add to the cart without a variant is a 400 sentence, never a 5xx", async () => {
    const made = await ctx.request({
      method: "POST",
      url: "/api/product",
      token: ctx.shop.seller.token,
      payload: {
        name: "Ankara Wrap Dress",
        category_id: ctx.shop.categoryId,
        options: [{ name: "Size", values: ["S", "M"] }],
        variants: ["S", "M"].map((Size) => ({
          sku: `W${Math.random().toString(36).slice(2, 8)}-${Size}`,
          options: { Size },
          price: 15000,
          count_in_stock: 5,
        })),
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const dress = made.json().data as { _id: string };
    const plain = await ctx.shop.product({ price: 500, countInStock: 3 });
    const shopper = await createUserWithToken(ctx.db);
    for (const id of [dress._id, plain.id])
      expect(
        (await ctx.request({ method: "POST", url: "/api/wishlist", token: shopper.token, payload: { product_id: id } })).statusCode,
      ).toBe(200);
    const list = await ctx.request({ method: "GET", url: "/api/wishlist", token: shopper.token });
    expect(list.statusCode, list.body).toBe(200);
    expect(Object.fromEntries(list.json().data.map((i: { _id: string; has_options: boolean }) => [i._id, i.has_options]))).toEqual({
      [dress._id]: true,
      [plain.id]: false,
    });
    // What the wishlist's button would send without a choice, in each shape a client may send it.
    for (const payload of [
      { product_id: dress._id, count: 1 },
      { product_id: dress._id, count: 1, variant_id: null },
      { product_id: dress._id, count: 1, variant_id: "" },
    ]) {
      const res = await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload });
      expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBeLessThan(500);
      expect([400, 409]).toContain(res.statusCode);
      expect(res.json().message).toMatch(/Choose Size first|variant/i);
    }
  });
});
