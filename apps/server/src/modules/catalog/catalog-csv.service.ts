/**
 * A seller's catalog as CSV (ADR 0216), in the columns of Shopify's product CSV where they fit:
 * one row per variant, the product's own fields on its first row, rows of one product sharing its
 * `Handle` (the product's id on export; any word for a new product). Parsing and writing are
 * csv-parse and csv-stringify; the rules of a product are the contract's `ProductCreateInput`, and
 * the writes go through `createItem` / `updateItem` like the API's, all in one transaction.
 */
import { type CatalogImportRow, CSV_MAX_PRODUCTS, MAX_PRODUCT_OPTIONS, type Product, ProductCreateInput } from "@market/contract";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { categories, products } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import type { AuthUser } from "../auth/sessions.js";
import { PRODUCT } from "./item-kinds.js";
import { createItem, listItems, updateItem } from "./items.service.js";
import { assertSeller } from "./rules.js";

const OPTION_COLUMNS = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, i) => [`Option${i + 1} Name`, `Option${i + 1} Value`]).flat();
/** The columns, in order. `Image Src`: the product's pictures, space-separated, on its first row. */
const CSV_COLUMNS = [
  "Handle",
  "Title",
  "Body",
  "Category",
  ...OPTION_COLUMNS,
  "Variant SKU",
  "Variant Price",
  "Variant Inventory Qty",
  "Variant Image",
  "Image Src",
] as const;

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return first;
 * OWASP "CSV injection"). Negative numbers are no exception: no column takes one.
 */
const FORMULA = /^[=+\-@\t\r]/;

/** A cell as exported: a formula-looking text is neutralised with a leading apostrophe (OWASP). */
function safeCell(value: string): string {
  return FORMULA.test(value) ? `'${value}` : value;
}

/**
 * The seller's whole catalog (every product, listed or not) as CSV, one row per variant.
 * @throws HttpError 403 for non-business accounts.
 */
export async function exportCatalog(db: Db, user: AuthUser): Promise<string> {
  assertSeller(user, "products");
  const rows: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listItems(db, PRODUCT, { sort: "newest", limit: 100, cursor, mine: true }, user, null);
    for (const p of page.products as Product[]) rows.push(...productRows(p));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return stringify([[...CSV_COLUMNS], ...rows.map((r) => r.map(safeCell))]);
}

function productRows(p: Product): string[][] {
  return p.variants.map((v, i) => {
    const first = i === 0;
    const opts = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, j) => {
      const o = p.options[j];
      return o ? [first ? o.name : "", v.options[o.name] ?? ""] : ["", ""];
    }).flat();
    return [
      p._id,
      first ? p.name : "",
      first ? p.description : "",
      first ? p.category_name : "",
      ...opts,
      v.sku,
      String(v.price),
      String(v.count_in_stock),
      v.image_url ?? "",
      first ? p.image_urls.join(" ") : "",
    ];
  });
}

type Row = Record<string, string> & { __row: number };
type Plan = { handle: string; rows: Row[]; action: "create" | "update"; errors: Map<number, CatalogImportRow["errors"]> };

/** The product body a group of rows describes, and the rows and columns its parts came from. */
function bodyOf(group: Row[], categoryIds: Map<string, string>) {
  const head = group[0]!;
  const names = Array.from({ length: MAX_PRODUCT_OPTIONS }, (_, j) => head[`Option${j + 1} Name`]?.trim() ?? "").filter(Boolean);
  const options = names.map((name, j) => ({
    name,
    values: [...new Set(group.map((r) => r[`Option${j + 1} Value`]?.trim() ?? "").filter(Boolean))],
  }));
  const num = (s: string | undefined) => (s?.trim() ? Number(s.trim()) : Number.NaN);
  const variants = group.map((r) => ({
    sku: r["Variant SKU"]?.trim() ?? "",
    options: Object.fromEntries(names.map((n, j) => [n, r[`Option${j + 1} Value`]?.trim() ?? ""])),
    price: num(r["Variant Price"]),
    count_in_stock: num(r["Variant Inventory Qty"]),
    image_url: r["Variant Image"]?.trim() || null,
  }));
  const category = head.Category?.trim() ?? "";
  return {
    name: head.Title ?? "",
    description: head.Body ?? "",
    category_id: categoryIds.get(category.toLowerCase()) ?? "",
    image_urls: (head["Image Src"] ?? "").split(/\s+/).filter(Boolean),
    options,
    variants: options.length ? variants : undefined,
    price: options.length ? undefined : variants[0]!.price,
    count_in_stock: options.length ? undefined : variants[0]!.count_in_stock,
    ...(options.length === 0 && variants[0]!.sku ? { variants: [{ ...variants[0]!, options: {} }] } : {}),
  };
}

/** The CSV column a contract error path names (`variants.2.price` -> "Variant Price", on the variant's row). */
function columnOf(path: PropertyKey[]): string {
  const [field, , sub] = path.map(String);
  if (field === "variants")
    return (
      { sku: "Variant SKU", price: "Variant Price", count_in_stock: "Variant Inventory Qty", image_url: "Variant Image" }[sub ?? ""] ??
      "Option1 Value"
    );
  return (
    {
      name: "Title",
      description: "Body",
      category_id: "Category",
      image_urls: "Image Src",
      options: "Option1 Name",
      price: "Variant Price",
      count_in_stock: "Variant Inventory Qty",
    }[field ?? ""] ?? "Handle"
  );
}

/**
 * Import a CSV of the seller's catalog (ADR 0216): every row checked first (its row number and
 * column for each error: formula cells, unknown categories, every rule of a product and its
 * variants); nothing is written on `dryRun`, nor when a row has an error unless `skipInvalid`
 * (then the products without errors are written). A `Handle` that is one of the seller's product
 * ids updates that product (its variants kept by SKU); any other handle creates one. All writes
 * are one transaction.
 * @throws HttpError 400 for a body that is not CSV, without the columns, or over CSV_MAX_PRODUCTS
 * products; 403 for non-business accounts.
 */
export async function importCatalog(
  db: Db,
  user: AuthUser,
  csv: string,
  { dryRun = false, skipInvalid = false }: { dryRun?: boolean; skipInvalid?: boolean },
) {
  assertSeller(user, "products");
  let records: Record<string, string>[];
  try {
    records = parse(csv, { columns: true, bom: true, skip_empty_lines: true, trim: false, relax_quotes: false });
  } catch (err) {
    const msg = `This file is not a CSV we can read: ${(err as Error).message}`;
    throw badRequest(msg, { body: msg });
  }
  const header = Object.keys(records[0] ?? {});
  const missing = ["Handle", "Title", "Category", "Variant Price", "Variant Inventory Qty"].filter((c) => !header.includes(c));
  if (!records.length || missing.length) {
    const msg = records.length ? `The CSV lacks the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")}` : "The CSV has no rows";
    throw badRequest(msg, { body: msg });
  }
  const rows = records.map((r, i) => ({ ...r, __row: i + 1 }) as Row);
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const h = r.Handle?.trim() ?? "";
    groups.set(h, [...(groups.get(h) ?? []), r]);
  }
  if (groups.size > CSV_MAX_PRODUCTS) {
    const msg = `At most ${CSV_MAX_PRODUCTS} products in one file; this one has ${groups.size}`;
    throw badRequest(msg, { body: msg });
  }

  const cats = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.type, "market-place"));
  const categoryIds = new Map(cats.map((c) => [c.name.toLowerCase(), c.id]));
  const own = new Map(
    (await db.select({ id: products.id }).from(products).where(eq(products.userId, user.id))).map((p) => [p.id, p.id] as const),
  );

  const plans: Plan[] = [];
  for (const [handle, group] of groups) {
    const errors = new Map<number, CatalogImportRow["errors"]>(group.map((r) => [r.__row, []]));
    const err = (row: number, column: string, message: string) => errors.get(row)!.push({ column, message });
    for (const r of group) {
      if (!handle) err(r.__row, "Handle", "Handle is required");
      for (const [column, value] of Object.entries(r))
        if (column !== "__row" && typeof value === "string" && FORMULA.test(value)) err(r.__row, column, "Formula cells are not allowed");
    }
    const head = group[0]!;
    const category = head.Category?.trim() ?? "";
    if (!categoryIds.has(category.toLowerCase()))
      err(head.__row, "Category", category ? `Unknown category ${category}` : "Category is required");
    const parsed = ProductCreateInput.safeParse(bodyOf(group, categoryIds));
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        if (issue.path[0] === "category_id") continue; // said above, by name
        const i = issue.path[0] === "variants" && typeof issue.path[1] === "number" ? issue.path[1] : 0;
        err((group[i] ?? head).__row, columnOf(issue.path), issue.message);
      }
    plans.push({ handle, rows: group, action: own.has(handle) ? "update" : "create", errors });
  }

  const bad = (p: Plan) => [...p.errors.values()].some((e) => e.length > 0);
  const answerRows = (written: boolean) =>
    plans
      .flatMap((p) =>
        p.rows.map((r) => ({
          row: r.__row,
          action: written && bad(p) ? ("skip" as const) : p.action,
          errors: p.errors.get(r.__row) ?? [],
        })),
      )
      .sort((a, b) => a.row - b.row);
  const anyBad = plans.some(bad);
  if (dryRun || (anyBad && !skipInvalid)) {
    return { written: false, rows: answerRows(false), created: 0, updated: 0, refused: anyBad && !dryRun };
  }
  let created = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (const p of plans.filter((x) => !bad(x))) {
      const body = ProductCreateInput.parse(bodyOf(p.rows, categoryIds));
      if (p.action === "create") {
        await createItem(tx, PRODUCT, user, body);
        created++;
      } else {
        // Variants keep their ids (and so their carts and history) when their SKU is unchanged.
        const stored = await tx.execute<{ id: string; sku: string }>(
          sql`select id, sku from product_variants where product_id = ${p.handle} and sku <> ''`,
        );
        const bySku = new Map(stored.rows.map((s) => [s.sku.toLowerCase(), s.id]));
        const variants = body.variants?.map((v) => ({ ...v, _id: bySku.get(v.sku.toLowerCase()) }));
        await updateItem(tx, PRODUCT, user, { ...body, _id: p.handle, ...(variants ? { variants } : {}) });
        updated++;
      }
    }
  });
  return { written: true, rows: answerRows(true), created, updated, refused: false };
}
