/**
 * The free standard shipping threshold as an admin setting (ADR 0135): PUT /api/admin/shipping
 * (admins only, validated by the contract), read by every page through GET /api/settings (built
 * with the public cache on, so the admin's write must reach the cached answer) and applied by
 * checkout; 0 means no free shipping.
 */
import { FREE_SHIPPING_OVER_NAIRA, POD_CAP_NAIRA, SHIPPING_FEE_NAIRA } from "@market/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext, shopperWithCart } from "./helpers.js";

let ctx: ShopContext;
let adminToken: string;

beforeAll(async () => {
  ctx = await createShopContext({ PUBLIC_CACHE: "true" });
  adminToken = (await createUserWithToken(ctx.db, { accType: "admin" })).token;
});
afterAll(() => ctx.close());

const settings = async () => (await ctx.request({ method: "GET", url: "/api/settings" })).json().data;
const put = (payload: Record<string, unknown>, token?: string) =>
  ctx.request({ method: "PUT", url: "/api/admin/shipping", token, payload });

/** Checkout to Lagos with the total the shopper saw. */
async function checkout(token: string, amount: number) {
  const { replace_pending: _r, ...body } = checkoutBody(amount);
  return ctx.request({ method: "POST", url: "/api/transactions/createSession", token, payload: { ...body, state: "Lagos" } });
}

describe("PUT /api/admin/shipping", () => {
  it("signed out 401, a shopper 403, a negative or fractional amount 400; nothing changes", async () => {
    expect((await put({ free_shipping_over: 1000 })).statusCode).toBe(401);
    const shopper = await createUserWithToken(ctx.db);
    expect((await put({ free_shipping_over: 1000 }, shopper.token)).statusCode).toBe(403);
    const negative = await put({ free_shipping_over: -1 }, adminToken);
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors?.free_shipping_over ?? negative.json().message).toMatch(/negative/);
    expect((await put({ free_shipping_over: 10.5 }, adminToken)).statusCode).toBe(400);
    expect(await settings()).toEqual({
      free_shipping_over: FREE_SHIPPING_OVER_NAIRA,
      free_shipping_state: "Lagos",
      card_payments: false,
      pay_on_delivery_cap: POD_CAP_NAIRA,
    });
  });

  it("200: the public value (cached) and the fee checkout charges follow the admin's threshold; 0 turns it off", async () => {
    expect((await settings()).free_shipping_over).toBe(FREE_SHIPPING_OVER_NAIRA);
    // Under the default threshold: the flat fee.
    const before = await shopperWithCart(ctx, 30_000);
    const charged = await checkout(before.token, 30_000 + SHIPPING_FEE_NAIRA);
    expect(charged.statusCode, charged.body).toBe(200);
    expect(charged.json().data.Form.shippingFees).toBe(SHIPPING_FEE_NAIRA);

    const res = await put({ free_shipping_over: 20_000 }, adminToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ free_shipping_over: 20_000, free_shipping_state: "Lagos", pay_on_delivery_cap: POD_CAP_NAIRA });
    expect((await settings()).free_shipping_over).toBe(20_000);

    const after = await shopperWithCart(ctx, 30_000);
    expect((await checkout(after.token, 30_000 + SHIPPING_FEE_NAIRA)).statusCode).toBe(409);
    const free = await checkout(after.token, 30_000);
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json().data.Form.shippingFees).toBe(0);

    expect((await put({ free_shipping_over: 0 }, adminToken)).statusCode).toBe(200);
    expect((await settings()).free_shipping_over).toBe(0);
    const none = await shopperWithCart(ctx, 900_000);
    const paid = await checkout(none.token, 900_000 + SHIPPING_FEE_NAIRA);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.Form.shippingFees).toBe(SHIPPING_FEE_NAIRA);
  });
});
