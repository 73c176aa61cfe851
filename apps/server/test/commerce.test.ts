import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products, productVariants, transactions } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { expireOverdueOrders } from "../src/modules/commerce/sweeps.service.js";
import { checkoutBody, SHIPPING_ADDRESS } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
let seller2: Awaited<ReturnType<typeof createUserWithToken>>;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

const address = SHIPPING_ADDRESS;

beforeAll(async () => {
  ctx = await createShopContext();
  seller2 = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
});
afterAll(() => ctx.close());

const shopper = () => createUserWithToken(ctx.db);
const stock = async (id: string) => (await ctx.db.select().from(products).where(eq(products.id, id)))[0]!.countInStock;

async function addLine(token: string, productId: string, count: number) {
  return ctx.request({ method: "POST", url: "/api/cart", token, payload: { product_id: productId, count } });
}
async function checkout(token: string, amount: number, extra: Record<string, unknown> = {}) {
  return ctx.request({
    method: "POST",
    url: "/api/transactions/createSession",
    token,
    payload: { ...checkoutBody(amount), ...extra },
  });
}

describe("/api/cart", () => {
  it("refuses anonymous callers with 401", async () => {
    const p = await ctx.shop.product();
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await ctx.request({
        method,
        url: method === "DELETE" ? "/api/cart?cart_id=all" : "/api/cart",
        payload: method === "POST" ? { product_id: p.id, count: 1 } : undefined,
      });
      expect(res.statusCode).toBe(401);
    }
  });

  it("adds a line, replaces it on a second add, and lists it with the product object", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 2500.5, countInStock: 8 });
    const first = await addLine(s.token, p.id, 2);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ count: 2, productId: { _id: p.id, price: 2500.5, count_in_stock: 8 } });
    const again = await addLine(s.token, p.id, 5);
    expect(again.json().data.count).toBe(5);
    expect(again.json().data._id).toBe(first.json().data._id);
    const list = await ctx.request({ method: "GET", url: "/api/cart", token: s.token });
    expect(list.json()).toMatchObject({
      statusCode: 200,
      data: [{ _id: first.json().data._id, count: 5, productId: { _id: p.id, name: p.name } }],
    });
  });

  it("clamps the count to the stock and says so", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ countInStock: 3 });
    const res = await addLine(s.token, p.id, 40);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.count).toBe(3);
    expect(res.json().message).toMatch(/Only 3 in stock/);
  });

  it("refuses a count below 1 and a bad product id with 400", async () => {
    const s = await shopper();
    const p = await ctx.shop.product();
    expect((await addLine(s.token, p.id, 0)).statusCode).toBe(400);
    expect((await addLine(s.token, "nope", 1)).statusCode).toBe(400);
  });

  it("refuses an out-of-stock product with a clear 409", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ countInStock: 0 });
    const res = await addLine(s.token, p.id, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`${p.name} is out of stock`);
  });

  it("answers 404 for an unknown or unlisted product, 400 for the seller's own", async () => {
    const s = await shopper();
    const hidden = await ctx.shop.product({ listed: false });
    expect((await addLine(s.token, hidden.id, 1)).statusCode).toBe(404);
    expect((await addLine(s.token, "00000000-0000-4000-8000-000000000000", 1)).statusCode).toBe(404);
    const own = await ctx.shop.product();
    expect((await addLine(ctx.shop.seller.token, own.id, 1)).statusCode).toBe(400);
  });

  it("removes one line, and another user's line is a 404", async () => {
    const a = await shopper();
    const b = await shopper();
    const p = await ctx.shop.product();
    const line = (await addLine(a.token, p.id, 1)).json().data._id;
    const other = await ctx.request({ method: "DELETE", url: `/api/cart?cart_id=${line}`, token: b.token });
    expect(other.statusCode).toBe(404);
    const mine = await ctx.request({ method: "DELETE", url: `/api/cart?cart_id=${line}`, token: a.token });
    expect(mine.json()).toEqual({ statusCode: 200, message: "Removed from cart" });
    expect((await ctx.request({ method: "GET", url: "/api/cart", token: a.token })).json().data).toEqual([]);
  });

  it("clears the whole cart with cart_id=all and rejects junk ids", async () => {
    const s = await shopper();
    await addLine(s.token, (await ctx.shop.product()).id, 1);
    await addLine(s.token, (await ctx.shop.product()).id, 2);
    expect((await ctx.request({ method: "DELETE", url: "/api/cart?cart_id=junk", token: s.token })).statusCode).toBe(400);
    const res = await ctx.request({ method: "DELETE", url: "/api/cart?cart_id=all", token: s.token });
    expect(res.statusCode).toBe(200);
    expect((await ctx.request({ method: "GET", url: "/api/cart", token: s.token })).json().data).toEqual([]);
  });
});

describe("POST /api/transactions/createSession", () => {
  it("recomputes the total (sum of price x qty + 2000 shipping), reserves stock and answers the session", async () => {
    const s = await shopper();
    const p1 = await ctx.shop.product({ price: 1999.99, countInStock: 5 });
    const p2 = await ctx.shop.product({ price: 350, countInStock: 4, userId: seller2.user.id });
    await addLine(s.token, p1.id, 3);
    await addLine(s.token, p2.id, 2);
    const total = 1999.99 * 3 + 350 * 2 + 2000; // 8699.97
    const res = await checkout(s.token, Number(total.toFixed(2)));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.data).toBe("session");
    expect(body.data.Form).toMatchObject({
      client_account_no: ctx.config.STORE_ACCOUNT_NO,
      client_bank: ctx.config.STORE_BANK,
      client_account_name: ctx.config.STORE_ACCOUNT_NAME,
      amount: 8699.97,
      subtotal: 6699.97,
      shippingFees: 2000,
      account_no: "0123456789",
      provider: "manual",
      address: { address1: "12 Allen Avenue", city: "Ikeja", state: "Lagos", country: "Nigeria" },
    });
    const expires = Date.parse(body.data.Form.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(14 * 60_000);
    expect(expires).toBeLessThanOrEqual(15 * 60_000 + 5_000);
    expect(await stock(p1.id)).toBe(2);
    expect(await stock(p2.id)).toBe(2);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, body.data.Form.order_id));
    expect(order).toMatchObject({ status: "awaiting_payment", subtotalKobo: 669997, shippingKobo: 200000, totalKobo: 869997 });
  });

  it("gives each order its own human number, NM-YY-NNNNNN, in the year it was placed (Lagos time)", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 1000, countInStock: 5 });
    await addLine(s.token, p.id, 1);
    const first = (await checkout(s.token, 3000)).json().data.Form.order_id;
    await ctx.request({ method: "DELETE", url: `/api/transactions?order_id=${first}`, token: s.token });
    await addLine(s.token, p.id, 1);
    const second = (await checkout(s.token, 3000)).json().data.Form.order_id;
    const numbers = (await ctx.request({ method: "GET", url: "/api/orders", token: s.token }))
      .json()
      .data.map((o: { _id: string; number: string }) => [o._id, o.number]);
    const year = new Intl.DateTimeFormat("en", { timeZone: "Africa/Lagos", year: "2-digit" }).format(new Date());
    expect(numbers.map(([id]: string[]) => id)).toEqual([second, first]);
    for (const [, n] of numbers) expect(n).toMatch(new RegExp(`^NM-${year}-\\d{6}$`));
    expect(Number(numbers[0][1].slice(-6))).toBeGreaterThan(Number(numbers[1][1].slice(-6)));
  });

  it("refuses a stale client total with a 409 asking to refresh, reserving nothing", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 1000, countInStock: 5 });
    await addLine(s.token, p.id, 2);
    const res = await checkout(s.token, 2000); // forgot shipping
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/₦4,000.*refresh/);
    expect(await stock(p.id)).toBe(5);
  });

  it("refuses an empty cart (400), a missing payer account (400) and card payment (400)", async () => {
    const s = await shopper();
    expect((await checkout(s.token, 2000)).json()).toMatchObject({ statusCode: 400, message: "Your cart is empty" });
    await addLine(s.token, (await ctx.shop.product({ price: 100 })).id, 1);
    const noAccount = await checkout(s.token, 2100, { account_no: "" });
    expect(noAccount.statusCode).toBe(400);
    expect(noAccount.json().errors).toHaveProperty("account_no");
    expect((await checkout(s.token, 2100, { payment_type: "card" })).statusCode).toBe(400);
    expect((await checkout(s.token, 2100, { first_name: "" })).json().errors).toHaveProperty("first_name");
  });

  it("answers a clear 409 when the stock is not enough, and leaves stock untouched", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 100, countInStock: 5 });
    await addLine(s.token, p.id, 5);
    // Stock lives on the variant (ADR 0215); this product's only one has its id.
    await ctx.db.update(productVariants).set({ countInStock: 2 }).where(eq(productVariants.id, p.id));
    const res = await checkout(s.token, 2500);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Sorry, only 2 of ${p.name} left. Reduce the quantity in your cart and try again.`);
    expect(await stock(p.id)).toBe(2);
  });

  it("a second checkout by the same shopper cancels the first and re-reserves (one open order)", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 100, countInStock: 5 });
    await addLine(s.token, p.id, 2);
    const first = (await checkout(s.token, 2200)).json().data.Form.order_id;
    expect(await stock(p.id)).toBe(3);
    const second = (await checkout(s.token, 2200)).json().data.Form.order_id;
    expect(second).not.toBe(first);
    expect(await stock(p.id)).toBe(3);
    const [old] = await ctx.db.select().from(orders).where(eq(orders.id, first));
    expect(old!.status).toBe("cancelled");
  });

  it("is for signed-in users only", async () => {
    const anonymous = await ctx.request({
      method: "POST",
      url: "/api/transactions/createSession",
      payload: { ...address, account_no: "0123456789", amount: 2100 },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("PUT /api/transactions (I have made payment)", () => {
  async function placed(count = 2, price = 500) {
    const s = await shopper();
    const p = await ctx.shop.product({ price, countInStock: 10 });
    await addLine(s.token, p.id, count);
    const form = (await checkout(s.token, price * count + 2000)).json().data.Form;
    return { s, p, form };
  }

  it("records the transfer, marks the order payment_submitted and empties the cart", async () => {
    const { s, form } = await placed();
    const res = await ctx.request({
      method: "PUT",
      url: "/api/transactions",
      token: s.token,
      payload: { ...form, account_no: "0987654321" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, data: { order_id: form.order_id, status: "submitted" } });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, form.order_id));
    expect(order).toMatchObject({ status: "payment_submitted", payerAccountNo: "0987654321" });
    const [t] = await ctx.db.select().from(transactions).where(eq(transactions.orderId, form.order_id));
    expect(t).toMatchObject({
      amountKobo: 300000,
      payerAccountNo: "0987654321",
      clientAccountNo: ctx.config.STORE_ACCOUNT_NO,
      provider: "manual",
    });
    expect((await ctx.request({ method: "GET", url: "/api/cart", token: s.token })).json().data).toEqual([]);
  });

  it("the same submission twice (even at once) creates one record", async () => {
    const { s, form } = await placed();
    const send = () => ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: form });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((a) => a.json().data.transaction_id));
    expect(ids.size).toBe(1);
    const rows = await ctx.db.select().from(transactions).where(eq(transactions.orderId, form.order_id));
    expect(rows).toHaveLength(1);
  });

  it("another user's order is a 404; a bad account number a 400", async () => {
    const { form } = await placed();
    const other = await shopper();
    expect((await ctx.request({ method: "PUT", url: "/api/transactions", token: other.token, payload: form })).statusCode).toBe(404);
    const { s, form: f2 } = await placed();
    const bad = await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: { ...f2, account_no: "12ab" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("account_no");
  });

  it("an expired window is refused with 409 and its stock goes back", async () => {
    const { s, p, form } = await placed(3);
    expect(await stock(p.id)).toBe(7);
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 second'` }).where(eq(orders.id, form.order_id));
    const res = await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: form });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/15-minute payment window has expired/);
    expect(await stock(p.id)).toBe(10);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, form.order_id));
    expect(order!.status).toBe("expired");
    // a later sweep does not release it a second time
    await expireOverdueOrders(ctx.db);
    expect(await stock(p.id)).toBe(10);
  });
});

describe("expiry sweep", () => {
  it("expires only overdue awaiting orders and releases each once, even when run concurrently", async () => {
    const s1 = await shopper();
    const s2 = await shopper();
    const p = await ctx.shop.product({ price: 100, countInStock: 10 });
    await addLine(s1.token, p.id, 4);
    await addLine(s2.token, p.id, 3);
    const due = (await checkout(s1.token, 2400)).json().data.Form.order_id;
    const live = (await checkout(s2.token, 2300)).json().data.Form.order_id;
    expect(await stock(p.id)).toBe(3);
    await ctx.db.update(orders).set({ reservedUntil: sql`now() - interval '1 minute'` }).where(eq(orders.id, due));
    const counts = await Promise.all([expireOverdueOrders(ctx.db), expireOverdueOrders(ctx.db), expireOverdueOrders(ctx.db)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await stock(p.id)).toBe(7);
    const statuses = await ctx.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(sql`${orders.id} in (${due}, ${live})`);
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({ [due]: "expired", [live]: "awaiting_payment" });
  });
});

describe("DELETE /api/transactions (cancel)", () => {
  it("cancels an awaiting order and releases its stock; repeat is harmless; others get 404", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 100, countInStock: 6 });
    await addLine(s.token, p.id, 4);
    const id = (await checkout(s.token, 2400)).json().data.Form.order_id;
    expect(await stock(p.id)).toBe(2);
    const other = await shopper();
    expect((await ctx.request({ method: "DELETE", url: `/api/transactions?order_id=${id}`, token: other.token })).statusCode).toBe(404);
    const res = await ctx.request({ method: "DELETE", url: `/api/transactions?order_id=${id}`, token: s.token });
    expect(res.json()).toEqual({ statusCode: 200, message: "Order cancelled" });
    expect(await stock(p.id)).toBe(6);
    expect((await ctx.request({ method: "DELETE", url: `/api/transactions?order_id=${id}`, token: s.token })).statusCode).toBe(200);
    expect(await stock(p.id)).toBe(6);
    // a cancelled order cannot be paid for any more
    const pay = await ctx.request({
      method: "PUT",
      url: "/api/transactions",
      token: s.token,
      payload: { order_id: id, account_no: "0123456789" },
    });
    expect(pay.statusCode).toBe(409);
  });

  it("refuses to cancel after payment was submitted (409)", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 100, countInStock: 6 });
    await addLine(s.token, p.id, 1);
    const form = (await checkout(s.token, 2100)).json().data.Form;
    await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: form });
    const res = await ctx.request({ method: "DELETE", url: `/api/transactions?order_id=${form.order_id}`, token: s.token });
    expect(res.statusCode).toBe(409);
    expect(await stock(p.id)).toBe(5);
  });
});

describe("orders: buyer history, seller lines, admin transfers", () => {
  let buyer: Awaited<ReturnType<typeof createUserWithToken>>;
  let transactionId: string;
  let orderId: string;
  let ownLine: string;
  let otherLine: string;

  beforeAll(async () => {
    buyer = await shopper();
    const a = await ctx.shop.product({ price: 1200, countInStock: 5 });
    const b = await ctx.shop.product({ price: 800, countInStock: 5, userId: seller2.user.id });
    await addLine(buyer.token, a.id, 1);
    await addLine(buyer.token, b.id, 2);
    const form = (await checkout(buyer.token, 1200 + 1600 + 2000)).json().data.Form;
    orderId = form.order_id;
    transactionId = (await ctx.request({ method: "PUT", url: "/api/transactions", token: buyer.token, payload: form })).json().data
      .transaction_id;
  });

  it("GET /api/orders lists the buyer's own orders with lines and totals", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/orders", token: buyer.token });
    expect(res.statusCode).toBe(200);
    const [order] = res.json().data;
    expect(order).toMatchObject({ _id: orderId, status: "payment_submitted", subtotal: 2800, shipping: 2000, total: 4800 });
    expect(order.lines).toHaveLength(2);
    expect(order.lines.map((l: { unit_price: number; quantity: number }) => l.unit_price * l.quantity).sort()).toEqual([1200, 1600]);
    const stranger = await shopper();
    expect((await ctx.request({ method: "GET", url: "/api/orders", token: stranger.token })).json().data).toEqual([]);
    expect((await ctx.request({ method: "GET", url: "/api/orders" })).statusCode).toBe(401);
  });

  it("admin routes: 401 anonymous, 403 for customers and sellers", async () => {
    for (const token of [undefined, buyer.token, ctx.shop.seller.token]) {
      const list = await ctx.request({ method: "GET", url: "/api/admin/transactions", token });
      const act = await ctx.request({
        method: "PUT",
        url: "/api/admin/transactions",
        token,
        payload: { transaction_id: transactionId, action: "confirm" },
      });
      expect([list.statusCode, act.statusCode]).toEqual(token ? [403, 403] : [401, 401]);
    }
  });

  it("sellers see no lines before the order is paid", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/orders/lines", token: ctx.shop.seller.token });
    expect(res.json().data.filter((l: { order_id: string }) => l.order_id === orderId)).toEqual([]);
  });

  it("admin lists submitted transfers and confirms one (order paid), only once", async () => {
    const list = await ctx.request({ method: "GET", url: "/api/admin/transactions?status=submitted", token: admin.token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((t: { _id: string }) => t._id === transactionId)).toMatchObject({
      order_id: orderId,
      amount: 4800,
      status: "submitted",
      order_status: "payment_submitted",
      buyer: { _id: buyer.user.id, email: buyer.user.email },
    });
    const ok = await ctx.request({
      method: "PUT",
      url: "/api/admin/transactions",
      token: admin.token,
      payload: { transaction_id: transactionId, action: "confirm" },
    });
    expect(ok.json()).toMatchObject({ statusCode: 200, message: "Payment confirmed", data: { status: "confirmed", order_status: "paid" } });
    const again = await ctx.request({
      method: "PUT",
      url: "/api/admin/transactions",
      token: admin.token,
      payload: { transaction_id: transactionId, action: "reject" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This transfer was already confirmed");
    const missing = await ctx.request({
      method: "PUT",
      url: "/api/admin/transactions",
      token: admin.token,
      payload: { transaction_id: "00000000-0000-4000-8000-000000000000", action: "confirm" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("each seller sees only their own lines of the paid order", async () => {
    const mine = (await ctx.request({ method: "GET", url: "/api/orders/lines", token: ctx.shop.seller.token }))
      .json()
      .data.filter((l: { order_id: string }) => l.order_id === orderId);
    const theirs = (await ctx.request({ method: "GET", url: "/api/orders/lines", token: seller2.token }))
      .json()
      .data.filter((l: { order_id: string }) => l.order_id === orderId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      unit_price: 1200,
      quantity: 1,
      amount: 1200,
      fulfilment: "unfulfilled",
      order_status: "paid",
      buyer: { city: "Ikeja" },
    });
    expect(theirs).toHaveLength(1);
    expect(theirs[0]).toMatchObject({ amount: 1600 });
    ownLine = mine[0]._id;
    otherLine = theirs[0]._id;
    expect((await ctx.request({ method: "GET", url: "/api/orders/lines", token: buyer.token })).statusCode).toBe(403);
  });

  it("a seller moves their own line forward only; another seller's line is a 404", async () => {
    const put = (token: string, line_id: string, fulfilment: string) =>
      ctx.request({ method: "PUT", url: "/api/orders/lines", token, payload: { line_id, fulfilment } });
    expect((await put(ctx.shop.seller.token, otherLine, "shipped")).statusCode).toBe(404);
    expect((await put(buyer.token, ownLine, "shipped")).statusCode).toBe(403);
    const shipped = await put(ctx.shop.seller.token, ownLine, "shipped");
    expect(shipped.json()).toMatchObject({ statusCode: 200, data: { fulfilment: "shipped" } });
    expect((await put(ctx.shop.seller.token, ownLine, "shipped")).statusCode).toBe(409);
    expect((await put(ctx.shop.seller.token, ownLine, "delivered")).json().data.fulfilment).toBe("delivered");
    expect((await put(ctx.shop.seller.token, ownLine, "unfulfilled")).statusCode).toBe(400);
    const history = (await ctx.request({ method: "GET", url: "/api/orders", token: buyer.token })).json().data[0];
    expect(history.status).toBe("paid");
    expect(history.lines.map((l: { fulfilment: string }) => l.fulfilment).sort()).toEqual(["delivered", "unfulfilled"]);
  });

  it("rejecting a transfer marks the order rejected and gives the stock back", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 100, countInStock: 4 });
    await addLine(s.token, p.id, 3);
    const form = (await checkout(s.token, 2300)).json().data.Form;
    const tid = (await ctx.request({ method: "PUT", url: "/api/transactions", token: s.token, payload: form })).json().data.transaction_id;
    expect(await stock(p.id)).toBe(1);
    const res = await ctx.request({
      method: "PUT",
      url: "/api/admin/transactions",
      token: admin.token,
      payload: { transaction_id: tid, action: "reject" },
    });
    expect(res.json().data).toMatchObject({ status: "rejected", order_status: "rejected" });
    expect(await stock(p.id)).toBe(4);
  });

  it("pages the buyer's history with a cursor and refuses a junk cursor", async () => {
    const s = await shopper();
    const p = await ctx.shop.product({ price: 100, countInStock: 10 });
    await addLine(s.token, p.id, 1);
    for (let i = 0; i < 3; i++) {
      const form = (await checkout(s.token, 2100)).json().data.Form;
      await ctx.request({ method: "DELETE", url: `/api/transactions?order_id=${form.order_id}`, token: s.token });
    }
    const first = (await ctx.request({ method: "GET", url: "/api/orders?limit=2", token: s.token })).json();
    expect(first.data).toHaveLength(2);
    const rest = (await ctx.request({ method: "GET", url: `/api/orders?limit=2&cursor=${first.nextCursor}`, token: s.token })).json();
    expect(rest.data).toHaveLength(1);
    expect(new Set([...first.data, ...rest.data].map((o: { _id: string }) => o._id)).size).toBe(3);
    expect((await ctx.request({ method: "GET", url: "/api/orders?cursor=zzz", token: s.token })).statusCode).toBe(400);
  });
});
