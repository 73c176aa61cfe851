/**
 * The listing at scale (ADR 0020: a page of a 100,000-item catalog answers as fast as the first
 * page): 100,000 listed products, then EXPLAIN of the very queries the API sends for the first
 * page, a deep cursor page and the last numbered page: each must read a partial index in order
 * (no Sort node over the table) and touch about one page of rows.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createUser } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let categoryId: string;
const N = 100_000;

type Captured = { text: string; values: unknown[] };
let captured: Captured[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const seller = await createUser(ctx.db, { accType: "business", status: "approved" });
  const cats = [await createCategory(ctx.db, { name: "Phones" }), await createCategory(ctx.db, { name: "Fashion" })];
  categoryId = cats[0]!.id;
  await ctx.db.execute(sql`
    insert into products (user_id, category_id, name, description, price_kobo, count_in_stock, listed, created_at)
    select ${seller.id}::uuid,
           case when g % 4 = 0 then ${cats[1]!.id}::uuid else ${cats[0]!.id}::uuid end,
           'Bulk product ' || g, 'Generated for the scale test', (g % 5000) * 100 + 50000, g % 20, true,
           now() - (g || ' seconds')::interval
    from generate_series(1, ${N}) g`);
  await ctx.db.execute(sql`vacuum analyze products`);
  // Record the SQL the app sends, to EXPLAIN exactly that.
  const pool = ctx.db.$client;
  const original = pool.query.bind(pool);
  pool.query = ((config: unknown, values?: unknown) => {
    if (config && typeof config === "object" && "text" in config) {
      const c = config as { text: string; values?: unknown[] };
      captured.push({ text: c.text, values: c.values ?? (values as unknown[] | undefined) ?? [] });
    }
    return original(config as never, values as never);
  }) as typeof pool.query;
}, 300_000);
afterAll(() => ctx.close());

/** Fetch `url` and answer the EXPLAIN ANALYZE of its page query (the one selecting "name") and its count query. */
async function explain(url: string) {
  captured = [];
  const res = await ctx.request({ method: "GET", url });
  expect(res.statusCode).toBe(200);
  const pageQuery = captured.find((c) => /select .*"name"/i.test(c.text) && /order by/i.test(c.text));
  const countQuery = captured.find((c) => /count\(\*\)/i.test(c.text));
  expect(pageQuery, "page query captured").toBeDefined();
  const run = async (q: Captured) => {
    const r = await ctx.db.$client.query(`explain (analyze, format json) ${q.text}`, q.values);
    return (r.rows[0] as { "QUERY PLAN": Array<{ Plan: object; "Execution Time": number }> })["QUERY PLAN"][0]!;
  };
  return { body: res.json(), page: await run(pageQuery!), count: countQuery ? await run(countQuery) : undefined };
}

/**
 * Every node type and index name of a JSON plan: the page's own nodes. A correlated subplan (a card's
 * few latest review stars, read per row of the page) is left out: what it sorts is one product's
 * reviews, not the listing.
 */
function nodes(plan: object): string[] {
  const out: string[] = [];
  const visit = (p: Record<string, unknown>) => {
    out.push(`${p["Node Type"]}${p["Index Name"] ? `:${p["Index Name"]}` : ""}`);
    for (const child of (p.Plans as Record<string, unknown>[] | undefined) ?? [])
      if (child["Parent Relationship"] !== "SubPlan") visit(child);
  };
  visit(plan as Record<string, unknown>);
  return out;
}

describe("listing over 100,000 products", () => {
  it("first page, deep cursor page and last page read the partial index in order", async () => {
    const first = await explain("/api/product?limit=12");
    expect(first.body.total).toBe(N);
    expect(nodes(first.page.Plan).join()).toMatch(/Index Scan( Backward)?:products_listed_new_idx/);
    expect(nodes(first.page.Plan).join()).not.toMatch(/\bSort\b/);

    // Walk to a deep page by cursor (page 4,000 of 8,334 has offset 47,988): build the cursor of the
    // row just before it, as the client would have received it.
    const [row] = (
      await ctx.db.execute(
        sql`select created_at::text as k, id from products where listed order by created_at desc, id desc offset 47987 limit 1`,
      )
    ).rows as Array<{ k: string; id: string }>;
    const cursor = Buffer.from(JSON.stringify(["newest", row!.k, row!.id, 47988, 1])).toString("base64url");
    const deep = await explain(`/api/product?limit=12&cursor=${cursor}`);
    expect(deep.body).toMatchObject({ page: 4000, from: 47989, to: 48000 });
    expect(nodes(deep.page.Plan).join()).toMatch(/Index Scan:products_listed_new_idx/);
    expect(nodes(deep.page.Plan).join()).not.toMatch(/\bSort\b/);

    const last = await explain(`/api/product?limit=12&page=${Math.ceil(N / 12)}`);
    expect(last.body.products).toHaveLength(N % 12 || 12);
    expect(nodes(last.page.Plan).join()).toMatch(/Index Scan( Backward)?:products_listed_new_idx/);

    const priceDeep = await explain(`/api/product?limit=12&sort=price_desc&page=${Math.ceil(N / 12) - 2}`);
    expect(nodes(priceDeep.page.Plan).join()).toMatch(/Index Scan( Backward)?:products_listed_price_idx/);

    const byCategory = await explain(`/api/product?limit=12&category_id=${categoryId}`);
    // Either listed index serves it in order (the planner picks by the category's share of rows).
    expect(nodes(byCategory.page.Plan).join()).toMatch(/Index Scan:products_listed_(cat_)?new_idx/);
    expect(nodes(byCategory.page.Plan).join()).not.toMatch(/\bSort\b/);
    expect(byCategory.body.total).toBe(N - N / 4);

    const times = {
      first: first.page["Execution Time"],
      deepCursor: deep.page["Execution Time"],
      last: last.page["Execution Time"],
      priceNearEnd: priceDeep.page["Execution Time"],
      count: first.count?.["Execution Time"],
    };
    console.info("listing execution times (ms)", times);
    // Keyset: the deep page reads about as many rows as the first (generous bound for a busy CI box).
    expect(deep.page["Execution Time"]).toBeLessThan(Math.max(5, first.page["Execution Time"] * 10));
  });
});
