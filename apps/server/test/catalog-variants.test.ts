/**
 * Products with options and variants (ADR 0215): POST/PUT /api/product with `options` and
 * `variants`, every 400 rule, 404 for another seller's product, the answers' `options`,
 * `variants`, lowest `price` and summed `count_in_stock`; a product without options as before.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let fashion: { id: string };
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let other: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext();
  fashion = await createCategory(ctx.db, { name: "Fashion", type: "market-place" });
  seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  other = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
});
afterAll(() => ctx.close());

const OPTIONS = [
  { name: "Size", values: ["S", "M"] },
  { name: "Colour", values: ["Red", "Blue"] },
];
const dress = (sku = "AWD") => ({
  name: "Ankara Wrap Dress",
  category_id: fashion.id,
  description: "Wax print, wrap front.",
  options: OPTIONS,
  variants: [
    { sku: `${sku}-S-RED`, options: { Size: "S", Colour: "Red" }, price: 15000, count_in_stock: 3 },
    { sku: `${sku}-S-BLU`, options: { Size: "S", Colour: "Blue" }, price: 15000, count_in_stock: 0 },
    { sku: `${sku}-M-RED`, options: { Size: "M", Colour: "Red" }, price: 16500, count_in_stock: 2 },
    { sku: `${sku}-M-BLU`, options: { Colour: "Blue", Size: "M" }, price: 16500, count_in_stock: 4 },
  ],
});

/** The first field error under `field` ("variants" finds "variants.1.sku"): errors are keyed by dotted path. */
const fieldError = (errors: Record<string, string>, field: string) =>
  Object.entries(errors).find(([k]) => k === field || k.startsWith(`${field}.`))?.[1];

const post = (body: object, token = seller.token) => ctx.request({ method: "POST", url: "/api/product", token, payload: body });
const put = (body: object, token = seller.token) => ctx.request({ method: "PUT", url: "/api/product", token, payload: body });

describe("a product with options and variants", () => {
  it("is created with its options and variants; price is the lowest, stock the sum", async () => {
    const res = await post(dress());
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p.options).toEqual(OPTIONS);
    expect(p.price).toBe(15000);
    expect(p.count_in_stock).toBe(9);
    expect(p.variants).toHaveLength(4);
    // Options answer in the options' order, whatever order the body gave.
    expect(p.variants[3]).toMatchObject({
      sku: "AWD-M-BLU",
      options: { Size: "M", Colour: "Blue" },
      price: 16500,
      count_in_stock: 4,
      image_url: null,
    });
    expect(Object.keys(p.variants[3].options)).toEqual(["Size", "Colour"]);
    const detail = await ctx.request({ method: "GET", url: `/api/product?id=${p._id}` });
    expect(detail.json().products).toMatchObject({ price: 15000, count_in_stock: 9, options: OPTIONS });
    const list = await ctx.request({ method: "GET", url: `/api/product?user_id=${seller.user.id}` });
    expect(list.json().products.find((x: { _id: string }) => x._id === p._id).variants).toHaveLength(4);
  });

  it("keeps a variant by its _id on update, adds new ones and removes those not sent", async () => {
    const p = (await post(dress("UPD"))).json().data;
    const [sRed, , mRed] = p.variants;
    const res = await put({
      _id: p._id,
      variants: [
        { ...sRed, price: 14000, count_in_stock: 7 },
        { _id: mRed._id, sku: mRed.sku, options: mRed.options, price: 16500, count_in_stock: 1 },
        { sku: "UPD-M-BLU-2", options: { Size: "M", Colour: "Blue" }, price: 17000, count_in_stock: 5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.variants.map((v: { _id: string }) => v._id).slice(0, 2)).toEqual([sRed._id, mRed._id]);
    expect(after.variants).toHaveLength(3);
    expect(after.price).toBe(14000);
    expect(after.count_in_stock).toBe(13);
  });

  it("refuses product-level price or stock on a product with options", async () => {
    const p = (await post(dress("LVL"))).json().data;
    const res = await put({ _id: p._id, count_in_stock: 5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.price).toMatch(/options/);
  });

  it("a product without options behaves as before: one hidden default variant with the product's id", async () => {
    const res = await post({ name: "Tecno Spark", category_id: fashion.id, price: 90000, count_in_stock: 4 });
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p.options).toEqual([]);
    expect(p.variants).toEqual([{ _id: p._id, sku: "", options: {}, price: 90000, count_in_stock: 4, image_url: null }]);
    const upd = (await put({ _id: p._id, price: 85000, count_in_stock: 2 })).json().data;
    expect(upd).toMatchObject({ price: 85000, count_in_stock: 2 });
    expect(upd.variants[0]).toMatchObject({ _id: p._id, price: 85000, count_in_stock: 2 });
    // Without price or stock and without variants it is refused as before.
    const missing = await post({ name: "No price", category_id: fashion.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({ price: "Price is required", count_in_stock: "Stock is required" });
  });

  it("a product written straight into the table (seed, older rows) gets its default variant", async () => {
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId: fashion.id, price: 500, countInStock: 6 });
    const rows = await ctx.db.execute<{ id: string; price_kobo: string; count_in_stock: number }>(
      sql`select id, price_kobo, count_in_stock from product_variants where product_id = ${p.id}`,
    );
    expect(rows.rows).toEqual([{ id: p.id, price_kobo: "50000", count_in_stock: 6 }]);
  });
});

describe("bad options and variants answer 400 with field errors; nothing is written", () => {
  const cases: Array<[string, (b: ReturnType<typeof dress>) => object, string, RegExp]> = [
    [
      "duplicate SKU in the body",
      (b) => ({ ...b, variants: b.variants.map((v, i) => (i === 1 ? { ...v, sku: b.variants[0]!.sku } : v)) }),
      "variants",
      /used twice/,
    ],
    [
      "a combination twice",
      (b) => ({ ...b, variants: b.variants.map((v, i) => (i === 1 ? { ...v, options: b.variants[0]!.options } : v)) }),
      "variants",
      /combination is there twice/,
    ],
    [
      "more than 3 options",
      (b) => ({ ...b, options: [...b.options, { name: "Fit", values: ["Slim"] }, { name: "Sleeve", values: ["Long"] }] }),
      "options",
      /At most 3 options/,
    ],
    [
      "more than 100 variants",
      (b) => ({ ...b, variants: Array.from({ length: 101 }, (_, i) => ({ ...b.variants[0]!, sku: `X${i}` })) }),
      "variants",
      /At most 100 variants/,
    ],
    ["a negative price", (b) => ({ ...b, variants: b.variants.map((v) => ({ ...v, price: -1 })) }), "variants", /Price cannot be negative/],
    ["a negative stock", (b) => ({ ...b, variants: b.variants.map((v) => ({ ...v, count_in_stock: -1 })) }), "variants", /negative/],
    [
      "an option value of 0 characters",
      (b) => ({ ...b, options: [{ name: "Size", values: ["S", ""] }, b.options[1]] }),
      "options",
      /Option value is required/,
    ],
    [
      "an option value of 61 characters",
      (b) => ({ ...b, options: [{ name: "Size", values: ["S", "M".repeat(61)] }, b.options[1]] }),
      "options",
      /at most 60 characters/,
    ],
    [
      "a variant value that is not one of the option's",
      (b) => ({ ...b, variants: b.variants.map((v, i) => (i === 0 ? { ...v, options: { Size: "XL", Colour: "Red" } } : v)) }),
      "variants",
      /one value of each option/,
    ],
    ["options without variants", (b) => ({ ...b, variants: [] }), "variants", /at least one variant/],
  ];
  for (const [what, change, field, message] of cases) {
    it(what, async () => {
      const before = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from products`);
      const res = await post(change(dress(`BAD${what.length}`)));
      expect(res.statusCode).toBe(400);
      expect(fieldError(res.json().errors, field)).toMatch(message);
      const after = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from products`);
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    });
  }

  it("a SKU another of the seller's products uses", async () => {
    expect((await post(dress("DUP"))).statusCode).toBe(201);
    const res = await post({ ...dress("NEW"), variants: dress("NEW").variants.map((v, i) => (i === 2 ? { ...v, sku: "dup-m-red" } : v)) });
    expect(res.statusCode).toBe(400);
    expect(fieldError(res.json().errors, "variants")).toMatch(/DUP-M-RED is already used/);
    // Another seller may use the same SKU.
    expect((await post(dress("DUP"), other.token)).statusCode).toBe(201);
  });

  it("a variants-only update is checked against the stored options", async () => {
    const p = (await post(dress("CHK"))).json().data;
    const res = await put({ _id: p._id, variants: [{ sku: "CHK-X", options: { Size: "L", Colour: "Red" }, price: 1, count_in_stock: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors["variants.0.options"]).toMatch(/one value of each option/);
    const still = (await ctx.request({ method: "GET", url: `/api/product?id=${p._id}` })).json().products;
    expect(still.variants).toHaveLength(4);
  });
});

describe("another seller's product", () => {
  it("adding a variant to it answers 404 and changes nothing", async () => {
    const p = (await post(dress("OWN"))).json().data;
    const res = await put(
      { _id: p._id, variants: [...p.variants, { sku: "X-1", options: { Size: "S", Colour: "Red" }, price: 1, count_in_stock: 1 }] },
      other.token,
    );
    expect(res.statusCode).toBe(404);
    const still = (await ctx.request({ method: "GET", url: `/api/product?id=${p._id}` })).json().products;
    expect(still.variants).toHaveLength(4);
  });

  it("a variant _id of another product answers 404", async () => {
    const mine = (await post(dress("VA"))).json().data;
    const theirs = (await post(dress("VB"), other.token)).json().data;
    const res = await put({ _id: mine._id, variants: [{ ...theirs.variants[0], sku: "VA-NEW" }] });
    expect(res.statusCode).toBe(404);
  });
});
