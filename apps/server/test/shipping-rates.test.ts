/**
 * Each seller's delivery by state (ADRs 0199, 0200): rates and pickup points saved by the seller
 * (GET/PUT /api/shipping/rates), the cart's quote per seller (GET /api/shipping/quote), and
 * checkout charging the subtotal plus every seller group's fee, refusing a line its seller does
 * not deliver, and paying each seller's own fee to the seller on the ledger.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orderShipments, orders, refunds } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { balanceKobo } from "../src/modules/ledger/ledger.service.js";
import { decide } from "./finance-helpers.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
beforeAll(async () => {
  ctx = await createShopContext();
});
afterAll(() => ctx.close());

const putRates = (token: string, payload: Record<string, unknown>) =>
  ctx.request({ method: "PUT", url: "/api/shipping/rates", token, payload });
const LAGOS_FCT = [
  { state: "Lagos", fee: 1500, min_days: 1, max_days: 2 },
  { state: "FCT", fee: 3000, min_days: 2, max_days: 4 },
];

/** A new approved seller with a product of `price` naira, and optionally their rates. */
async function sellerWith(price: number, rates?: unknown[], pickup_points: unknown[] = []) {
  const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  const product = await ctx.shop.product({
    userId: seller.user.id,
    price,
    countInStock: 50,
    name: `Item of ${seller.user.id.slice(0, 6)}`,
  });
  if (rates) expect((await putRates(seller.token, { rates, pickup_points })).statusCode).toBe(200);
  return { seller, product };
}

/** A new shopper with one unit of each product in the cart. */
async function cartOf(...productIds: string[]) {
  const shopper = await createUserWithToken(ctx.db);
  for (const id of productIds) {
    const res = await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: id, count: 1 } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return shopper;
}

describe("a seller's rates", () => {
  it("a seller with none answers empty rates (the store's rate); a save replaces them and anyone reads them", async () => {
    const { seller } = await sellerWith(1000);
    const empty = await ctx.request({ method: "GET", url: `/api/shipping/rates?seller_id=${seller.user.id}` });
    expect(empty.json().data).toEqual({ rates: [], pickup_points: [] });

    const pickup = { name: "Ikeja hub", address: "3 Obafemi Awolowo Way, Ikeja", state: "Lagos", fee: 0 };
    const saved = await putRates(seller.token, { rates: LAGOS_FCT, pickup_points: [pickup] });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await ctx.request({ method: "GET", url: `/api/shipping/rates?seller_id=${seller.user.id}` });
    expect(read.json().data.rates).toEqual([LAGOS_FCT[1], LAGOS_FCT[0]].map((r) => ({ ...r, pay_on_delivery: false })));
    expect(read.json().data.pickup_points).toEqual([{ ...pickup, _id: expect.any(String) }]);

    // Replacing: a state left out is no longer delivered to.
    await putRates(seller.token, { rates: [LAGOS_FCT[0]] });
    const after = await ctx.request({ method: "GET", url: `/api/shipping/rates?seller_id=${seller.user.id}` });
    expect(after.json().data).toEqual({ rates: [{ ...LAGOS_FCT[0], pay_on_delivery: false }], pickup_points: [] });
  });

  it("refuses a fee out of range, an unknown state, days upside down and a state twice with field errors", async () => {
    const { seller } = await sellerWith(1000);
    const cases: Array<[unknown, RegExp]> = [
      [{ state: "Lagos", fee: -1, min_days: 1, max_days: 2 }, /fee/],
      [{ state: "Lagos", fee: 1_000_001, min_days: 1, max_days: 2 }, /₦1,000,000/],
      [{ state: "Atlantis", fee: 100, min_days: 1, max_days: 2 }, /36 states/],
      [{ state: "Lagos", fee: 100, min_days: 3, max_days: 1 }, /fewer than the fewest/],
    ];
    for (const [rate, message] of cases) {
      const res = await putRates(seller.token, { rates: [rate] });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().errors ?? res.json())).toMatch(message);
    }
    const twice = await putRates(seller.token, { rates: [LAGOS_FCT[0], LAGOS_FCT[0]] });
    expect(twice.statusCode).toBe(400);
    // Nothing was saved by the refusals.
    const read = await ctx.request({ method: "GET", url: `/api/shipping/rates?seller_id=${seller.user.id}` });
    expect(read.json().data.rates).toEqual([]);
  });

  it("only a seller saves rates, and only their own", async () => {
    const shopper = await createUserWithToken(ctx.db);
    expect((await putRates(shopper.token, { rates: LAGOS_FCT })).statusCode).toBe(403);
    expect((await ctx.request({ method: "PUT", url: "/api/shipping/rates", payload: { rates: LAGOS_FCT } })).statusCode).toBe(401);
  });
});

describe("a cart from several sellers", () => {
  it("is quoted per seller: the seller's rate for the state, the store's rate once for sellers without rates", async () => {
    const a = await sellerWith(10_000, LAGOS_FCT);
    const b = await sellerWith(5_000);
    const shopper = await cartOf(a.product.id, b.product.id);
    const res = await ctx.request({ method: "GET", url: "/api/shipping/quote?state=FCT", token: shopper.token });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json().data;
    expect(
      q.groups.map((g: { seller_id: string; fee: number; min_days: number; max_days: number; store_rate: boolean }) => [
        g.seller_id,
        g.fee,
        g.min_days,
        g.max_days,
        g.store_rate,
      ]),
    ).toEqual([
      [a.seller.user.id, 3000, 2, 4, false],
      [b.seller.user.id, SHIPPING_FEE_NAIRA, 2, 5, true],
    ]);
    expect(q.shipping).toBe(3000 + SHIPPING_FEE_NAIRA);
    expect(q.blocked).toBeNull();
  });

  it("the quote and checkout refuse a state that is not Nigeria's with a field error; a typed variant is stored as the list spells it", async () => {
    const a = await sellerWith(10_000, LAGOS_FCT);
    const shopper = await cartOf(a.product.id);
    const quote = await ctx.request({ method: "GET", url: "/api/shipping/quote?state=Atlantis", token: shopper.token });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().errors?.state).toMatch(/36 states or the FCT/);
    for (const state of ["Atlantis", ""]) {
      const res = await ctx.request({
        method: "POST",
        url: "/api/transactions/createSession",
        token: shopper.token,
        payload: { ...checkoutBody(13_000), state },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors?.state).toMatch(/36 states or the FCT/);
    }
    expect(await ctx.db.select().from(orders).where(eq(orders.buyerId, shopper.user.id))).toEqual([]);
    const ok = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: { ...checkoutBody(13_000), state: "FCT - Abuja" },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.Form.address.state).toBe("FCT");
  });

  it("checkout charges the subtotal plus every group's fee, records the shipments, and refuses another total", async () => {
    const a = await sellerWith(10_000, LAGOS_FCT);
    const b = await sellerWith(5_000);
    const shopper = await cartOf(a.product.id, b.product.id);
    const body = { ...checkoutBody(15_000 + SHIPPING_FEE_NAIRA), state: "FCT" };
    const wrong = await ctx.request({ method: "POST", url: "/api/transactions/createSession", token: shopper.token, payload: body });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/total has changed to ₦20,000/);

    const total = 15_000 + 3000 + SHIPPING_FEE_NAIRA;
    const res = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: { ...body, amount: total, shippingFees: 0 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().data.Form;
    expect([form.subtotal, form.shippingFees, form.amount]).toEqual([15_000, 3000 + SHIPPING_FEE_NAIRA, total]);
    const shipments = await ctx.db.select().from(orderShipments).where(eq(orderShipments.orderId, form.order_id));
    expect(shipments.map((s) => [s.sellerId, s.feeKobo, s.storeRate]).sort()).toEqual(
      [
        [a.seller.user.id, 300_000, false],
        [b.seller.user.id, SHIPPING_FEE_NAIRA * 100, true],
      ].sort(),
    );
  });

  it("a line whose seller does not deliver to the state stops the checkout with a sentence naming it; a pickup point lets it through", async () => {
    const pickup = { name: "Ikeja hub", address: "3 Obafemi Awolowo Way, Ikeja", state: "Lagos", fee: 500 };
    const a = await sellerWith(10_000, LAGOS_FCT, [pickup]);
    const shopper = await cartOf(a.product.id);
    const quote = (await ctx.request({ method: "GET", url: "/api/shipping/quote?state=Kano", token: shopper.token })).json().data;
    const sentence = `${a.product.name} cannot be delivered to Kano: its seller does not deliver there. Choose one of the seller's pickup points, remove it from your cart or choose another state.`;
    expect(quote.blocked).toBe(sentence);
    expect(quote.groups[0].deliverable).toBe(false);

    const body = { ...checkoutBody(10_000), state: "Kano" };
    const refused = await ctx.request({ method: "POST", url: "/api/transactions/createSession", token: shopper.token, payload: body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(sentence);
    expect(await ctx.db.select().from(orders).where(eq(orders.buyerId, shopper.user.id))).toEqual([]);

    const pickupId = quote.groups[0].pickup_points[0]._id;
    const withPickup = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: { ...body, amount: 10_500, pickup_point_ids: [pickupId] },
    });
    expect(withPickup.statusCode, withPickup.body).toBe(200);
    expect(withPickup.json().data.Form.shippingFees).toBe(500);
  });

  it("once paid, each seller's own fee goes to that seller and the store's rate to the store", async () => {
    const a = await sellerWith(10_000, LAGOS_FCT);
    const b = await sellerWith(5_000);
    const shopper = await cartOf(a.product.id, b.product.id);
    const total = 15_000 + 1500 + SHIPPING_FEE_NAIRA;
    const session = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: checkoutBody(total),
    });
    expect(session.statusCode, session.body).toBe(200);
    const form = session.json().data.Form;
    const paid = await ctx.request({ method: "PUT", url: "/api/transactions", token: shopper.token, payload: form });
    const admin = await createUserWithToken(ctx.db, { accType: "admin" });
    const shippingBefore = await balanceKobo(ctx.db, { kind: "store_shipping" });
    await decide(ctx, admin.token, paid.json().data.transaction_id, "confirm");

    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, form.order_id));
    const share = (sellerId: string) => {
      const l = lines.find((x) => x.sellerId === sellerId)!;
      return l.unitPriceKobo * l.quantity - l.commissionKobo!;
    };
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: a.seller.user.id })).toBe(share(a.seller.user.id) + 150_000);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: b.seller.user.id })).toBe(share(b.seller.user.id));
    expect((await balanceKobo(ctx.db, { kind: "store_shipping" })) - shippingBefore).toBe(SHIPPING_FEE_NAIRA * 100);
  });
});

/**
 * A paid order to Lagos from two sellers: `a` with their own rates (₦1,500 to Lagos) and `b` at the
 * store's rate; the admin who confirmed the transfer.
 */
async function paidTwoSellerOrder() {
  const a = await sellerWith(10_000, LAGOS_FCT);
  const b = await sellerWith(5_000);
  const shopper = await cartOf(a.product.id, b.product.id);
  const total = 15_000 + 1500 + SHIPPING_FEE_NAIRA;
  const session = await ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token: shopper.token,
    payload: checkoutBody(total),
  });
  const form = session.json().data.Form;
  const paid = await ctx.request({ method: "PUT", url: "/api/transactions", token: shopper.token, payload: form });
  const admin = await createUserWithToken(ctx.db, { accType: "admin" });
  await decide(ctx, admin.token, paid.json().data.transaction_id, "confirm");
  return { a, b, form, admin };
}

describe("a whole-order refund", () => {
  it("takes each seller's own delivery fee back from that seller and the store's rate from the store", async () => {
    const { a, b, form, admin } = await paidTwoSellerOrder();
    const shippingBefore = await balanceKobo(ctx.db, { kind: "store_shipping" });

    const res = await ctx.request({
      method: "POST",
      url: "/api/admin/refunds",
      token: admin.token,
      payload: { order_id: form.order_id, reason: "Buyer cancelled the whole order" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: a.seller.user.id })).toBe(0);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: b.seller.user.id })).toBe(0);
    expect(shippingBefore - (await balanceKobo(ctx.db, { kind: "store_shipping" }))).toBe(SHIPPING_FEE_NAIRA * 100);
  });
});

describe("a cancelled line of a seller with their own rate", () => {
  it("refunds the line and its shipping share from that seller; a later whole-order refund takes only the rest", async () => {
    const { a, b, form, admin } = await paidTwoSellerOrder();
    const shippingBefore = await balanceKobo(ctx.db, { kind: "store_shipping" });
    const [lineA] = await ctx.db.select().from(orderLines).where(eq(orderLines.sellerId, a.seller.user.id));

    const cancelled = await ctx.request({
      method: "POST",
      url: `/api/orders/lines/${lineA!.id}/cancel`,
      token: a.seller.token,
      payload: { reason: "Out of stock after all" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The whole line and all of seller A's own ₦1,500 fee come back from seller A, none from the store.
    const refunded = await ctx.db.select().from(refunds).where(eq(refunds.orderId, form.order_id));
    expect(refunded.reduce((sum, r) => sum + r.amountKobo, 0)).toBe(1_000_000 + 150_000);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: a.seller.user.id })).toBe(0);
    expect(await balanceKobo(ctx.db, { kind: "store_shipping" })).toBe(shippingBefore);

    // The rest of the order: seller B's line from B, the store's rate from the store, nothing more from A.
    const rest = await ctx.request({
      method: "POST",
      url: "/api/admin/refunds",
      token: admin.token,
      payload: { order_id: form.order_id, reason: "Buyer cancelled the rest" },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: a.seller.user.id })).toBe(0);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: b.seller.user.id })).toBe(0);
    expect(shippingBefore - (await balanceKobo(ctx.db, { kind: "store_shipping" }))).toBe(SHIPPING_FEE_NAIRA * 100);
  });
});
