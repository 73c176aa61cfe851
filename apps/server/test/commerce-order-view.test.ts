/**
 * GET /api/orders/{id} (who sees which order and address, ADR 0178), the bank-transfer reference of
 * createSession (ADR 0177) and the admin's search of transfers by order number or reference.
 */
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
let seller2: Awaited<ReturnType<typeof createUserWithToken>>;
let seller3: Awaited<ReturnType<typeof createUserWithToken>>;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let buyer: Awaited<ReturnType<typeof createUserWithToken>>;
let form: { order_id: string; number: string; reference: string };
let transactionId: string;

// The state typed as addresses write it; the order keeps it as the contract spells it ("FCT").
const ABUJA = { address1: "7 Aminu Kano Crescent", city: "Wuse 2", state: "FCT - Abuja", phone: "0809 111 2233" };
/** The phone as the store keeps it (one normalisation, ADR 0189). */
const ABUJA_PHONE = "+2348091112233";

beforeAll(async () => {
  ctx = await createShopContext();
  seller2 = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  seller3 = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  buyer = await createUserWithToken(ctx.db);
  const a = await ctx.shop.product({ price: 1200, countInStock: 5 });
  const b = await ctx.shop.product({ price: 800, countInStock: 5, userId: seller2.user.id });
  await ctx.request({ method: "POST", url: "/api/cart", token: buyer.token, payload: { product_id: a.id, count: 1 } });
  await ctx.request({ method: "POST", url: "/api/cart", token: buyer.token, payload: { product_id: b.id, count: 2 } });
  const res = await ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token: buyer.token,
    payload: { ...checkoutBody(2800 + SHIPPING_FEE_NAIRA), ...ABUJA },
  });
  expect(res.statusCode).toBe(200);
  form = res.json().data.Form;
  transactionId = (await ctx.request({ method: "PUT", url: "/api/transactions", token: buyer.token, payload: form })).json().data
    .transaction_id;
});
afterAll(() => ctx.close());

const view = (id: string, token?: string) => ctx.request({ method: "GET", url: `/api/orders/${id}`, token });

describe("createSession's payment reference", () => {
  it("answers the order's number and an 8-character reference without 0/O/1/I", () => {
    expect(form.number).toMatch(/^NM-\d{2}-\d{6}$/);
    expect(form.reference).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
  });

  it("gives every order its own reference, also when drawn by many at once", async () => {
    const drawn = await ctx.db.execute<{ ref: string }>(
      sql`select draw_payment_reference(nextval('payment_reference_seq')) as ref from generate_series(1, 5000)`,
    );
    const refs = drawn.rows.map((r) => r.ref);
    expect(new Set(refs).size).toBe(refs.length);
    for (const ref of refs) expect(ref).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    // Neighbouring values give unrelated references (not a counter in disguise).
    expect(refs[0]!.slice(0, 6)).not.toBe(refs[1]!.slice(0, 6));
    const unique = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_indexes where indexname = 'orders_payment_reference_uq'`,
    );
    expect(unique.rows[0]!.n).toBe(1);
  });

  it("is the same in the pending transfer the modal shows again", async () => {
    const other = await createUserWithToken(ctx.db);
    const p = await ctx.shop.product({ price: 500, countInStock: 3 });
    await ctx.request({ method: "POST", url: "/api/cart", token: other.token, payload: { product_id: p.id, count: 1 } });
    const made = (
      await ctx.request({
        method: "POST",
        url: "/api/transactions/createSession",
        token: other.token,
        payload: checkoutBody(500 + SHIPPING_FEE_NAIRA),
      })
    ).json().data.Form;
    const pending = (await ctx.request({ method: "GET", url: "/api/transactions/pending", token: other.token })).json().data;
    expect(pending).toMatchObject({ order_id: made.order_id, number: made.number, reference: made.reference });
    expect(made.reference).not.toBe(form.reference);
  });
});

describe("GET /api/orders/{id}", () => {
  it("answers 401 to an anonymous caller and 400 to a malformed id", async () => {
    expect((await view(form.order_id)).statusCode).toBe(401);
    expect((await view("nope", buyer.token)).statusCode).toBe(400);
  });

  it("shows the buyer their own order: lines with sellers, their address, totals, payment, timeline", async () => {
    const res = await view(form.order_id, buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toMatch(/no-store/);
    const o = res.json().data;
    expect(o).toMatchObject({
      view: "buyer",
      number: form.number,
      status: "payment_submitted",
      address: { address1: ABUJA.address1, state: "FCT", phone: ABUJA_PHONE },
      totals: { subtotal: 2800, shipping: SHIPPING_FEE_NAIRA, total: 2800 + SHIPPING_FEE_NAIRA, refunded: 0 },
      payment: { method: "bank_transfer", reference: form.reference, transfer: { status: "submitted" } },
    });
    expect(o.lines).toHaveLength(2);
    expect(o.lines.map((l: { seller: { names: string } }) => l.seller.names).sort()).toEqual(
      [ctx.shop.seller.user.names, seller2.user.names].sort(),
    );
    // No one's e-mail or phone but the address's, to the buyer.
    expect(o.lines[0].seller.email).toBeUndefined();
    expect(o.timeline.map((e: { kind: string }) => e.kind)).toEqual(["placed", "transfer_submitted"]);
  });

  it("answers 404 to another buyer and to every seller before the order is paid", async () => {
    const stranger = await createUserWithToken(ctx.db);
    for (const token of [stranger.token, ctx.shop.seller.token, seller2.token, seller3.token]) {
      const res = await view(form.order_id, token);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(ABUJA.address1);
    }
    expect((await view("00000000-0000-4000-8000-000000000000", buyer.token)).statusCode).toBe(404);
  });

  it("once paid: each seller sees only their lines with the address and phone; another seller still 404", async () => {
    const ok = await ctx.request({
      method: "PUT",
      url: "/api/admin/transactions",
      token: admin.token,
      payload: { transaction_id: transactionId, action: "confirm" },
    });
    expect(ok.statusCode).toBe(200);
    const mine = (await view(form.order_id, seller2.token)).json().data;
    expect(mine).toMatchObject({
      view: "seller",
      number: form.number,
      address: { address1: ABUJA.address1, city: ABUJA.city, phone: ABUJA_PHONE, phone_international: ABUJA_PHONE },
      totals: null,
      payment: null,
    });
    expect(mine.lines).toHaveLength(1);
    expect(mine.lines[0]).toMatchObject({ quantity: 2, amount: 1600, seller: { _id: seller2.user.id } });
    expect(mine.buyer.email).toBeUndefined();
    // Of the payment, the seller's timeline tells only when it was confirmed.
    expect(mine.timeline.map((e: { kind: string }) => e.kind)).toEqual(["placed", "payment_confirmed"]);
    const outsider = await view(form.order_id, seller3.token);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.body).not.toContain(ABUJA_PHONE);
    expect(outsider.body).not.toContain("8091112233");
  });

  it("shows the admin every line, the transfer and everyone's contacts", async () => {
    const o = (await view(form.order_id, admin.token)).json().data;
    expect(o).toMatchObject({
      view: "admin",
      status: "paid",
      buyer: { _id: buyer.user.id, email: buyer.user.email, phone: buyer.user.phone },
      payment: { reference: form.reference, transfer: { _id: transactionId, status: "confirmed" } },
      address: { phone: ABUJA_PHONE },
    });
    expect(o.lines).toHaveLength(2);
    for (const l of o.lines) expect(l.seller.phone).toBeTruthy();
    expect(o.timeline.map((e: { kind: string }) => e.kind)).toEqual(["placed", "transfer_submitted", "payment_confirmed"]);
  });

  it("puts a shipped line in the buyer's timeline with its time", async () => {
    const line = (await view(form.order_id, seller2.token)).json().data.lines[0]._id;
    const moved = await ctx.request({
      method: "PUT",
      url: "/api/orders/lines",
      token: seller2.token,
      payload: { line_id: line, fulfilment: "shipped" },
    });
    expect(moved.statusCode).toBe(200);
    const o = (await view(form.order_id, buyer.token)).json().data;
    const shipped = o.lines.find((l: { _id: string }) => l._id === line);
    expect(shipped).toMatchObject({ fulfilment: "shipped", shipped_at: expect.any(String), delivered_at: null });
    expect(o.timeline.at(-1)).toMatchObject({ kind: "shipped", at: shipped.shipped_at });
  });
});

describe("GET /api/orders/{id}: each seller's shipment", () => {
  /** A two-seller order to the FCT: one seller's own rate, the other's pickup point; paid by the admin. */
  async function shippedOrder() {
    const own = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const pickupSeller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const rates = (token: string, payload: Record<string, unknown>) =>
      ctx.request({ method: "PUT", url: "/api/shipping/rates", token, payload });
    expect((await rates(own.token, { rates: [{ state: "FCT", fee: 3000, min_days: 2, max_days: 4 }] })).statusCode).toBe(200);
    const hub = { name: "Wuse hub", address: "Plot 5, Wuse Market, Abuja", state: "FCT", fee: 500 };
    expect(
      (await rates(pickupSeller.token, { rates: [{ state: "Lagos", fee: 0, min_days: 1, max_days: 1 }], pickup_points: [hub] })).statusCode,
    ).toBe(200);
    const a = await ctx.shop.product({ price: 1000, countInStock: 5, userId: own.user.id });
    const b = await ctx.shop.product({ price: 2000, countInStock: 5, userId: pickupSeller.user.id });
    const shopper = await createUserWithToken(ctx.db);
    for (const id of [a.id, b.id])
      await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: id, count: 1 } });
    const quote = (await ctx.request({ method: "GET", url: "/api/shipping/quote?state=FCT", token: shopper.token })).json().data;
    const hubId = quote.groups.find((g: { seller_id: string }) => g.seller_id === pickupSeller.user.id).pickup_points[0]._id;
    const made = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      token: shopper.token,
      payload: { ...checkoutBody(3000 + 3000 + 500), state: "FCT", pickup_point_ids: [hubId] },
    });
    expect(made.statusCode, made.body).toBe(200);
    const order = made.json().data.Form;
    return { own, pickupSeller, shopper, order, hub };
  }
  const pay = async (order: { order_id: string }, token: string) => {
    const submitted = await ctx.request({ method: "PUT", url: "/api/transactions", token, payload: order });
    const tx = submitted.json().data.transaction_id;
    const ok = await ctx.request({
      method: "PUT",
      url: "/api/admin/transactions",
      token: admin.token,
      payload: { transaction_id: tx, action: "confirm" },
    });
    expect(ok.statusCode).toBe(200);
  };

  it("shows the buyer every shipment (fee, days, pickup point), with the expected dates once paid", async () => {
    const { own, pickupSeller, shopper, order, hub } = await shippedOrder();
    const before = (await view(order.order_id, shopper.token)).json().data;
    // In the order of the lines, which one transaction writes in no order of its own.
    const bySeller = <T extends { seller: { _id: string } }>(list: T[]) =>
      [...list].sort((x, y) => Number(x.seller._id === pickupSeller.user.id) - Number(y.seller._id === pickupSeller.user.id));
    expect(before.shipments.map((s: { seller: { _id: string } }) => s.seller._id)).toEqual([
      ...new Set(before.lines.map((l: { seller: { _id: string } }) => l.seller._id)),
    ]);
    expect(bySeller(before.shipments)).toEqual([
      {
        seller: { _id: own.user.id, names: own.user.names },
        fee: 3000,
        min_days: 2,
        max_days: 4,
        store_rate: false,
        pickup: null,
        expected_from: null,
        expected_to: null,
      },
      expect.objectContaining({
        seller: { _id: pickupSeller.user.id, names: pickupSeller.user.names },
        fee: 500,
        store_rate: false,
        pickup: { name: hub.name, address: hub.address, state: "FCT" },
      }),
    ]);
    await pay(order, shopper.token);
    const paid = {
      shipments: bySeller<{ seller: { _id: string }; expected_from: string; expected_to: string }>(
        (await view(order.order_id, shopper.token)).json().data.shipments,
      ),
    };
    const at = await ctx.db.execute<{ at: Date }>(
      sql`select created_at as at from ledger_journals where key = ${`order-paid:${order.order_id}`}`,
    );
    const day = 24 * 60 * 60 * 1000;
    const paidAt = new Date(at.rows[0]!.at).getTime();
    expect([paid.shipments[0]!.expected_from, paid.shipments[0]!.expected_to]).toEqual([
      new Date(paidAt + 2 * day).toISOString(),
      new Date(paidAt + 4 * day).toISOString(),
    ]);
    // The admin sees both, with the sellers' contacts.
    const seen = bySeller((await view(order.order_id, admin.token)).json().data.shipments);
    expect(seen.map((s: { seller: { _id: string; email?: string } }) => [s.seller._id, Boolean(s.seller.email)])).toEqual([
      [own.user.id, true],
      [pickupSeller.user.id, true],
    ]);
  });

  it("shows a seller only their own shipment; others 404 and anonymous 401", async () => {
    const { own, pickupSeller, shopper, order } = await shippedOrder();
    await pay(order, shopper.token);
    const mine = (await view(order.order_id, pickupSeller.token)).json().data;
    expect(mine.shipments).toHaveLength(1);
    expect(mine.shipments[0]).toMatchObject({ seller: { _id: pickupSeller.user.id }, fee: 500, pickup: { name: "Wuse hub" } });
    expect(JSON.stringify(mine)).not.toContain(own.user.id);
    const theirs = (await view(order.order_id, own.token)).json().data;
    expect(theirs.shipments.map((s: { fee: number }) => s.fee)).toEqual([3000]);
    for (const token of [seller3.token, (await createUserWithToken(ctx.db)).token]) {
      const res = await view(order.order_id, token);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain("Wuse hub");
    }
    expect((await view(order.order_id)).statusCode).toBe(401);
  });
});

describe("GET /api/admin/transactions?q=", () => {
  const search = (q: string) =>
    ctx.request({ method: "GET", url: `/api/admin/transactions?q=${encodeURIComponent(q)}`, token: admin.token });

  it("finds a transfer by its order number, the number's last digits or its reference, in any case", async () => {
    const digits = String(Number(form.number.slice(-6)));
    for (const q of [form.number, form.number.toLowerCase(), digits, form.reference, form.reference.toLowerCase(), ` ${form.reference} `]) {
      const res = await search(q);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((t: { _id: string }) => t._id)).toEqual([transactionId]);
      expect(res.json().data[0]).toMatchObject({ order_number: form.number, reference: form.reference });
    }
    expect((await search("ZZZZZZZZ")).json().data).toEqual([]);
  });

  it("refuses a search longer than 40 characters and non-admins", async () => {
    expect((await search("x".repeat(41))).statusCode).toBe(400);
    const res = await ctx.request({ method: "GET", url: `/api/admin/transactions?q=${form.reference}`, token: buyer.token });
    expect(res.statusCode).toBe(403);
  });
});
