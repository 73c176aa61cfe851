/** /api/product: public listing (filters, search, sorts, keyset + page pagination), detail, seller's own list, owner writes. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct, createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { generatePicture } from "../src/db/seed/images.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
type P = { _id: string; name: string; price: number; category_id: string; user_id: string; createdAt: string };

let phones: { id: string };
let fashion: { id: string };
let salons: { id: string };
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let other: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let pending: Awaited<ReturnType<typeof createUserWithToken>>;
let sellerImage: string;
const N = 37; // listed products of `seller`

beforeAll(async () => {
  ctx = await createTestContext();
  phones = await createCategory(ctx.db, { name: "Phones", type: "market-place" });
  fashion = await createCategory(ctx.db, { name: "Fashion", type: "market-place" });
  salons = await createCategory(ctx.db, { name: "Salons", type: "services" });
  seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  other = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  customer = await createUserWithToken(ctx.db);
  pending = await createUserWithToken(ctx.db, { accType: "business", status: "pending" });
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (let i = 0; i < N; i++) {
    await createProduct(ctx.db, {
      userId: seller.user.id,
      categoryId: i % 3 === 0 ? fashion.id : phones.id,
      name: i === 5 ? "Tecno Camon 30" : `Item ${String(i).padStart(2, "0")}`,
      // Some prices repeat and some timestamps repeat, to test the id tie-breaker.
      price: 1000 + (i % 7) * 500,
      createdAt: new Date(base + Math.floor(i / 2) * 60_000),
    });
  }
  await createProduct(ctx.db, { userId: pending.user.id, categoryId: phones.id, name: "Hidden pending item" });
  sellerImage = await generatePicture(ctx.db, ctx.app.uploads, "Test", 100, 0, seller.user.id);
});
afterAll(() => ctx.close());

const get = async (url: string, token?: string) => {
  const res = await ctx.request({ method: "GET", url, token });
  return { status: res.statusCode, body: res.json() };
};

/** Walk every page with `nextCursor`; answers the ids in order and each page body. */
async function walk(url: string) {
  const ids: string[] = [];
  const pages: Array<{ from: number; to: number; page: number; total: number }> = [];
  let next: string | null = null;
  let guard = 0;
  do {
    const r = await get(`${url}${url.includes("?") ? "&" : "?"}limit=5${next ? `&cursor=${next}` : ""}`);
    expect(r.status).toBe(200);
    ids.push(...r.body.products.map((p: P) => p._id));
    pages.push(r.body);
    next = r.body.nextCursor;
  } while (next && guard++ < 50);
  return { ids, pages };
}

describe("GET /api/product (public list)", () => {
  it("lists only listed items with the product JSON and real page facts", async () => {
    const r = await get("/api/product");
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(N);
    expect(r.body.products).toHaveLength(12);
    expect(r.body).toMatchObject({ statusCode: 200, page: 1, from: 1, to: 12, limit: 12, prevCursor: null });
    expect(r.body.products.some((p: P) => p.name === "Hidden pending item")).toBe(false);
    const p = r.body.products[0];
    expect(Object.keys(p).sort()).toEqual(
      [
        "_id",
        "user_id",
        "name",
        "image_urls",
        "price",
        "count_in_stock",
        "description",
        "category_id",
        "category_name",
        "body",
        "reactions",
        "stars",
        "reactions_count",
        "listed",
        "createdAt",
        // ADR 0215: options and variants (none, and the hidden default variant, for these).
        "options",
        "variants",
      ].sort(),
    );
    expect(typeof p.price).toBe("number");
    // Spec §3 "Product": body marks a service (a product's is null), reactions are star values
    // (from verified buyers' reviews, ADR 0212: none yet).
    expect(p).toMatchObject({ body: null, reactions: [], stars: 0, reactions_count: 0 });
  });

  it("walks every page by cursor with no duplicate and no gap, in newest-first order", async () => {
    const { ids, pages } = await walk("/api/product");
    expect(ids).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    expect(pages.map((p) => [p.from, p.to])).toEqual([
      [1, 5],
      [6, 10],
      [11, 15],
      [16, 20],
      [21, 25],
      [26, 30],
      [31, 35],
      [36, 37],
    ]);
    const all = (await get("/api/product?limit=60")).body.products as P[];
    expect(all.map((p) => p._id)).toEqual(ids);
    for (let i = 1; i < all.length; i++) {
      const a = all[i - 1]!;
      const b = all[i]!;
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a._id > b._id)).toBe(true);
    }
  });

  it.each(["price_asc", "price_desc"])("walks %s by cursor without duplicates and in price order", async (sort) => {
    const { ids } = await walk(`/api/product?sort=${sort}`);
    expect(new Set(ids).size).toBe(N);
    const all = (await get(`/api/product?limit=60&sort=${sort}`)).body.products as P[];
    expect(all.map((p) => p._id)).toEqual(ids);
    const prices = all.map((p) => p.price);
    const sorted = [...prices].sort((a, b) => (sort === "price_asc" ? a - b : b - a));
    expect(prices).toEqual(sorted);
  });

  it("goes back with prevCursor to exactly the previous page", async () => {
    const p1 = (await get("/api/product?limit=5")).body;
    const p2 = (await get(`/api/product?limit=5&cursor=${p1.nextCursor}`)).body;
    const p3 = (await get(`/api/product?limit=5&cursor=${p2.nextCursor}`)).body;
    const back = (await get(`/api/product?limit=5&cursor=${p3.prevCursor}`)).body;
    expect(back.products.map((p: P) => p._id)).toEqual(p2.products.map((p: P) => p._id));
    expect(back).toMatchObject({ page: 2, from: 6, to: 10 });
    const first = (await get(`/api/product?limit=5&cursor=${back.prevCursor}`)).body;
    expect(first.products.map((p: P) => p._id)).toEqual(p1.products.map((p: P) => p._id));
    expect(first.prevCursor).toBeNull();
  });

  it("answers numbered pages (near the start and from the end) consistent with the cursor walk", async () => {
    const { ids } = await walk("/api/product?sort=price_asc");
    for (const page of [1, 2, 4, 7, 8]) {
      const r = (await get(`/api/product?sort=price_asc&limit=5&page=${page}`)).body;
      expect(r.products.map((p: P) => p._id)).toEqual(ids.slice((page - 1) * 5, page * 5));
      expect(r.page).toBe(page);
      expect(r.from).toBe((page - 1) * 5 + 1);
    }
    const beyond = (await get("/api/product?limit=5&page=99")).body;
    expect(beyond.products).toEqual([]);
    expect(beyond.total).toBe(N);
  });

  it("filters by category (001 = all) and by seller", async () => {
    const fashionOnly = (await get(`/api/product?category_id=${fashion.id}&limit=60`)).body;
    expect(fashionOnly.total).toBe(Math.ceil(N / 3));
    expect(fashionOnly.products.every((p: P) => p.category_id === fashion.id)).toBe(true);
    expect((await get("/api/product?category_id=001")).body.total).toBe(N);
    expect((await get(`/api/product?user_id=${other.user.id}`)).body.total).toBe(0);
    expect((await get(`/api/product?user_id=${seller.user.id}`)).body.total).toBe(N);
  });

  it("searches name and description by word prefixes", async () => {
    const r = (await get("/api/product?search=tec%20cam")).body;
    expect(r.total).toBe(1);
    expect(r.products[0].name).toBe("Tecno Camon 30");
    expect((await get("/api/product?search=nothing-like-this")).body.total).toBe(0);
    // Query syntax characters are not interpreted.
    expect((await get("/api/product?search=%27%26%7C!(")).status).toBe(200);
  });

  it("refuses bad input with 400 and field messages", async () => {
    for (const url of [
      "/api/product?sort=cheapest",
      "/api/product?limit=0",
      "/api/product?limit=500",
      "/api/product?category_id=xyz",
      "/api/product?page=0",
    ]) {
      const r = await get(url);
      expect(r.status, url).toBe(400);
      expect(r.body.statusCode).toBe(400);
    }
    const forged = await get("/api/product?cursor=not-a-cursor");
    expect(forged.status).toBe(400);
    expect(forged.body.errors).toHaveProperty("cursor");
    const p1 = (await get("/api/product?limit=5")).body;
    expect((await get(`/api/product?sort=price_asc&cursor=${p1.nextCursor}`)).status).toBe(400);
  });
});

describe("GET /api/product?id= (detail)", () => {
  it("answers the product and its seller", async () => {
    const list = (await get("/api/product?limit=1")).body;
    const id = list.products[0]._id;
    const r = await get(`/api/product?id=${id}`);
    expect(r.status).toBe(200);
    expect(r.body.products._id).toBe(id);
    expect(r.body.user).toMatchObject({
      _id: seller.user.id,
      names: seller.user.names,
      username: seller.user.username,
      followers: [],
      followers_count: 0,
      following: false,
      verified: { blue_tick: false, email: true, phone: true },
    });
    expect(r.body.UsersCategories).toEqual([]);
  });

  it("hides an unlisted product from everyone but its owner", async () => {
    const hidden = await createProduct(ctx.db, { userId: pending.user.id, categoryId: phones.id });
    expect((await get(`/api/product?id=${hidden.id}`)).status).toBe(404);
    expect((await get(`/api/product?id=${hidden.id}`, customer.token)).status).toBe(404);
    const own = await get(`/api/product?id=${hidden.id}`, pending.token);
    expect(own.status).toBe(200);
    expect(own.body.products.listed).toBe(false);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    expect((await get("/api/product?id=00000000-0000-4000-8000-000000000000")).body).toMatchObject({
      statusCode: 404,
      message: "Product not found",
    });
    expect((await get("/api/product?id=000000000000000000000000")).status).toBe(400);
  });
});

describe("GET /api/product?mine=true", () => {
  it("answers the signed-in seller's own items, listed or not", async () => {
    const r = await get("/api/product?mine=true&limit=60", pending.token);
    expect(r.status).toBe(200);
    expect(r.body.products.length).toBeGreaterThanOrEqual(1);
    expect(r.body.products.every((p: P) => p.user_id === pending.user.id)).toBe(true);
    expect((await get("/api/product?mine=true", other.token)).body.total).toBe(0);
  });

  it("needs a signed-in user", async () => {
    expect((await get("/api/product?mine=true")).status).toBe(401);
  });
});

describe("POST/PUT/DELETE /api/product", () => {
  const valid = () => ({
    name: "Oraimo Power Bank",
    category_id: phones.id,
    price: 18500.5,
    count_in_stock: 4,
    description: "20000mAh",
    image_urls: [sellerImage],
  });

  it("creates a product for a business account and lists it", async () => {
    const res = await ctx.request({ method: "POST", url: "/api/product", token: seller.token, payload: valid() });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 201, message: "Product Successfully Created" });
    expect(body.data).toMatchObject({
      name: "Oraimo Power Bank",
      price: 18500.5,
      count_in_stock: 4,
      listed: true,
      category_name: "Phones",
    });
    expect((await get(`/api/product?id=${body.data._id}`)).status).toBe(200);
    await ctx.request({ method: "DELETE", url: `/api/product?id=${body.data._id}`, token: seller.token });
  });

  it("creates a pending seller's product unlisted", async () => {
    const res = await ctx.request({ method: "POST", url: "/api/product", token: pending.token, payload: { ...valid(), image_urls: [] } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.listed).toBe(false);
  });

  it("refuses anonymous (401), customers and admins (403)", async () => {
    expect((await ctx.request({ method: "POST", url: "/api/product", payload: valid() })).statusCode).toBe(401);
    expect((await ctx.request({ method: "POST", url: "/api/product", token: customer.token, payload: valid() })).statusCode).toBe(403);
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    expect((await ctx.request({ method: "POST", url: "/api/product", token: admin.token, payload: valid() })).statusCode).toBe(403);
  });

  it("refuses bad input with field messages", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "" }, "name"],
      [{ price: -1 }, "price"],
      [{ price: 10.123 }, "price"],
      [{ count_in_stock: -2 }, "count_in_stock"],
      [{ count_in_stock: 1.5 }, "count_in_stock"],
      [{ category_id: "nope" }, "category_id"],
      [{ image_urls: ["https://evil.example/x.png"] }, "image_urls.0"],
      [{ image_urls: ["/uploads/../../etc/passwd"] }, "image_urls.0"],
    ];
    for (const [patch, field] of cases) {
      const res = await ctx.request({ method: "POST", url: "/api/product", token: seller.token, payload: { ...valid(), ...patch } });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().errors, JSON.stringify(patch)).toHaveProperty(field);
    }
  });

  it("refuses a services category, an unknown category and someone else's image", async () => {
    const svc = await ctx.request({
      method: "POST",
      url: "/api/product",
      token: seller.token,
      payload: { ...valid(), category_id: salons.id },
    });
    expect(svc.statusCode).toBe(400);
    expect(svc.json().errors.category_id).toBe("Choose a market-place category");
    const unknown = await ctx.request({
      method: "POST",
      url: "/api/product",
      token: seller.token,
      payload: { ...valid(), category_id: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.statusCode).toBe(400);
    const theirs = await ctx.request({ method: "POST", url: "/api/product", token: other.token, payload: valid() });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors).toHaveProperty("image_urls");
    const missing = await ctx.request({
      method: "POST",
      url: "/api/product",
      token: seller.token,
      payload: { ...valid(), image_urls: ["/uploads/0b9f6f9e-0000-4000-8000-000000000000.webp"] },
    });
    expect(missing.statusCode).toBe(400);
  });

  it("lets the owner update only the given fields; others get 404 and nothing changes", async () => {
    const created = (await ctx.request({ method: "POST", url: "/api/product", token: seller.token, payload: valid() })).json().data;
    const upd = await ctx.request({
      method: "PUT",
      url: "/api/product",
      token: seller.token,
      payload: { _id: created._id, price: 17000, count_in_stock: 0 },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      message: "Product Successfully Updated",
      data: { price: 17000, count_in_stock: 0, name: "Oraimo Power Bank", description: "20000mAh" },
    });
    expect(upd.json().data.image_urls).toEqual([sellerImage]);

    const theirs = await ctx.request({
      method: "PUT",
      url: "/api/product",
      token: other.token,
      payload: { _id: created._id, name: "Stolen" },
    });
    expect(theirs.statusCode).toBe(404);
    const del = await ctx.request({ method: "DELETE", url: `/api/product?id=${created._id}`, token: other.token });
    expect(del.statusCode).toBe(404);
    const after = (await get(`/api/product?id=${created._id}`)).body.products;
    expect(after.name).toBe("Oraimo Power Bank");

    const bad = await ctx.request({
      method: "PUT",
      url: "/api/product",
      token: seller.token,
      payload: { _id: created._id, category_id: salons.id },
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.request({ method: "PUT", url: "/api/product", token: seller.token, payload: { name: "x y" } })).statusCode).toBe(400);

    const ok = await ctx.request({ method: "DELETE", url: `/api/product?id=${created._id}`, token: seller.token });
    expect(ok.json()).toEqual({ statusCode: 200, message: "Deleted Successfully" });
    expect((await get(`/api/product?id=${created._id}`)).status).toBe(404);
    expect((await ctx.request({ method: "DELETE", url: `/api/product?id=${created._id}`, token: seller.token })).statusCode).toBe(404);
    expect((await ctx.request({ method: "DELETE", url: `/api/product?id=${created._id}` })).statusCode).toBe(401);
  });

  it("drops a blocked seller's products from the public list (listed flag)", async () => {
    const s = await createUser(ctx.db, { accType: "business", status: "approved", active: false });
    await createProduct(ctx.db, { userId: s.id, categoryId: phones.id, name: "Blocked seller item" });
    expect((await get("/api/product?search=blocked")).body.total).toBe(0);
  });
});
