/**
 * The seller's catalog as CSV (ADR 0216): GET /api/product/export.csv and POST /api/product/import
 * (dry run with row and column errors, all or nothing unless skipping bad rows, limits, formula
 * cells neutralised on export and refused on import), and the round trip: download, edit, upload,
 * the same catalog.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext();
  await createCategory(ctx.db, { name: "Fashion", type: "market-place" });
  await createCategory(ctx.db, { name: "Phones & Tablets", type: "market-place" });
});
afterAll(() => ctx.close());

const newSeller = async () => createUserWithToken(ctx.db, { accType: "business", status: "approved" });
const exportCsv = async (token: string) => {
  const res = await ctx.request({ method: "GET", url: "/api/product/export.csv", token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^text\/csv/);
  return res.body;
};
const importCsv = (token: string, csv: string, query = "") =>
  ctx.request({ method: "POST", url: `/api/product/import${query}`, token, headers: { "content-type": "text/csv" }, payload: csv });
const rowsOf = (csv: string) => parse(csv, { columns: true }) as Record<string, string>[];
const toCsv = (rows: Record<string, string>[]) => stringify(rows, { header: true, columns: Object.keys(rows[0]!) });
const productCount = async (userId: string) =>
  (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from products where user_id = ${userId}`)).rows[0]!.n;

/** The seller's catalog as the API answers it, in a comparable form. */
async function catalogOf(userId: string) {
  const res = await ctx.request({ method: "GET", url: `/api/product?user_id=${userId}&limit=24` });
  return (res.json().products as Array<Record<string, unknown> & { variants: Array<Record<string, unknown>> }>)
    .map((p) => ({
      name: p.name,
      description: p.description,
      category_name: p.category_name,
      price: p.price,
      count_in_stock: p.count_in_stock,
      options: p.options,
      variants: p.variants.map(({ sku, options, price, count_in_stock }) => ({ sku, options, price, count_in_stock })),
    }))
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
}

describe("round trip", () => {
  it("download, edit, upload: the same catalog with the edits; a dry run first writes nothing", async () => {
    seller = await newSeller();
    const cat = (await ctx.request({ method: "GET", url: "/api/category?type=market-place" })).json().data as {
      _id: string;
      name: string;
    }[];
    const fashion = cat.find((c) => c.name === "Fashion")!._id;
    for (const body of [
      {
        name: "Ankara Wrap Dress",
        category_id: fashion,
        description: "Wax print, wrap front.",
        options: [
          { name: "Size", values: ["S", "M"] },
          { name: "Colour", values: ["Red", "Blue"] },
        ],
        variants: [
          { sku: "AWD-S-RED", options: { Size: "S", Colour: "Red" }, price: 15000, count_in_stock: 3 },
          { sku: "AWD-M-BLU", options: { Size: "M", Colour: "Blue" }, price: 16500, count_in_stock: 4 },
        ],
      },
      { name: "Leather Belt", category_id: fashion, description: "Hand-stitched.", price: 7000, count_in_stock: 9 },
    ]) {
      expect((await ctx.request({ method: "POST", url: "/api/product", token: seller.token, payload: body })).statusCode).toBe(201);
    }
    const before = await catalogOf(seller.user.id);
    const csv = await exportCsv(seller.token);

    // Unchanged, it imports as the same catalog.
    expect((await importCsv(seller.token, csv)).statusCode).toBe(200);
    expect(await catalogOf(seller.user.id)).toEqual(before);

    // Edited: a price and a stock changed, a title changed, a new product added.
    const rows = rowsOf(csv);
    const blue = rows.find((r) => r["Variant SKU"] === "AWD-M-BLU")!;
    blue["Variant Price"] = "17000";
    blue["Variant Inventory Qty"] = "10";
    rows.find((r) => r.Title === "Leather Belt")!.Title = "Leather Belt, Brown";
    rows.push({
      ...Object.fromEntries(Object.keys(rows[0]!).map((k) => [k, ""])),
      Handle: "new-slippers",
      Title: "Palm Slippers",
      Category: "fashion",
      "Option1 Name": "Size",
      "Option1 Value": "42",
      "Variant SKU": "PS-42",
      "Variant Price": "12500",
      "Variant Inventory Qty": "6",
    });
    const edited = toCsv(rows);

    const dry = await importCsv(seller.token, edited, "?dry_run=true");
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.rows.map((r: { action: string }) => r.action)).toEqual(["update", "update", "update", "create"]);
    expect(dry.json().data.rows.every((r: { errors: unknown[] }) => r.errors.length === 0)).toBe(true);
    expect(await catalogOf(seller.user.id)).toEqual(before);

    const done = await importCsv(seller.token, edited);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ created: 1, updated: 2 });
    const after = await catalogOf(seller.user.id);
    expect(after.map((p) => p.name)).toEqual(["Ankara Wrap Dress", "Leather Belt, Brown", "Palm Slippers"]);
    expect(after[0]!.variants.find((v) => v.sku === "AWD-M-BLU")).toEqual({
      sku: "AWD-M-BLU",
      options: { Size: "M", Colour: "Blue" },
      price: 17000,
      count_in_stock: 10,
    });
    expect(after[2]).toMatchObject({ price: 12500, count_in_stock: 6, options: [{ name: "Size", values: ["42"] }] });

    // Downloaded again, it is the file uploaded (the new product now under its id, its category
    // named as the store spells it: "fashion" was found ignoring case).
    rows.at(-1)!.Category = "Fashion";
    const again = rowsOf(await exportCsv(seller.token));
    const strip = (rs: Record<string, string>[]) =>
      rs.map(({ Handle: _h, ...r }) => r).sort((a, b) => (a["Variant SKU"] ?? "").localeCompare(b["Variant SKU"] ?? ""));
    expect(strip(again)).toEqual(strip(rows));
  });
});

describe("bad files", () => {
  it("a file that is not CSV answers 400 and writes nothing", async () => {
    const s = await newSeller();
    const res = await importCsv(s.token, 'Handle,Title\n"unclosed,quote\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not a CSV/);
  });

  it("unknown categories and formula cells are row and column errors, and nothing is written (all or nothing)", async () => {
    const s = await newSeller();
    const csv = toCsv([
      {
        Handle: "a",
        Title: "Good Shirt",
        Body: "",
        Category: "Fashion",
        "Variant SKU": "",
        "Variant Price": "5000",
        "Variant Inventory Qty": "2",
      },
      {
        Handle: "b",
        Title: "Odd Thing",
        Body: "",
        Category: "Spaceships",
        "Variant SKU": "",
        "Variant Price": "5000",
        "Variant Inventory Qty": "2",
      },
      {
        Handle: "c",
        Title: "=cmd|' /C calc'!A0",
        Body: "",
        Category: "Fashion",
        "Variant SKU": "",
        "Variant Price": "-1",
        "Variant Inventory Qty": "2",
      },
    ]);
    const res = await importCsv(s.token, csv);
    expect(res.statusCode).toBe(400);
    const rows = res.json().data.rows;
    expect(rows[0].errors).toEqual([]);
    expect(rows[1].errors).toEqual([{ column: "Category", message: "Unknown category Spaceships" }]);
    expect(rows[2].errors).toEqual(
      expect.arrayContaining([
        { column: "Title", message: "Formula cells are not allowed" },
        { column: "Variant Price", message: "Formula cells are not allowed" },
      ]),
    );
    expect(await productCount(s.user.id)).toBe(0);

    // Confirmed skipping the bad rows: only the good product is written.
    const skipped = await importCsv(s.token, csv, "?skip_invalid=true");
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json().data.rows.map((r: { action: string }) => r.action)).toEqual(["create", "skip", "skip"]);
    expect(await productCount(s.user.id)).toBe(1);
  });

  it("a variant rule broken in a row names that row and its column", async () => {
    const s = await newSeller();
    const base = {
      Handle: "d",
      Title: "Dress",
      Body: "",
      Category: "Fashion",
      "Option1 Name": "Size",
      "Option1 Value": "S",
      "Variant SKU": "D-S",
      "Variant Price": "100",
      "Variant Inventory Qty": "1",
    };
    const res = await importCsv(
      s.token,
      toCsv([base, { ...base, Title: "", "Option1 Name": "", "Variant SKU": "D-S", "Option1 Value": "M" }]),
      "?dry_run=true",
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rows[1].errors).toEqual([{ column: "Variant SKU", message: "Variant 2: SKU D-S is used twice" }]);
  });

  it("refuses over 5 MB with 413 and over 1,000 products with 400", async () => {
    const s = await newSeller();
    const big = `Handle,Title,Category,Variant Price,Variant Inventory Qty\n${"x,".repeat(3_000_000)}`;
    expect((await importCsv(s.token, big)).statusCode).toBe(413);
    const many = toCsv(
      Array.from({ length: 1001 }, (_, i) => ({
        Handle: `h${i}`,
        Title: `P ${i}`,
        Category: "Fashion",
        "Variant Price": "1",
        "Variant Inventory Qty": "1",
      })),
    );
    const res = await importCsv(s.token, many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/At most 1000 products/);
  });

  it("neutralises formula cells on export", async () => {
    const s = await newSeller();
    const cat = (await ctx.request({ method: "GET", url: "/api/category?type=market-place" })).json().data[0]._id;
    const created = await ctx.request({
      method: "POST",
      url: "/api/product",
      token: s.token,
      payload: { name: '=HYPERLINK("http://x")', category_id: cat, price: 1, count_in_stock: 1, description: "@SUM(1)" },
    });
    expect(created.statusCode).toBe(201);
    const row = rowsOf(await exportCsv(s.token))[0]!;
    expect(row.Title).toBe('\'=HYPERLINK("http://x")');
    expect(row.Body).toBe("'@SUM(1)");
  });

  it("only business accounts download or upload a catalog", async () => {
    const shopper = await createUserWithToken(ctx.db);
    expect((await ctx.request({ method: "GET", url: "/api/product/export.csv", token: shopper.token })).statusCode).toBe(403);
    expect((await importCsv(shopper.token, "Handle\n")).statusCode).toBe(403);
  });
});
