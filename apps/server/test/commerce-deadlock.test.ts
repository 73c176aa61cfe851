/**
 * Two shoppers re-checking out at the same moment must not deadlock: each checkout releases the
 * shopper's open order (its products' stock goes back) and reserves the new cart. Shopper A's open
 * order holds product 2 and its cart has product 1; shopper B's is the mirror image. Without one
 * lock order over both steps, A locks 2 then wants 1 while B locks 1 then wants 2, and PostgreSQL
 * kills one of them ("deadlock detected", a 500). Twenty such pairs check out at once.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { checkoutBody } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const PAIRS = 20;
const checkout = (token: string, price: number) =>
  ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token,
    payload: checkoutBody(price + SHIPPING_FEE_NAIRA),
  });

describe("re-checkout of crossed orders", () => {
  it("twenty pairs of shoppers whose open orders and carts cross all check out", { timeout: 60_000 }, async () => {
    const category = await createCategory(ctx.db);
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const price = 1000;
    const pairs = await Promise.all(
      Array.from({ length: PAIRS }, async () => {
        const [p1, p2] = await Promise.all(
          [1, 2].map(() => createProduct(ctx.db, { userId: seller.user.id, categoryId: category.id, price, countInStock: 10 })),
        );
        const shoppers = await Promise.all([createUserWithToken(ctx.db), createUserWithToken(ctx.db)]);
        // Shopper 0 holds p2 and wants p1; shopper 1 holds p1 and wants p2.
        for (const [shopper, held, wanted] of [
          [shoppers[0]!, p2!, p1!],
          [shoppers[1]!, p1!, p2!],
        ] as const) {
          const line = await ctx.request({
            method: "POST",
            url: "/api/cart",
            token: shopper.token,
            payload: { product_id: held.id, count: 1 },
          });
          expect((await checkout(shopper.token, price)).statusCode).toBe(200);
          await ctx.request({ method: "DELETE", url: `/api/cart?cart_id=${line.json().data._id}`, token: shopper.token });
          await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: wanted.id, count: 1 } });
        }
        return shoppers;
      }),
    );
    const answers = await Promise.all(pairs.flat().map((s) => checkout(s.token, price)));
    expect(answers.map((a) => (a.statusCode === 200 ? 200 : `${a.statusCode} ${a.body}`))).toEqual(answers.map(() => 200));
  });
});
