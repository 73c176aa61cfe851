/**
 * The public response cache (plugins/public-cache.ts, ADR 0052): anonymous catalog GETs are served
 * from memory, and every write through the API that may change them clears it before its answer
 * leaves. Built with PUBLIC_CACHE=true (under NODE_ENV=test the cache is off by default, see the plugin).
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { categories } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUser, createUserWithToken } from "../src/db/seed/factories.js";
import publicCache from "../src/plugins/public-cache.js";
import { checkoutBody } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";

/** The declaration of a cached route (lib/route-cache.ts). */
const PUBLIC = { answers: "public", invalidates: [] } as const;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_CACHE: "true" });
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => ctx.request({ method: "GET", url, token });

describe("public response cache", () => {
  it("answers a repeated anonymous GET from memory, byte for byte", async () => {
    const cat = await createCategory(ctx.db, { name: "Cache Phones" });
    const first = await get("/api/category");
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-cache"]).toBe("miss");
    // A change the hooks cannot see (straight into the database) is not visible while cached...
    await ctx.db.update(categories).set({ name: "Renamed behind the cache" }).where(eq(categories.id, cat.id));
    const second = await get("/api/category");
    expect(second.headers["x-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toMatch(/application\/json/);
    // ...and helmet's headers are still on a cached answer.
    expect(second.headers["x-content-type-options"]).toBe("nosniff");
    // ...until something invalidates it.
    ctx.app.publicCache.invalidate();
    const third = await get("/api/category");
    expect(third.headers["x-cache"]).toBe("miss");
    expect(third.body).toContain("Renamed behind the cache");
  });

  it("serves signed-in callers the shared answers, never the personal ones, and caches no errors", async () => {
    const { token } = await createUserWithToken(ctx.db);
    await get("/api/category");
    const signedIn = await get("/api/category", token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers["x-cache"]).toBe("hit");
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    // A seller's own list and an item's detail are personal: never the shared entry.
    const mine = await get("/api/product?mine=true", token);
    expect(mine.headers["x-cache"]).toBeUndefined();
    const bad1 = await get("/api/category?id=not-a-uuid");
    const bad2 = await get("/api/category?id=not-a-uuid");
    expect(bad1.statusCode).toBe(400);
    expect(bad2.headers["x-cache"]).toBeUndefined();
  });

  it("composes a signed-in detail from the shared item and the viewer's own facts (following, categories)", async () => {
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const product = await createProduct(ctx.db, { userId: seller.user.id, categoryId: cat.id, name: "Shared kettle", price: 5000 });
    const hidden = await createProduct(ctx.db, { userId: seller.user.id, categoryId: cat.id, name: "Draft kettle", listed: false });
    const fan = await createUserWithToken(ctx.db, { categoryIds: [cat.id] });
    const other = await createUserWithToken(ctx.db);
    ctx.app.publicCache.invalidate();
    const url = `/api/product?id=${product.id}`;
    type Detail = {
      products: { name: string; price: number };
      user: { following: boolean; followers_count: number };
      UsersCategories: Array<{ _id: string }>;
    };
    const detail = async (token?: string) => {
      const r = await get(url, token);
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as Detail;
    };
    expect((await detail(fan.token)).user.following).toBe(false);
    expect((await detail(fan.token)).UsersCategories.map((c) => c._id)).toEqual([cat.id]);
    expect((await detail()).UsersCategories).toEqual([]);
    expect((await get(url, fan.token)).headers["x-cache"]).toBeUndefined();

    expect((await get(`/api/user/follow?id=${seller.user.id}&state=follow`, fan.token)).statusCode).toBe(200);
    const followed = await detail(fan.token);
    expect(followed.user.following).toBe(true);
    expect(followed.user.followers_count).toBe(1);
    expect((await detail(other.token)).user.following).toBe(false);
    expect((await detail()).user.following).toBe(false);

    // The owner's edit is in the owner's next read, and in everyone's.
    const put = await ctx.request({ method: "PUT", url: "/api/product", token: seller.token, payload: { _id: product.id, price: 6500 } });
    expect(put.statusCode).toBe(200);
    expect((await detail(seller.token)).products.price).toBe(6500);
    expect((await detail(fan.token)).products.price).toBe(6500);

    // An unlisted item: its owner sees it, nobody else does.
    expect((await get(`/api/product?id=${hidden.id}`, seller.token)).statusCode).toBe(200);
    expect((await get(`/api/product?id=${hidden.id}`, fan.token)).statusCode).toBe(404);
    expect((await get(`/api/product?id=${hidden.id}`)).statusCode).toBe(404);
  });

  it("clears itself when a write through the API succeeds, not when it is refused", async () => {
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    await get("/api/category");
    expect((await get("/api/category")).headers["x-cache"]).toBe("hit");
    // A refused write (bad input) changes nothing and keeps the cache.
    const refused = await ctx.request({ method: "POST", url: "/api/category", token: admin.token, payload: { name: "" } });
    expect(refused.statusCode).toBe(400);
    expect((await get("/api/category")).headers["x-cache"]).toBe("hit");
    const created = await ctx.request({
      method: "POST",
      url: "/api/category",
      token: admin.token,
      payload: { name: "Made through the API", type: "market-place" },
    });
    expect(created.statusCode).toBe(201);
    const after = await get("/api/category");
    expect(after.headers["x-cache"]).toBe("miss");
    expect(after.body).toContain("Made through the API");
  });

  it("caches product listings and details per URL and drops them after the owner edits", async () => {
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const product = await createProduct(ctx.db, { userId: seller.user.id, categoryId: cat.id, name: "Cached kettle", price: 5000 });
    ctx.app.publicCache.invalidate();
    const url = `/api/product?id=${product.id}`;
    expect((await get(url)).headers["x-cache"]).toBe("miss");
    expect((await get(url)).headers["x-cache"]).toBe("hit");
    expect((await get(`/api/product?category_id=${cat.id}`)).headers["x-cache"]).toBe("miss");
    const edit = await ctx.request({ method: "PUT", url: "/api/product", token: seller.token, payload: { _id: product.id, price: 6000 } });
    expect(edit.statusCode).toBe(200);
    const after = await get(url);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(after.json().products.price).toBe(6000);
  });

  it("drops only the answers showing the products a checkout changed the stock of, in every cache", async () => {
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const otherCat = await createCategory(ctx.db, { type: "market-place" });
    const seller = await createUser(ctx.db, { accType: "business", status: "approved" });
    const bought = await createProduct(ctx.db, { userId: seller.id, categoryId: cat.id, price: 1000, countInStock: 5 });
    const beside = await createProduct(ctx.db, { userId: seller.id, categoryId: cat.id, price: 1000, countInStock: 5 });
    const elsewhere = await createProduct(ctx.db, { userId: seller.id, categoryId: otherCat.id, price: 1000, countInStock: 5 });
    const shopper = await createUserWithToken(ctx.db);
    const viewer = await createUserWithToken(ctx.db);
    ctx.app.publicCache.invalidate();
    const urls = {
      bought: `/api/product?id=${bought.id}`,
      beside: `/api/product?id=${beside.id}`,
      listing: `/api/product?category_id=${cat.id}`,
      elsewhere: `/api/product?category_id=${otherCat.id}`,
    };
    for (const url of Object.values(urls)) expect((await get(url)).headers["x-cache"]).toBe("miss");
    expect((await get(urls.beside, viewer.token)).statusCode).toBe(200);
    expect((await get(urls.bought, viewer.token)).json().products.count_in_stock).toBe(5);
    const line = await ctx.request({
      method: "POST",
      url: "/api/cart",
      token: shopper.token,
      payload: { product_id: bought.id, count: 2 },
    });
    expect(line.statusCode, line.body).toBe(200);
    const placed = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: checkoutBody(2000 + SHIPPING_FEE_NAIRA),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // What shows the bought product is read again, with its new stock...
    const detail = await get(urls.bought);
    expect(detail.headers["x-cache"]).toBe("miss");
    expect(detail.json().products.count_in_stock).toBe(3);
    const listing = await get(urls.listing);
    expect(listing.headers["x-cache"]).toBe("miss");
    expect(listing.json().products.find((p: { _id: string }) => p._id === bought.id).count_in_stock).toBe(3);
    expect((await get(urls.bought, viewer.token)).json().products.count_in_stock).toBe(3);
    // ...and the rest of the catalog stays cached.
    expect((await get(urls.beside)).headers["x-cache"]).toBe("hit");
    expect((await get(urls.elsewhere)).headers["x-cache"]).toBe("hit");
    expect(elsewhere.id).not.toBe(bought.id);
  });

  it("treats the follow GET as a write", async () => {
    const seller = await createUser(ctx.db, { accType: "business", status: "approved" });
    const fan = await createUserWithToken(ctx.db);
    await get("/api/category");
    expect((await get("/api/category")).headers["x-cache"]).toBe("hit");
    const follow = await get(`/api/user/follow?id=${seller.id}&state=follow`, fan.token);
    expect(follow.statusCode).toBe(200);
    expect((await get("/api/category")).headers["x-cache"]).toBe("miss");
  });

  it("keeps cart writes from flushing the catalog cache", async () => {
    const cat = await createCategory(ctx.db, { type: "market-place" });
    const seller = await createUser(ctx.db, { accType: "business", status: "approved" });
    const product = await createProduct(ctx.db, { userId: seller.id, categoryId: cat.id });
    const shopper = await createUserWithToken(ctx.db);
    await get("/api/category");
    const added = await ctx.request({
      method: "POST",
      url: "/api/cart",
      token: shopper.token,
      payload: { product_id: product.id, count: 1 },
    });
    expect(added.statusCode).toBe(200);
    expect((await get("/api/category")).headers["x-cache"]).toBe("hit");
  });

  it("stays within its entry and byte bounds, dropping the least recently used first", async () => {
    // The plugin alone with small bounds, so the test reaches them.
    const app = Fastify();
    await app.register(publicCache, { enabled: true, maxEntries: 5 });
    app.get("/api/product", { config: { cache: PUBLIC } }, async (request) => ({
      page: (request.query as { page: string }).page,
      pad: "x".repeat(100),
    }));
    await app.ready();
    const page = (n: number) => app.inject({ method: "GET", url: `/api/product?page=${n}` });
    try {
      for (let n = 1; n <= 5; n++) await page(n);
      expect(app.publicCache.stats().entries).toBe(5);
      expect((await page(1)).headers["x-cache"]).toBe("hit");
      for (let n = 6; n <= 20; n++) await page(n);
      expect(app.publicCache.stats().entries).toBe(5);
      expect((await page(20)).headers["x-cache"]).toBe("hit");
      expect((await page(2)).headers["x-cache"]).toBe("miss");
    } finally {
      await app.close();
    }
    // Ten answers of ~420 bytes against a 4,000-byte bound (an answer over an eighth of it is not kept at all).
    const big = Fastify();
    await big.register(publicCache, { enabled: true, maxEntries: 100, maxBytes: 4_000 });
    big.get("/api/posts", { config: { cache: PUBLIC } }, async (request) => ({
      n: (request.query as { n: string }).n,
      pad: "y".repeat(400),
    }));
    try {
      for (let n = 1; n <= 10; n++) await big.inject({ method: "GET", url: `/api/posts?n=${n}` });
      expect(big.publicCache.stats().entries).toBe(9);
      expect(big.publicCache.stats().bytes).toBeLessThanOrEqual(4_000);
    } finally {
      await big.close();
    }
  });

  it("keeps a search's answer from its second ask: a search asked once neither is stored nor pushes another answer out", async () => {
    await get("/api/category");
    const entries = ctx.app.publicCache.stats().entries;
    const search = (q: string) => get(`/api/search?q=${q}`);
    // Asked once each: computed, not kept, and the categories' answer stays.
    for (const q of ["fridge", "ankara", "samsung"]) expect((await search(q)).headers["x-cache"]).toBeUndefined();
    expect(ctx.app.publicCache.stats().entries).toBe(entries);
    expect((await get("/api/category")).headers["x-cache"]).toBe("hit");
    // The second ask is computed again and kept; the third is a hit, byte for byte.
    const second = await search("fridge");
    expect(second.headers["x-cache"]).toBe("miss");
    const third = await search("fridge");
    expect(third.headers["x-cache"]).toBe("hit");
    expect(third.body).toBe(second.body);
    expect((await get("/api/search/suggest?q=sam")).headers["x-cache"]).toBeUndefined();
    expect((await get("/api/search/suggest?q=sam")).headers["x-cache"]).toBe("miss");
    // A route without the rule keeps from the first ask, as ever.
    expect((await get("/api/category?type=market-place")).headers["x-cache"]).toBe("miss");
  });

  it("remembers only so many URLs asked, of so many characters, for so long", async () => {
    const searchApp = async (options: { askedUrls?: number; askedChars?: number; askedMs?: number }) => {
      const app = Fastify();
      await app.register(publicCache, { enabled: true, ...options });
      app.get("/api/search", { config: { cache: { ...PUBLIC, admit: "second ask" } } }, async (request) => ({
        q: (request.query as { q: string }).q,
      }));
      await app.ready();
      const ask = async (q: string) => (await app.inject({ method: "GET", url: `/api/search?q=${q}` })).headers["x-cache"];
      return { app, ask };
    };
    const few = await searchApp({ askedUrls: 3, askedMs: 1_000 });
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      for (const q of ["a", "b", "c", "d"]) expect(await few.ask(q)).toBeUndefined();
      // "a" was forgotten (the oldest of four): asked again, it is only remembered; "d" is kept.
      expect(await few.ask("a")).toBeUndefined();
      expect(await few.ask("d")).toBe("miss");
      expect(await few.ask("d")).toBe("hit");
      // A URL remembered longer than `askedMs` ago is forgotten.
      expect(await few.ask("e")).toBeUndefined();
      vi.setSystemTime(Date.now() + 1_001);
      expect(await few.ask("e")).toBeUndefined();
      expect(await few.ask("e")).toBe("miss");
    } finally {
      vi.useRealTimers();
      await few.app.close();
    }
    // URLs of 64 characters against a bound of 800: the thirteenth pushes out the first.
    const short = await searchApp({ askedUrls: 100, askedChars: 800 });
    try {
      const long = (k: number) => String(k).padStart(50, "x");
      for (let k = 1; k <= 13; k++) expect(await short.ask(long(k))).toBeUndefined();
      expect(await short.ask(long(1))).toBeUndefined();
      expect(await short.ask(long(13))).toBe("miss");
    } finally {
      await short.app.close();
    }
  });
});
