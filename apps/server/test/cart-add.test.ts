/**
 * POST /api/cart as one SQL statement (ADR 0070): the answers are exactly those of the
 * earlier read-check-upsert service (clamping, out of stock 409, unlisted 404, own product 400, and
 * the order those rules are checked in), a refused add writes nothing, and the statement's
 * `synchronous_commit = off` stays local to its own transaction. Real PostgreSQL, real app.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, inPgTransaction } from "../src/db/client.js";
import { cartLines } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { addToCart } from "../src/modules/commerce/cart.service.js";
import { createShopContext, errorBody, type ShopContext } from "./helpers.js";

let ctx: ShopContext;

beforeAll(async () => {
  ctx = await createShopContext();
});
afterAll(() => ctx.close());

const add = (token: string, productId: string, count: number) =>
  ctx.request({ method: "POST", url: "/api/cart", token, payload: { product_id: productId, count } });
const linesOf = (userId: string) => ctx.db.select().from(cartLines).where(eq(cartLines.userId, userId));

describe("POST /api/cart (one statement)", () => {
  it("answers the whole line and product object, in naira", async () => {
    const s = await createUserWithToken(ctx.db);
    const p = await ctx.shop.product({ price: 1999.99, countInStock: 7 });
    const res = await add(s.token, p.id, 2);
    expect(res.statusCode).toBe(200);
    const [line] = await linesOf(s.user.id);
    expect(res.json()).toEqual({
      statusCode: 200,
      message: "Added to cart",
      data: {
        _id: line!.id,
        count: 2,
        productId: {
          _id: p.id,
          user_id: ctx.shop.seller.user.id,
          name: p.name,
          image_urls: p.imageUrls,
          price: 1999.99,
          count_in_stock: 7,
          category_id: ctx.shop.categoryId,
        },
        // A product without options: its hidden default variant is not named (ADR 0215).
        variant: null,
      },
    });
  });

  it("clamps to the stock on a new line and on a replaced line, keeping the line's id", async () => {
    const s = await createUserWithToken(ctx.db);
    const p = await ctx.shop.product({ countInStock: 4 });
    const first = await add(s.token, p.id, 9);
    expect(first.json()).toMatchObject({ message: "Only 4 in stock: quantity set to 4", data: { count: 4 } });
    const again = await add(s.token, p.id, 3);
    expect(again.json()).toMatchObject({ message: "Added to cart", data: { _id: first.json().data._id, count: 3 } });
    const more = await add(s.token, p.id, 100_000);
    expect(more.json()).toMatchObject({ message: "Only 4 in stock: quantity set to 4", data: { _id: first.json().data._id, count: 4 } });
    expect((await linesOf(s.user.id)).map((l) => l.count)).toEqual([4]);
  });

  it("refuses out of stock (409), unlisted or unknown (404), own product (400), and writes nothing", async () => {
    const s = await createUserWithToken(ctx.db);
    const empty = await ctx.shop.product({ countInStock: 0 });
    const out = await add(s.token, empty.id, 1);
    expect(out.statusCode).toBe(409);
    expect(out.json()).toEqual(errorBody(409, `${empty.name} is out of stock`));
    const hidden = await ctx.shop.product({ listed: false, countInStock: 5 });
    expect((await add(s.token, hidden.id, 1)).json()).toEqual(errorBody(404, "This product is no longer available"));
    expect((await add(s.token, "00000000-0000-4000-8000-000000000000", 1)).statusCode).toBe(404);
    expect(await linesOf(s.user.id)).toEqual([]);
    const own = await ctx.shop.product({ countInStock: 5 });
    expect((await add(ctx.shop.seller.token, own.id, 1)).json()).toEqual(errorBody(400, "You cannot buy your own product"));
    expect(await linesOf(ctx.shop.seller.user.id)).toEqual([]);
  });

  it("checks the rules in the old order: unlisted before own, own before out of stock", async () => {
    const ownHidden = await ctx.shop.product({ listed: false, countInStock: 0 });
    expect((await add(ctx.shop.seller.token, ownHidden.id, 1)).statusCode).toBe(404);
    const ownEmpty = await ctx.shop.product({ countInStock: 0 });
    expect((await add(ctx.shop.seller.token, ownEmpty.id, 1)).statusCode).toBe(400);
  });

  it("an existing line of a product now out of stock is refused and left as it was", async () => {
    const s = await createUserWithToken(ctx.db);
    const p = await ctx.shop.product({ countInStock: 2 });
    await add(s.token, p.id, 2);
    await ctx.db.execute(sql`update product_variants set count_in_stock = 0 where id = ${p.id}`);
    expect((await add(s.token, p.id, 1)).statusCode).toBe(409);
    expect((await linesOf(s.user.id)).map((l) => l.count)).toEqual([2]);
  });

  it("turns synchronous_commit off for its own transaction only", async () => {
    const one = createDb(ctx.url, 1);
    try {
      const s = await createUserWithToken(one);
      const p = await ctx.shop.product({ countInStock: 3 });
      const inside = await inPgTransaction(one, async (client) => {
        await addToCart(client, s.user.id, p.id, 1);
        return (await client.query<{ synchronous_commit: string }>("show synchronous_commit")).rows[0]!.synchronous_commit;
      });
      expect(inside).toBe("off");
      await addToCart(one.$client, s.user.id, p.id, 2);
      // Same (only) connection of the pool: the setting ended with the statement's transaction.
      const after = (await one.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`)).rows[0]!.synchronous_commit;
      expect(after).toBe("on");
    } finally {
      await one.$client.end();
    }
  });
});
