/**
 * Signed-in item details answered before the route (catalog/detail-cache.ts `signedInDetailHook`,
 * ADR 0146): once the item's public part and the viewer's facts are cached, the answer is their
 * serialised pieces joined. It must be the route's answer byte for byte, parse with the contract's
 * schema, show a follow, a category change and an edit at the viewer's next read (ADR 0106), never
 * show an unlisted item to anyone but its owner, and stay private. Built with PUBLIC_CACHE=true
 * (the detail caches follow the public cache, off under NODE_ENV=test by default).
 */
import { PostDetailAnswer, ProductDetailAnswer, SESSION_COOKIES } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createPost, createProduct, createReview, createUserWithToken } from "../src/db/seed/factories.js";
import { detailCaches } from "../src/modules/catalog/detail-cache.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_CACHE: "true" });
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => ctx.request({ method: "GET", url, token });
/** Signed-in details answered early so far. */
const early = () => detailCaches(ctx.app)!.early;

/** Two reads of `url` by `token`: the first through the route (caches empty), the second early. */
async function routeThenEarly(url: string, token: string) {
  ctx.app.publicCache.invalidate();
  const before = early();
  const route = await get(url, token);
  expect(route.statusCode, route.body).toBe(200);
  expect(early()).toBe(before);
  const fast = await get(url, token);
  expect(fast.statusCode, fast.body).toBe(200);
  expect(early()).toBe(before + 1);
  return { route, fast };
}

describe("signed-in details answered from the caches", () => {
  it("answers a product and a service detail byte for byte as the route does, private and parsed by the contract", async () => {
    const market = await createCategory(ctx.db, { type: "market-place" });
    const svc = await createCategory(ctx.db, { type: "services" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved", categoryIds: [svc.id] });
    const product = await createProduct(ctx.db, {
      userId: seller.user.id,
      categoryId: market.id,
      name: 'Kettle "following":false',
      price: 5000,
    });
    const post = await createPost(ctx.db, { userId: seller.user.id, categoryId: svc.id, body: "Plumbing, any day" });
    const viewer = await createUserWithToken(ctx.db, { accType: "business", status: "approved", categoryIds: [svc.id] });
    await createReview(ctx.db, { postId: post.id, userId: viewer.user.id, rating: 4, comment: 'Good "user":{ work' });

    const p = await routeThenEarly(`/api/product?id=${product.id}`, viewer.token);
    expect(p.fast.body).toBe(p.route.body);
    const pd = ProductDetailAnswer.parse(p.fast.json());
    expect(pd.products.name).toBe('Kettle "following":false');
    expect(pd.UsersCategories.map((c) => c._id)).toEqual([svc.id]);
    for (const r of [p.route, p.fast]) {
      expect(r.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(String(r.headers.vary)).toMatch(/Authorization/);
      expect(r.headers["x-cache"]).toBeUndefined();
      expect(r.headers["x-content-type-options"]).toBe("nosniff");
    }

    const s = await routeThenEarly(`/api/posts?id=${post.id}`, viewer.token);
    expect(s.fast.body).toBe(s.route.body);
    const sd = PostDetailAnswer.parse(s.fast.json());
    expect(sd.products.reviews.map((r) => r.comment)).toEqual(['Good "user":{ work']);
    expect(sd.user.following).toBe(false);

    // A browser session (the cookie): the same answer, private too.
    const cookie = await ctx.request({
      method: "GET",
      url: `/api/product?id=${product.id}`,
      headers: { cookie: `${SESSION_COOKIES.session}=${viewer.token}`, "sec-fetch-site": "same-origin" },
    });
    expect(cookie.body).toBe(p.route.body);
    expect(cookie.headers["cache-control"]).toBe("private, no-store");

    // Other parameters with the id go to the route (validated there) and mean the same.
    const before = early();
    const other = await get(`/api/product?id=${product.id}&sort=newest`, viewer.token);
    expect(other.body).toBe(p.route.body);
    expect(early()).toBe(before);
  });

  it("shows a follow, a category change and an edit at the viewer's next read", async () => {
    const market = await createCategory(ctx.db, { type: "market-place" });
    const svcA = await createCategory(ctx.db, { type: "services" });
    const svcB = await createCategory(ctx.db, { type: "services" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const product = await createProduct(ctx.db, { userId: seller.user.id, categoryId: market.id, price: 5000 });
    const fan = await createUserWithToken(ctx.db, { accType: "business", status: "approved", categoryIds: [svcA.id] });
    const other = await createUserWithToken(ctx.db);
    const url = `/api/product?id=${product.id}`;
    const { fast } = await routeThenEarly(url, fan.token);
    expect(fast.json().user.following).toBe(false);
    await routeThenEarly(url, other.token);

    expect((await get(`/api/user/follow?id=${seller.user.id}&state=follow`, fan.token)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      const d = ProductDetailAnswer.parse((await get(url, fan.token)).json());
      expect(d.user.following).toBe(true);
      expect(d.user.followers_count).toBe(1);
      expect(ProductDetailAnswer.parse((await get(url, other.token)).json()).user.following).toBe(false);
    }

    const put = await ctx.request({ method: "PUT", url: "/api/me", token: fan.token, payload: { category_ids: [svcB.id, svcA.id] } });
    expect(put.statusCode, put.body).toBe(200);
    for (let i = 0; i < 2; i++) {
      const d = ProductDetailAnswer.parse((await get(url, fan.token)).json());
      expect(d.UsersCategories.map((c) => c._id).sort()).toEqual([svcA.id, svcB.id].sort());
      expect(d.user.following).toBe(true);
    }

    const edit = await ctx.request({ method: "PUT", url: "/api/product", token: seller.token, payload: { _id: product.id, price: 6500 } });
    expect(edit.statusCode).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await get(url, seller.token)).json().products.price).toBe(6500);
      expect((await get(url, fan.token)).json().products.price).toBe(6500);
    }
    const again = await routeThenEarly(url, fan.token);
    expect(again.fast.body).toBe(again.route.body);
  });

  it("shows an unlisted item to its owner only, and treats a signed-out token as nobody", async () => {
    const market = await createCategory(ctx.db, { type: "market-place" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const hidden = await createProduct(ctx.db, { userId: seller.user.id, categoryId: market.id, name: "Draft kettle", listed: false });
    const shown = await createProduct(ctx.db, { userId: seller.user.id, categoryId: market.id, name: "Shown kettle" });
    const fan = await createUserWithToken(ctx.db, { accType: "business", status: "approved", categoryIds: [] });
    ctx.app.publicCache.invalidate();
    for (let i = 0; i < 3; i++) {
      expect((await get(`/api/product?id=${hidden.id}`, seller.token)).statusCode).toBe(200);
      expect((await get(`/api/product?id=${hidden.id}`, fan.token)).statusCode).toBe(404);
      expect((await get(`/api/product?id=${hidden.id}`)).statusCode).toBe(404);
    }

    // Warm: the fan's detail is answered early...
    await routeThenEarly(`/api/product?id=${shown.id}`, fan.token);
    // ...until the session ends: the token then names nobody (the auth plugin runs first).
    expect((await ctx.request({ method: "POST", url: "/api/signout", token: fan.token })).statusCode).toBe(200);
    const before = early();
    const after = await get(`/api/product?id=${shown.id}`, fan.token);
    expect(early()).toBe(before);
    expect(after.statusCode).toBe(200);
    expect(after.json().UsersCategories).toEqual([]);
    expect((await get("/api/me", fan.token)).statusCode).toBe(401);
  });
});
