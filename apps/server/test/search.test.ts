/** GET /api/search and /api/search/suggest, the listings' search=, and the admin's synonyms (ADR 0205, 0206). */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { posts, products, productVariants, sellerBusinesses, sellerScores, users } from "../src/db/schema/index.js";
import { createCategory, createPost, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { PROTECTION } from "../src/db/seed/finance.js";
import { syncSellerListings } from "../src/modules/catalog/listing-visibility.js";
import { recomputeSellerScores } from "../src/modules/catalog/seller-score.js";
import { SELLER_SCORE_BOOST } from "../src/modules/search/engine.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
type Item = { _id: string; name: string; kind: string; price: number | null; stars: number; count_in_stock: number | null };
type Answer = {
  items: Item[];
  total: number;
  did_you_mean: string | null;
  nextCursor: string | null;
  facets: {
    kind: { value: string; count: number }[];
    category: { _id: string; name: string; count: number }[];
    state: { value: string; count: number }[];
    rating: { "4": number; "3": number };
    verified: number;
    in_stock: number;
    price: { min: number | null; max: number | null };
  };
};

let phones: { id: string };
let kitchen: { id: string };
let cleaning: { id: string };
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let verified: Awaited<ReturnType<typeof createUserWithToken>>;
let pending: Awaited<ReturnType<typeof createUserWithToken>>;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  phones = await createCategory(ctx.db, { name: "Phones & Tablets", type: "market-place" });
  kitchen = await createCategory(ctx.db, { name: "Home & Kitchen", type: "market-place" });
  cleaning = await createCategory(ctx.db, { name: "Home Cleaning", type: "services" });
  seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved", names: "Chidi Nwosu" });
  verified = await createUserWithToken(ctx.db, { accType: "business", status: "approved", names: "Adaeze Okafor", blueTick: true });
  pending = await createUserWithToken(ctx.db, { accType: "business", status: "pending" });
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  await ctx.db.insert(sellerBusinesses).values([
    { userId: seller.user.id, businessName: "Chidi Home", address: "1 Road", state: "Enugu", city: "Enugu" },
    { userId: verified.user.id, businessName: "Ada's Gadgets", address: "2 Road", state: "Lagos", city: "Ikeja" },
  ]);
  const p = async (key: string, userId: string, categoryId: string, name: string, price: number, countInStock = 5, description = "") => {
    ids[key] = (await createProduct(ctx.db, { userId, categoryId, name, price, countInStock, description })).id;
  };
  await p("galaxy", verified.user.id, phones.id, "Samsung Galaxy A15", 215000);
  // The out-of-stock one is newer and its seller verified: only the stock rule puts it second.
  await p("tecno2", seller.user.id, phones.id, "Tecno Spark 20", 120000);
  await p("tecno", verified.user.id, phones.id, "Tecno Camon 30", 245000, 0);
  await p("fridge", seller.user.id, kitchen.id, "Hisense Refrigerator 150L", 289000);
  await p("cooker", seller.user.id, kitchen.id, "Gas Cooker 4 Burner", 180000, 3, "Stainless steel, with oven");
  await p("cafe", seller.user.id, kitchen.id, "Café Espresso Machine", 95000, 2, "Brews strong coffee");
  await p("hidden", pending.user.id, phones.id, "Samsung Galaxy Hidden", 1000);
  ids.clean = (
    await createPost(ctx.db, { userId: seller.user.id, categoryId: cleaning.id, body: "Deep cleaning of flats and offices across Enugu" })
  ).id;
  await ctx.db.update(posts).set({ ratingCount: 2, ratingSum: 9 }).where(eq(posts.id, ids.clean));
});
afterAll(() => ctx.close());

async function search(query: string, token?: string): Promise<{ status: number; data: Answer; body: Record<string, unknown> }> {
  const res = await ctx.request({ method: "GET", url: `/api/search?${query}`, token });
  const body = res.json();
  return { status: res.statusCode, data: body.data, body };
}
const names = (a: Answer) => a.items.map((i) => i.name);

describe("GET /api/search", () => {
  it("answers the documented shape over products and services together", async () => {
    const r = await search("q=");
    expect(r.status).toBe(200);
    expect(r.data.total).toBe(7);
    expect(r.data.items.find((i) => i.kind === "service")).toMatchObject({ price: null, count_in_stock: null, stars: 4.5 });
    expect(Object.keys(r.data.items[0]!).sort()).toEqual(
      ["_id", "kind", "name", "price", "image_urls", "category_id", "category_name", "user_id", "count_in_stock", "stars"].sort(),
    );
    expect(r.data.did_you_mean).toBeNull();
  });

  it("never shows a pending seller's items, and drops a seller's items when blocked, at once", async () => {
    expect(names((await search("q=samsung")).data)).toEqual(["Samsung Galaxy A15"]);
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ active: false }).where(eq(users.id, verified.user.id));
      await syncSellerListings(tx, verified.user.id);
    });
    await ctx.app.cache.invalidate(["catalog"]);
    expect((await search("q=samsung")).data.total).toBe(0);
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ active: true }).where(eq(users.id, verified.user.id));
      await syncSellerListings(tx, verified.user.id);
    });
    await ctx.app.cache.invalidate(["catalog"]);
    expect(names((await search("q=samsung")).data)).toEqual(["Samsung Galaxy A15"]);
  });

  it("corrects typos by Meilisearch's rule and says so", async () => {
    const r = await search("q=samsng");
    expect(names(r.data)).toEqual(["Samsung Galaxy A15"]);
    expect(r.data.did_you_mean).toBe("samsung");
    // "Search instead for samsng": the words as typed.
    const asTyped = await search("q=samsng&correct=false");
    expect(asTyped.data).toMatchObject({ total: 0, did_you_mean: null });
    // 4 letters: no typo allowed ("tecn" is a prefix, found; "tacn" is not corrected).
    expect((await search("q=tacn")).data.total).toBe(0);
    // 9 letters and more: two typos.
    expect(names((await search("q=refrigratr")).data)).toEqual(["Hisense Refrigerator 150L"]);
    // 5 to 8 letters: one typo only.
    expect((await search("q=smasnug")).data.total).toBe(0);
  });

  it("matches words across fields, ignores case and accents, and reads plurals", async () => {
    // Galaxy in the title, Phones in the category: the one item with both words first; the other
    // phones (one word) follow.
    expect(names((await search("q=galaxy%20phones")).data)).toEqual(["Samsung Galaxy A15", "Tecno Spark 20", "Tecno Camon 30"]);
    expect(names((await search("q=CAFE")).data)).toEqual(["Café Espresso Machine"]);
    expect(names((await search("q=refrigerators")).data)).toEqual(["Hisense Refrigerator 150L"]);
    expect((await search("q=cleaning%20enugu")).data.items[0]?._id).toBe(ids.clean);
  });

  it("applies the seeded synonyms both ways", async () => {
    expect(names((await search("q=fridge")).data)).toEqual(["Hisense Refrigerator 150L"]);
    expect(names((await search("q=cooker")).data)).toEqual(["Gas Cooker 4 Burner"]);
  });

  it('reads "phrases", -exclusions and or', async () => {
    expect(names((await search(`q=${encodeURIComponent('"gas cooker"')}`)).data)).toEqual(["Gas Cooker 4 Burner"]);
    expect((await search(`q=${encodeURIComponent('"cooker gas"')}`)).data.total).toBe(0);
    expect(names((await search("q=tecno%20-spark")).data)).toEqual(["Tecno Camon 30"]);
    expect(names((await search("q=espresso%20or%20refrigerator")).data).sort()).toEqual([
      "Café Espresso Machine",
      "Hisense Refrigerator 150L",
    ]);
    expect(names((await search("q=espresso%20%7C%20refrigerator")).data).sort()).toEqual([
      "Café Espresso Machine",
      "Hisense Refrigerator 150L",
    ]);
  });

  it("ranks title above description, in stock above out of stock, all words above some", async () => {
    // "oven" is in the cooker's description and in the older microwave's title.
    const oven = await createProduct(ctx.db, {
      userId: seller.user.id,
      categoryId: kitchen.id,
      name: "Microwave Oven 20L",
      createdAt: new Date("2020-01-01T00:00:00Z"),
    });
    expect(names((await search("q=oven")).data)).toEqual(["Microwave Oven 20L", "Gas Cooker 4 Burner"]);
    await ctx.db.delete(products).where(eq(products.id, oven.id));
    expect(names((await search("q=tecno")).data)).toEqual(["Tecno Spark 20", "Tecno Camon 30"]);
    // No item has both words: the items with one of them come, those with most first.
    const some = await search("q=samsung%20blender");
    expect(names(some.data)).toEqual(["Samsung Galaxy A15"]);
  });

  it("puts every item with all the words above any with some of them, which follow (two or more words)", async () => {
    // "oven" in the microwave's title weighs more than the cooker's "gas" in its title and "oven" in
    // its description; still the cooker has both words, and the microwave only one.
    const oven = await createProduct(ctx.db, { userId: verified.user.id, categoryId: kitchen.id, name: "Microwave Oven Gas-free 20L" });
    const mw = await createProduct(ctx.db, { userId: verified.user.id, categoryId: kitchen.id, name: "Microwave Oven Oven 30L" });
    try {
      const r = await search("q=gas%20oven");
      expect(names(r.data)).toEqual(["Microwave Oven Gas-free 20L", "Gas Cooker 4 Burner", "Microwave Oven Oven 30L"]);
      expect(r.data.total).toBe(3);
      // Page by page (one item each) the order is the same.
      const walked: string[] = [];
      let cursor = "";
      do {
        const page = await search(`q=gas%20oven&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
        walked.push(...names(page.data));
        cursor = page.data.nextCursor ?? "";
      } while (cursor);
      expect(walked).toEqual(names(r.data));
      // An all-words item out of stock stays above a some-words item in stock.
      await ctx.db.update(products).set({ countInStock: 0 }).where(eq(products.id, ids.cooker!));
      expect(names((await search("q=gas%20oven")).data)).toEqual([
        "Microwave Oven Gas-free 20L",
        "Gas Cooker 4 Burner",
        "Microwave Oven Oven 30L",
      ]);
      // One word: no tiers, the best match first.
      expect(names((await search("q=oven")).data)[0]).toBe("Microwave Oven Oven 30L");
      // More words matched above fewer: "tecno spark 20" puts the Camon (one word) last.
      expect(names((await search("q=tecno%20spark%20camon")).data)).toEqual(["Tecno Spark 20", "Tecno Camon 30"]);
    } finally {
      await ctx.db.update(products).set({ countInStock: 3 }).where(eq(products.id, ids.cooker!));
      await ctx.db.delete(products).where(eq(products.id, oven.id));
      await ctx.db.delete(products).where(eq(products.id, mw.id));
    }
  });

  it("lists the some-words items only while fewer than a page of items have all the words", async () => {
    const full = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        createProduct(ctx.db, { userId: seller.user.id, categoryId: kitchen.id, name: `Zebrawood Ladle ${i + 1}` }),
      ),
    );
    const alone = await createProduct(ctx.db, { userId: seller.user.id, categoryId: kitchen.id, name: "Zebrawood Spoon" });
    try {
      // A page's worth of items with both words: the one with "zebrawood" alone is not listed.
      const r = await search("q=zebrawood%20ladle&limit=48");
      expect(r.data.total).toBe(24);
      expect(names(r.data)).not.toContain("Zebrawood Spoon");
      // Under a page of them (one fewer): it follows them, and the count says so.
      await ctx.db.delete(products).where(eq(products.id, full[0]!.id));
      const fewer = await search("q=zebrawood%20ladle&limit=48");
      expect(fewer.data.total).toBe(24);
      expect(names(fewer.data).at(-1)).toBe("Zebrawood Spoon");
    } finally {
      for (const p of [...full, alone]) await ctx.db.delete(products).where(eq(products.id, p.id));
    }
  });

  it("gives a verified seller's item a small boost: it wins a tie, not a better match", async () => {
    // The verified seller's is the older: without the boost the newer would come first.
    const b = await createProduct(ctx.db, { userId: verified.user.id, categoryId: phones.id, name: "Power Bank 20000mAh", price: 15000 });
    const a = await createProduct(ctx.db, { userId: seller.user.id, categoryId: phones.id, name: "Power Bank 20000mAh", price: 15000 });
    await ctx.app.cache.invalidate(["catalog"]);
    expect((await search("q=power%20bank")).data.items.map((i) => i._id)).toEqual([b.id, a.id]);
    // An exact title beats the boost: "powerbank" matches a's own title only.
    await ctx.db.update(products).set({ name: "Powerbank Slim" }).where(eq(products.id, a.id));
    await ctx.app.cache.invalidate(["catalog"]);
    expect((await search("q=powerbank%20slim")).data.items[0]?._id).toBe(a.id);
    await ctx.db.delete(products).where(eq(products.id, a.id));
    await ctx.db.delete(products).where(eq(products.id, b.id));
    await ctx.app.cache.invalidate(["catalog"]);
  });

  it("boosts a seller's score a little (Excellent > Good > New/Fair), copied into the index by the score job", async () => {
    expect(SELLER_SCORE_BOOST.Excellent).toBeGreaterThan(SELLER_SCORE_BOOST.Good);
    const [ex, good, fresh] = await Promise.all(
      [1, 2, 3].map(() => createUserWithToken(ctx.db, { accType: "business", status: "approved" })),
    );
    await ctx.db.insert(sellerScores).values([
      { sellerId: ex!.user.id, label: "Excellent", value: 95, orders: 9 },
      { sellerId: good!.user.id, label: "Good", value: 80, orders: 9 },
    ]);
    // Created oldest first: without the boost the newest would come first. A new item takes its
    // seller's stored label (the index's insert trigger).
    const made = [];
    for (const u of [ex!, good!, fresh!])
      made.push(await createProduct(ctx.db, { userId: u.user.id, categoryId: phones.id, name: "Solar Lantern 12W", price: 9000 }));
    await ctx.app.cache.invalidate(["catalog"]);
    const order = async () => (await search("q=solar%20lantern")).data.items.map((i) => i._id);
    expect(await order()).toEqual(made.map((m) => m.id));
    // The job recomputes them (no orders: new sellers) and copies the changed labels into the index.
    await recomputeSellerScores(ctx.db, [ex!.user.id, good!.user.id], PROTECTION);
    await ctx.app.cache.invalidate(["catalog"]);
    expect(await order()).toEqual(made.map((m) => m.id).reverse());
    for (const m of made) await ctx.db.delete(products).where(eq(products.id, m.id));
    await ctx.app.cache.invalidate(["catalog"]);
  });

  it("counts facets with the other filters applied (disjunctive)", async () => {
    const r = await search(`q=&category_id=${kitchen.id}&state=Enugu`);
    expect(r.data.total).toBe(3);
    // Category counts ignore the category filter, apply the state one.
    expect(r.data.facets.category.map((c) => [c.name, c.count])).toEqual([
      ["Home & Kitchen", 3],
      ["Home Cleaning", 1],
      ["Phones & Tablets", 1],
    ]);
    // State counts ignore the state filter, apply the category one.
    expect(r.data.facets.state).toEqual([{ value: "Enugu", count: 3 }]);
    expect(r.data.facets.kind).toEqual([{ value: "product", count: 3 }]);
    expect(r.data.facets.price).toEqual({ min: 95000, max: 289000 });
    const all = await search("q=");
    expect(all.data.facets.state).toEqual([
      { value: "Enugu", count: 5 },
      { value: "Lagos", count: 2 },
    ]);
    expect(all.data.facets.verified).toBe(2);
    expect(all.data.facets.in_stock).toBe(6);
    expect(all.data.facets.rating).toEqual({ "4": 1, "3": 1 });
    const two = await search(`q=&category_id=${kitchen.id},${phones.id}&min_price=100000&max_price=250000&in_stock=true`);
    expect(names(two.data).sort()).toEqual(["Gas Cooker 4 Burner", "Samsung Galaxy A15", "Tecno Spark 20"]);
    expect((await search("q=&verified=true")).data.total).toBe(2);
    expect((await search("q=&min_rating=4&kind=service")).data.total).toBe(1);
    expect((await search(`q=&user_id=${verified.user.id}`)).data.total).toBe(2);
  });

  it("sorts by price and pages with the cursor", async () => {
    const asc = await search("q=&sort=price_asc&kind=product&limit=2");
    expect(asc.data.items.map((i) => i.price)).toEqual([95000, 120000]);
    const next = await search(`q=&sort=price_asc&kind=product&limit=2&cursor=${asc.data.nextCursor}`);
    expect(next.data.items.map((i) => i.price)).toEqual([180000, 215000]);
    expect((await search("q=&sort=price_desc&kind=product&limit=1")).data.items[0]?.price).toBe(289000);
  });

  it("is fresh: a new, edited or deleted item is found or gone at once", async () => {
    const created = await ctx.request({
      method: "POST",
      url: "/api/product",
      token: seller.token,
      payload: {
        name: "Binatone Blender",
        description: "Two speeds",
        price: 25000,
        count_in_stock: 4,
        category_id: kitchen.id,
        image_urls: [],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data._id;
    expect(names((await search("q=blender")).data)).toEqual(["Binatone Blender"]);
    await ctx.request({ method: "PUT", url: "/api/product", token: seller.token, payload: { _id: id, name: "Binatone Juicer" } });
    expect((await search("q=blender")).data.total).toBe(0);
    expect(names((await search("q=juicer")).data)).toEqual(["Binatone Juicer"]);
    await ctx.request({ method: "DELETE", url: `/api/product?id=${id}`, token: seller.token });
    expect((await search("q=juicer")).data.total).toBe(0);
  });

  it.each([
    ["empty", ""],
    ["one letter", "s"],
    ["operators only", '- " | -"'],
    ["SQL", "'; drop table products; --"],
    ["regex and tsquery", "(.*)+ & ! <-> :* \\"],
    ["emoji", "📱🔥"],
    ["right to left", "هاتف سامسونج"],
    ["200 characters", "samsung ".repeat(25)],
  ])("answers %s without an error", async (_label, q) => {
    const r = await search(`q=${encodeURIComponent(q)}`);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.data.items)).toBe(true);
  });

  it("answers a 400 with a sentence for a query too long, an unknown kind or a bad cursor; an upside-down price range is read right", async () => {
    const long = await search(`q=${"a".repeat(500)}`);
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/too long/);
    expect((await search("q=&kind=car")).status).toBe(400);
    expect((await search("q=&category_id=nope")).status).toBe(400);
    expect((await search("q=&cursor=zzz")).status).toBe(400);
    expect((await search("q=&min_rating=9")).status).toBe(400);
    const unknown = await search("q=&state=Atlantis");
    expect(unknown.status).toBe(200);
    expect(unknown.data.total).toBe(0);
    const upside = await search("q=&kind=product&min_price=100000&max_price=90000");
    expect(upside.status).toBe(200);
    expect(names(upside.data)).toEqual(["Café Espresso Machine"]);
    const swapped = await search("q=&kind=product&min_price=200000&max_price=100000");
    expect(swapped.data.total).toBe(2);
  });
});

describe("GET /api/search/suggest", () => {
  it("suggests products, categories and sellers from the second letter, each with its page", async () => {
    expect((await ctx.request({ method: "GET", url: "/api/search/suggest?q=s" })).json().data.suggestions).toEqual([]);
    const r = (await ctx.request({ method: "GET", url: "/api/search/suggest?q=sams" })).json();
    expect(r.data.suggestions[0]).toEqual({ type: "product", text: "Samsung Galaxy A15", url: `/product/market-place/${ids.galaxy}` });
    const k = (await ctx.request({ method: "GET", url: "/api/search/suggest?q=kitch" })).json();
    expect(k.data.suggestions).toContainEqual({
      type: "category",
      text: "Home & Kitchen",
      url: `/categories/collections/market-place/${kitchen.id}`,
    });
    const s = (await ctx.request({ method: "GET", url: "/api/search/suggest?q=chidi" })).json();
    expect(s.data.suggestions).toContainEqual({ type: "seller", text: "Chidi Home", url: `/seller/${seller.user.username}` });
  });
});

describe("the listings' search= uses the same engine", () => {
  it("finds with typos and synonyms on /api/product and /api/posts", async () => {
    const typo = (await ctx.request({ method: "GET", url: "/api/product?search=samsng" })).json();
    expect(typo.products.map((p: Item) => p.name)).toEqual(["Samsung Galaxy A15"]);
    const syn = (await ctx.request({ method: "GET", url: "/api/product?search=fridge" })).json();
    expect(syn.products.map((p: Item) => p.name)).toEqual(["Hisense Refrigerator 150L"]);
    const svc = (await ctx.request({ method: "GET", url: "/api/posts?search=cleanin" })).json();
    expect(svc.posts ?? svc.products).toHaveLength(1);
    const mine = (await ctx.request({ method: "GET", url: "/api/product?mine=true&search=refrigerators", token: seller.token })).json();
    expect(mine.products.map((p: Item) => p.name)).toEqual(["Hisense Refrigerator 150L"]);
  });
});

describe("admin synonyms", () => {
  it("adds, edits and deletes a group; the search follows at once", async () => {
    expect((await search("q=espresso%20maker")).data.total).toBe(1); // fallback: some words
    expect((await ctx.request({ method: "GET", url: "/api/admin/search/synonyms", token: seller.token })).statusCode).toBe(403);
    const list = (await ctx.request({ method: "GET", url: "/api/admin/search/synonyms", token: admin.token })).json();
    expect(list.data.some((g: { terms: string[] }) => g.terms.includes("fridge"))).toBe(true);
    const bad = await ctx.request({
      method: "POST",
      url: "/api/admin/search/synonyms",
      token: admin.token,
      payload: { terms: ["kettle", "Kettle"] },
    });
    expect(bad.statusCode).toBe(400);
    const made = await ctx.request({
      method: "POST",
      url: "/api/admin/search/synonyms",
      token: admin.token,
      payload: { terms: ["coffee maker", "Espresso"] },
    });
    expect(made.statusCode).toBe(201);
    const group = made.json().data;
    expect(group.terms).toEqual(["coffee maker", "espresso"]);
    // Both words of the term, as one phrase: not the fallback's "some words".
    expect(names((await search(`q=${encodeURIComponent('"coffee maker"')}`)).data)).toEqual([]);
    expect(names((await search("q=coffee%20maker")).data)).toEqual(["Café Espresso Machine"]);
    const edited = await ctx.request({
      method: "PUT",
      url: `/api/admin/search/synonyms/${group._id}`,
      token: admin.token,
      payload: { terms: ["barista", "espresso"] },
    });
    expect(edited.statusCode).toBe(200);
    expect(names((await search("q=barista")).data)).toEqual(["Café Espresso Machine"]);
    expect((await ctx.request({ method: "DELETE", url: `/api/admin/search/synonyms/${group._id}`, token: admin.token })).statusCode).toBe(
      200,
    );
    expect((await search("q=barista")).data.total).toBe(0);
    expect((await ctx.request({ method: "DELETE", url: `/api/admin/search/synonyms/${group._id}`, token: admin.token })).statusCode).toBe(
      404,
    );
  });
});

describe("variant option facets", () => {
  type Options = { name: string; values: { value: string; count: number }[] }[];
  const optionsOf = (a: Answer) => (a.facets as Answer["facets"] & { options: Options }).options;
  const v = (Size: string, Colour: string, count_in_stock: number) => ({ options: { Size, Colour }, price: 15000, count_in_stock });
  const shirt = (name: string, variants: ReturnType<typeof v>[]) => ({
    name,
    category_id: kitchen.id,
    description: "Optionfacet test shirt",
    options: [
      { name: "Size", values: [...new Set(variants.map((x) => x.options.Size))] },
      { name: "Colour", values: [...new Set(variants.map((x) => x.options.Colour))] },
    ],
    variants,
  });
  const made: string[] = [];
  afterAll(async () => {
    for (const id of made) await ctx.db.delete(products).where(eq(products.id, id));
  });

  it("indexes the in-stock option values and counts them disjunctively; option=Name:Value filters (OR within, AND across)", async () => {
    const post = async (body: object) => {
      const res = await ctx.request({ method: "POST", url: "/api/product", token: seller.token, payload: body });
      expect(res.statusCode).toBe(201);
      made.push(res.json().data._id);
      return res.json().data as { _id: string; variants: { _id: string; sku: string; options: Record<string, string>; price: number }[] };
    };
    // A: S/Blue, M/Blue; B: M/Red, L/Red (L out of stock: not a value of B); C: S/Red.
    const a = await post(shirt("Optionfacet Alpha", [v("S", "Blue", 2), v("M", "Blue", 1)]));
    await post(shirt("Optionfacet Bravo", [v("M", "Red", 3), v("L", "Red", 0)]));
    await post(shirt("Optionfacet Charlie", [v("S", "Red", 1)]));

    const all = await search("q=optionfacet");
    expect(all.data.total).toBe(3);
    expect(optionsOf(all.data)).toEqual([
      {
        name: "Colour",
        values: [
          { value: "Red", count: 2 },
          { value: "Blue", count: 1 },
        ],
      },
      {
        name: "Size",
        values: [
          { value: "M", count: 2 },
          { value: "S", count: 2 },
        ],
      },
    ]);
    // Size M or S (OR) and Colour Red (AND); names and values ignore case.
    const r = await search("q=optionfacet&option=Size:M&option=size:s&option=COLOUR:red");
    expect(names(r.data).sort()).toEqual(["Optionfacet Bravo", "Optionfacet Charlie"]);
    // Size counts ignore the Size filter but apply Colour:Red; Colour counts apply Size (M or S) only.
    expect(optionsOf(r.data)).toEqual([
      {
        name: "Colour",
        values: [
          { value: "Red", count: 2 },
          { value: "Blue", count: 1 },
        ],
      },
      {
        name: "Size",
        values: [
          { value: "M", count: 1 },
          { value: "S", count: 1 },
        ],
      },
    ]);
    const m = await search("q=optionfacet&option=Size:M");
    expect(names(m.data).sort()).toEqual(["Optionfacet Alpha", "Optionfacet Bravo"]);
    expect(optionsOf(m.data).find((o) => o.name === "Colour")?.values).toEqual([
      { value: "Blue", count: 1 },
      { value: "Red", count: 1 },
    ]);
    // The other facets apply the option filter too.
    expect(m.data.facets.category).toEqual([{ _id: kitchen.id, name: "Home & Kitchen", count: 2 }]);

    // Stock crossing zero, in the writer's transaction: Alpha's M sells out, it leaves Size:M.
    const res = await ctx.request({
      method: "PUT",
      url: "/api/product",
      token: seller.token,
      payload: { _id: a._id, variants: a.variants.map((x) => ({ ...x, count_in_stock: x.options.Size === "M" ? 0 : 2 })) },
    });
    expect(res.statusCode).toBe(200);
    expect(names((await search("q=optionfacet&option=Size:M")).data)).toEqual(["Optionfacet Bravo"]);
    // A rename re-inserts the index row: its option values come with it.
    await ctx.db.update(products).set({ name: "Optionfacet Alpha Renamed" }).where(eq(products.id, a._id));
    expect(names((await search("q=optionfacet&option=Size:S&option=Colour:Blue")).data)).toEqual(["Optionfacet Alpha Renamed"]);
    // A variant removed takes its values with it.
    await ctx.db.delete(productVariants).where(eq(productVariants.productId, a._id));
    expect((await search("q=optionfacet&option=Colour:Blue")).data.total).toBe(0);
  });

  it("answers an unknown option with an empty list, and a malformed one with a 400 sentence", async () => {
    const unknown = await search("q=&option=Fabric:Silk");
    expect(unknown.status).toBe(200);
    expect(unknown.data.total).toBe(0);
    expect(unknown.data.items).toEqual([]);
    const none = await search("q=galaxy");
    expect(optionsOf(none.data)).toEqual([]);
    for (const bad of ["option=Size", "option=:M", "option=Size:", `option=${"x".repeat(120)}:1`]) {
      const r = await search(`q=&${bad}`);
      expect(r.status).toBe(400);
      expect(typeof r.body.message).toBe("string");
    }
    const many = await search(`q=&${Array.from({ length: 21 }, (_, i) => `option=Size:${i}`).join("&")}`);
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/At most 20/);
  });
});
