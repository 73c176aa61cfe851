/**
 * Scale check of the sitemap and the link-preview page on 100,000 listed products (slow: runs only
 * with SEO_SCALE=1). Prints timings; asserts the index splits and a preview stays quick.
 *   SEO_SCALE=1 npx vitest run --project server test/seo-scale.test.ts
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createUser } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

const N = 100_000;
let ctx: TestContext;

describe.runIf(process.env.SEO_SCALE === "1")("SEO at 100,000 products", () => {
  let someId = "";
  beforeAll(async () => {
    ctx = await createTestContext();
    const seller = await createUser(ctx.db, { accType: "business" });
    const cats = await Promise.all(Array.from({ length: 8 }, () => createCategory(ctx.db)));
    const catArray = `{${cats.map((c) => c.id).join(",")}}`;
    await ctx.db.execute(sql`
      insert into products (user_id, category_id, name, description, price_kobo, count_in_stock, listed, created_at, updated_at)
      select ${seller.id}, (${catArray}::uuid[])[1 + (g % 8)], 'Product ' || g, 'Description ' || g, 100000 + g, g % 7, true,
             now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
      from generate_series(1, ${N}) g`);
    await ctx.db.execute(sql`analyze products`);
    const r = await ctx.db.execute(sql`select id from products order by created_at limit 1 offset 50000`);
    someId = (r.rows[0] as { id: string }).id;
  }, 300_000);
  afterAll(() => ctx?.close());

  const time = async <T>(fn: () => Promise<T>) => {
    const t = performance.now();
    const value = await fn();
    return { value, ms: Math.round(performance.now() - t) };
  };

  it("splits /sitemap.xml into an index and serves each part", async () => {
    const index = await time(() => ctx.request({ method: "GET", url: "/sitemap.xml" }));
    expect(index.value.body).toContain("<sitemapindex");
    expect(index.value.body).toContain("/sitemaps/market-place-2.xml");
    const first = await time(() => ctx.request({ method: "GET", url: "/sitemaps/market-place-1.xml" }));
    const last = await time(() => ctx.request({ method: "GET", url: "/sitemaps/market-place-2.xml" }));
    expect(first.value.body.match(/<url>/g)?.length).toBe(50_000);
    expect(last.value.body.match(/<url>/g)?.length).toBe(N - 50_000);
    console.log(
      `sitemap index ${index.ms} ms; part 1 (50,000 URLs, ${Math.round(first.value.body.length / 1024)} KiB) ${first.ms} ms; part 2 ${last.ms} ms`,
    );
  });

  it("renders a product preview quickly", async () => {
    await ctx.request({ method: "GET", url: `/product/market-place/${someId}` });
    const runs: number[] = [];
    for (let i = 0; i < 50; i++) runs.push((await time(() => ctx.request({ method: "GET", url: `/product/market-place/${someId}` }))).ms);
    runs.sort((a, b) => a - b);
    console.log(`product preview: median ${runs[25]} ms, max ${runs[49]} ms over 50 requests`);
    expect(runs[25]).toBeLessThan(50);
  });
});
