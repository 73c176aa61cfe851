/**
 * Migration 0023 (ADR 0215): every existing product becomes a product with one default variant
 * that has its id, price and stock; cart lines and order lines (an open order's hold, paid history)
 * point at it, so a release after the migration gives the held units back to that variant.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createUser } from "../src/db/seed/factories.js";
import { releaseOrders } from "../src/modules/commerce/stock.service.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), "../src/db/migrations/0021_product_variants.sql");

/**
 * The schema as it was before 0021 (what the migration adds, taken away), and so before 0024 (the
 * search's option values, read from product_variants).
 */
const BEFORE = sql.raw(`
  drop trigger search_items_options_ins on search_items;
  drop function search_items_options();
  drop function search_product_options(uuid);
  drop trigger products_default_variant on products;
  drop function product_default_variant();
  drop trigger product_variants_sync on product_variants;
  drop function product_variants_sync();
  alter table cart_lines drop column variant_id;
  alter table order_lines drop column variant_id, drop column variant;
  drop table product_option_values, product_options, product_variants;
  drop function search_variant_changed();
  create unique index cart_lines_user_product_uq on cart_lines (user_id, product_id);
`);

describe("migration 0021_product_variants", () => {
  it("gives every product a default variant with its id, price and stock, and points carts and order lines at it", async () => {
    const seller = await createUser(ctx.db, { accType: "business", status: "approved" });
    const buyer = await createUser(ctx.db);
    const cat = await createCategory(ctx.db, { type: "market-place" });
    await ctx.db.execute(BEFORE);
    const [p] = (
      await ctx.db.execute<{ id: string }>(sql`
        insert into products (user_id, category_id, name, price_kobo, count_in_stock, listed)
        values (${seller.id}, ${cat.id}, 'Electric Kettle', 1250000, 7, true) returning id`)
    ).rows;
    await ctx.db.execute(sql`insert into cart_lines (user_id, product_id, count) values (${buyer.id}, ${p!.id}, 2)`);
    const [o] = (
      await ctx.db.execute<{ id: string }>(sql`
        insert into orders (buyer_id, status, subtotal_kobo, shipping_kobo, total_kobo, shipping_address, reserved_until)
        values (${buyer.id}, 'awaiting_payment', 2500000, 0, 2500000, '{}'::jsonb, now() + interval '15 minutes') returning id`)
    ).rows;
    await ctx.db.execute(sql`
      insert into order_lines (order_id, product_id, seller_id, name, unit_price_kobo, quantity)
      values (${o!.id}, ${p!.id}, ${seller.id}, 'Electric Kettle', 1250000, 2)`);

    const statements = readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    await ctx.db.transaction(async (tx) => {
      for (const s of statements) await tx.execute(sql.raw(s));
    });

    const variants = await ctx.db.execute(sql`select id, product_id, sku, options, price_kobo, count_in_stock from product_variants`);
    expect(variants.rows).toEqual([{ id: p!.id, product_id: p!.id, sku: "", options: {}, price_kobo: "1250000", count_in_stock: 7 }]);
    expect((await ctx.db.execute(sql`select variant_id, count from cart_lines`)).rows).toEqual([{ variant_id: p!.id, count: 2 }]);
    expect((await ctx.db.execute(sql`select variant_id, quantity from order_lines`)).rows).toEqual([{ variant_id: p!.id, quantity: 2 }]);

    // The open order's hold comes back to the variant, and the product's total follows.
    await ctx.db.transaction((tx) => releaseOrders(tx, [o!.id], "cancelled", ["awaiting_payment"]));
    const after = await ctx.db.execute(sql`
      select v.count_in_stock as variant, p.count_in_stock as product from product_variants v join products p on p.id = v.product_id`);
    expect(after.rows).toEqual([{ variant: 9, product: 9 }]);
  });
});
