/**
 * The stock-release sweep clears the public catalog cache when it released something (ADR 0052):
 * an anonymous shopper sees the stock come back at once, not after the cache's 30 s.
 * Built with PUBLIC_CACHE=true (under NODE_ENV=test the cache is off by default).
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { runExpirySweep } from "../src/modules/jobs/expiry-sweep.js";
import { SHIPPING_ADDRESS } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_CACHE: "true" });
});
afterAll(() => ctx.close());

const detail = (id: string) => ctx.request({ method: "GET", url: `/api/product?id=${id}` });
const stockShown = (body: string) => /"count_in_stock":(\d+)/.exec(body)?.[1];

describe("expiry sweep and the public cache", () => {
  it("clears the cache when it released stock, and only then", async () => {
    const categoryId = (await createCategory(ctx.db)).id;
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const shopper = await createUserWithToken(ctx.db);
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId, price: 100, countInStock: 5 });
    await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: p.id, count: 2 } });
    const checkout = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: {
        ...SHIPPING_ADDRESS,
        shippingFees: SHIPPING_FEE_NAIRA,
        payment_type: "bank_transfer",
        product_type: "market-place",
        account_no: "0123456789",
        amount: 200 + SHIPPING_FEE_NAIRA,
      },
    });
    expect(checkout.statusCode).toBe(200);
    const orderId = checkout.json().data.Form.order_id as string;

    const before = await detail(p.id);
    expect(stockShown(before.body)).toBe("3");
    expect((await detail(p.id)).headers["x-cache"]).toBe("hit");

    // Nothing due: the sweep releases nothing and the cache stays.
    const version = ctx.app.publicCache.stats().version;
    expect(await runExpirySweep(ctx.app)).toBe(0);
    expect(ctx.app.publicCache.stats().version).toBe(version);
    expect((await detail(p.id)).headers["x-cache"]).toBe("hit");

    // The window runs out: the sweep gives the 2 units back and the next answer shows them.
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 minute'` }).where(eq(orders.id, orderId));
    expect(await runExpirySweep(ctx.app)).toBe(1);
    const after = await detail(p.id);
    expect(after.headers["x-cache"]).toBe("miss");
    expect(stockShown(after.body)).toBe("5");
  });
});
