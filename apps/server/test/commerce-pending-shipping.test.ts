/**
 * Checkout's store rules (ADRs 0135 and 0136): free standard shipping in Lagos on orders over
 * FREE_SHIPPING_OVER_NAIRA, charged by the server whatever the client sent; one pending order per
 * shopper (a second checkout does not cancel it unless asked), which the shopper can fetch again
 * with its transfer details and window (GET /api/transactions/pending).
 */
import { FREE_SHIPPING_OVER_NAIRA, SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext, shopperWithCart } from "./helpers.js";

let ctx: ShopContext;

beforeAll(async () => {
  ctx = await createShopContext();
});
afterAll(() => ctx.close());

/** The web's checkout form (no replace_pending) for `state`, with the total the shopper saw. */
const form = (amount: number, state = "Lagos", extra: Record<string, unknown> = {}) => {
  const { replace_pending: _r, ...body } = checkoutBody(amount);
  return { ...body, state, ...extra };
};
const checkout = (token: string, payload: Record<string, unknown>) =>
  ctx.request({ method: "POST", url: "/api/transactions/createSession", token, payload });

describe("free standard shipping in Lagos", () => {
  it("over the threshold in Lagos: no shipping, total = subtotal", async () => {
    const s = await shopperWithCart(ctx, FREE_SHIPPING_OVER_NAIRA / 2 + 500, 2);
    const subtotal = FREE_SHIPPING_OVER_NAIRA + 1000;
    const res = await checkout(s.token, form(subtotal, "Lagos State"));
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json().data.Form;
    expect([f.subtotal, f.shippingFees, f.amount]).toEqual([subtotal, 0, subtotal]);
    const [o] = await ctx.db.select().from(orders).where(eq(orders.id, f.order_id));
    expect(o!.shippingKobo).toBe(0);
  });

  it("a client that adds the flat fee anyway is told the total changed", async () => {
    const s = await shopperWithCart(ctx, 30_000, 2);
    const res = await checkout(s.token, form(60_000 + SHIPPING_FEE_NAIRA));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Your order total has changed to ₦60,000. Please refresh the page and try again.");
  });

  it("exactly the threshold, or outside Lagos: the flat fee", async () => {
    const at = await shopperWithCart(ctx, FREE_SHIPPING_OVER_NAIRA, 1);
    expect((await checkout(at.token, form(FREE_SHIPPING_OVER_NAIRA + SHIPPING_FEE_NAIRA))).json().data.Form.shippingFees).toBe(
      SHIPPING_FEE_NAIRA,
    );
    const abuja = await shopperWithCart(ctx, 40_000, 2);
    const res = await checkout(abuja.token, form(80_000 + SHIPPING_FEE_NAIRA, "FCT"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.Form.shippingFees).toBe(SHIPPING_FEE_NAIRA);
  });
});

describe("one pending order per shopper", () => {
  it("a second checkout is refused while the first awaits payment; the first is kept and can be fetched again", async () => {
    const s = await shopperWithCart(ctx, 1000, 1);
    const first = (await checkout(s.token, form(1000 + SHIPPING_FEE_NAIRA))).json().data.Form;
    const again = await checkout(s.token, form(1000 + SHIPPING_FEE_NAIRA));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^You already have an order awaiting payment/);
    const [kept] = await ctx.db.select().from(orders).where(eq(orders.id, first.order_id));
    expect(kept!.status).toBe("awaiting_payment");

    const pending = await ctx.request({ method: "GET", url: "/api/transactions/pending", token: s.token });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data).toEqual(first);

    // Asked explicitly, the new order replaces it (an API client's choice).
    const replaced = await checkout(s.token, form(1000 + SHIPPING_FEE_NAIRA, "Lagos", { replace_pending: true }));
    expect(replaced.statusCode).toBe(200);
    const [old] = await ctx.db.select().from(orders).where(eq(orders.id, first.order_id));
    expect(old!.status).toBe("cancelled");
  });

  it("an order whose window is over no longer blocks a checkout, and is not answered as pending", async () => {
    const s = await shopperWithCart(ctx, 1000, 1);
    const first = (await checkout(s.token, form(1000 + SHIPPING_FEE_NAIRA))).json().data.Form;
    await ctx.db
      .update(orders)
      .set({ reservedUntil: new Date(Date.now() - 1000) })
      .where(eq(orders.id, first.order_id));
    expect((await ctx.request({ method: "GET", url: "/api/transactions/pending", token: s.token })).json().data).toBeNull();
    expect((await checkout(s.token, form(1000 + SHIPPING_FEE_NAIRA))).statusCode).toBe(200);
  });

  it("signed out: 401; no pending order: null", async () => {
    expect((await ctx.request({ method: "GET", url: "/api/transactions/pending" })).statusCode).toBe(401);
    const s = await createUserWithToken(ctx.db);
    expect((await ctx.request({ method: "GET", url: "/api/transactions/pending", token: s.token })).json().data).toBeNull();
  });
});
