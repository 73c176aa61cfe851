/**
 * Pay on delivery (ADRs 0220-0222): every rule of createSession (each 409 sentence, nothing
 * changed), the quote's offer, the seller's per-state switch, the delivery code (right, wrong,
 * five wrongs lock, the admin unlocks), the buyer's resend, "Refused at delivery" (restock, no
 * money, two refusals end the offer), the ledger (the cash is the seller's, the store's
 * commission a debt netted from their available balance), and who may not call each route.
 */
import { POD_CONTEST_DAYS, POD_MESSAGES, POD_SELLER_DEBT_LIMIT_NAIRA } from "@market/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, orderLines, orders, podCodes, productVariants, refunds, users } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { balanceKobo, postJournal } from "../src/modules/ledger/ledger.service.js";
import { latestCode } from "./accounts-helpers.js";
import { checkoutBody } from "./fixtures.js";
import { createShopContext, type ShopContext } from "./helpers.js";

let ctx: ShopContext;
let admin: { token: string; user: { id: string } };
beforeAll(async () => {
  ctx = await createShopContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
});
afterAll(() => ctx.close());

const LAGOS_POD = { state: "Lagos", fee: 1500, min_days: 1, max_days: 2, pay_on_delivery: true };

/** A new approved seller with a product of `price` naira and their rates. */
const realNow = ledgerClock.now;

async function seller(price: number, rates: unknown[] = [LAGOS_POD]) {
  const s = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  const product = await ctx.shop.product({ userId: s.user.id, price, countInStock: 50, name: `Item ${s.user.id.slice(0, 6)}` });
  const saved = await ctx.request({ method: "PUT", url: "/api/shipping/rates", token: s.token, payload: { rates, pickup_points: [] } });
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...s, product };
}

/** A new shopper (verified phone unless said) with one unit of each product in the cart. */
async function shopper(productIds: string[], input: { phoneVerified?: boolean } = {}) {
  const s = await createUserWithToken(ctx.db, input);
  for (const id of productIds) {
    const res = await ctx.request({ method: "POST", url: "/api/cart", token: s.token, payload: { product_id: id, count: 1 } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return s;
}

const podBody = (amount: number, state = "Lagos") => ({
  ...checkoutBody(amount),
  state,
  payment_type: "pay_on_delivery",
  account_no: undefined,
});
const createSession = (token: string, payload: unknown) =>
  ctx.request({ method: "POST", url: "/api/transactions/createSession", token, payload: payload as Record<string, unknown> });
const quote = async (token: string, state = "Lagos") => {
  const res = await ctx.request({ method: "GET", url: `/api/shipping/quote?state=${state}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** A placed pay-on-delivery order of one seller's product; answers its id and the people. */
async function podOrder(price = 10_000) {
  const s = await seller(price);
  const buyer = await shopper([s.product.id]);
  const res = await createSession(buyer.token, podBody(price + 1500));
  expect(res.statusCode, res.body).toBe(200);
  return { seller: s, buyer, orderId: res.json().data.Form.order_id as string, res };
}

const enter = (token: string | undefined, orderId: string, code: string) =>
  ctx.request({ method: "POST", url: `/api/orders/${orderId}/delivery-code/check`, token, payload: { code } });

describe("the seller's per-state switch", () => {
  it("is saved per rate row and read back, off unless said", async () => {
    const s = await seller(1000, [LAGOS_POD, { state: "FCT", fee: 3000, min_days: 2, max_days: 4 }]);
    const read = await ctx.request({ method: "GET", url: `/api/shipping/rates?seller_id=${s.user.id}` });
    expect(read.json().data.rates.map((r: { state: string; pay_on_delivery: boolean }) => [r.state, r.pay_on_delivery])).toEqual([
      ["FCT", false],
      ["Lagos", true],
    ]);
  });
});

describe("createSession with pay_on_delivery", () => {
  it("places the order paid-on-delivery: stock taken, no window, lines to ship, the code sent by SMS as a hash only", async () => {
    const { orderId, res, buyer, seller: s } = await podOrder();
    expect(res.json().data.message).toBe("Pay the courier ₦11,500 on delivery");
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    expect([order!.status, order!.paymentType]).toEqual(["paid", "pay_on_delivery"]);
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line!.fulfilment).toBe("unfulfilled");
    const [v] = await ctx.db.select().from(productVariants).where(eq(productVariants.productId, s.product.id));
    expect(v!.countInStock).toBe(49);
    // The cart is emptied with the order: a second Place Order has nothing to buy.
    const cart = await ctx.request({ method: "GET", url: "/api/cart", token: buyer.token });
    expect(cart.json().data).toEqual([]);
    expect((await createSession(buyer.token, podBody(11_500))).statusCode).not.toBe(200);
    expect(await ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toHaveLength(1);
    const code = await latestCode(ctx, buyer.user.phone);
    const [stored] = await ctx.db.select().from(podCodes).where(eq(podCodes.orderId, orderId));
    expect(stored!.codeHash).not.toContain(code);
    // The sweep of overdue windows never touches it.
    await ctx.db.execute(sql`update orders set reserved_until = now() - interval '1 day' where id = ${orderId}`);
    const list = await ctx.request({ method: "GET", url: "/api/orders", token: buyer.token });
    expect(list.json().data[0].status).toBe("paid");
    // The buyer's order page says what to pay; the seller sees their lines to ship.
    const page = await ctx.request({ method: "GET", url: `/api/orders/${orderId}`, token: buyer.token });
    expect(page.json().data.pay_on_delivery).toMatchObject({ amount: 11_500, code_sent_at: expect.any(String) });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, s.user.id));
    expect(told.map((n) => n.text)).toContain(`New pay-on-delivery order ${order!.number}: collect ₦11,500 in cash at delivery.`);
    const sellerPage = await ctx.request({ method: "GET", url: `/api/orders/${orderId}`, token: s.token });
    expect(sellerPage.json().data.pay_on_delivery).toMatchObject({
      code_sent_at: null,
      deliveries: [{ amount: 11_500, status: "awaiting" }],
    });
  });

  it("answers 409 with the rule and changes nothing: unverified phone, a seller not taking it in the state, the store's rate, the cap", async () => {
    const pod = await seller(10_000);
    const noPod = await seller(10_000, [{ ...LAGOS_POD, pay_on_delivery: false }]);
    const storeRate = await seller(10_000, []);
    const cases: Array<[string[], { phoneVerified?: boolean }, number, string]> = [
      [[pod.product.id], { phoneVerified: false }, 11_500, POD_MESSAGES.phone],
      [[pod.product.id, noPod.product.id], {}, 23_000, POD_MESSAGES.seller(noPod.product.name, "Lagos")],
      [[storeRate.product.id], {}, 12_000, POD_MESSAGES.seller(storeRate.product.name, "Lagos")],
    ];
    for (const [ids, input, amount, sentence] of cases) {
      const buyer = await shopper(ids, input);
      const q = await quote(buyer.token);
      expect(q.pay_on_delivery).toEqual({ available: false, reason: sentence });
      const res = await createSession(buyer.token, podBody(amount));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(sentence);
      expect(await ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toEqual([]);
    }
    // The cap: an admin setting beside the shipping settings; an order at the cap is refused.
    const setCap = (cap: number) =>
      ctx.request({
        method: "PUT",
        url: "/api/admin/shipping",
        token: admin.token,
        payload: { free_shipping_over: 50_000, pay_on_delivery_cap: cap },
      });
    expect((await setCap(11_500)).json().data.pay_on_delivery_cap).toBe(11_500);
    const buyer = await shopper([pod.product.id]);
    expect((await quote(buyer.token)).pay_on_delivery.reason).toBe(POD_MESSAGES.cap(11_500));
    const capped = await createSession(buyer.token, podBody(11_500));
    expect([capped.statusCode, capped.json().message]).toEqual([409, POD_MESSAGES.cap(11_500)]);
    await setCap(11_501);
    expect((await quote(buyer.token)).pay_on_delivery).toEqual({ available: true, reason: null });
    expect((await createSession(buyer.token, podBody(11_500))).statusCode).toBe(200);
    await setCap(100_000);
    expect((await ctx.request({ method: "GET", url: "/api/settings" })).json().data.pay_on_delivery_cap).toBe(100_000);
  });

  it("after 2 unpaid refusals it is no longer offered to the buyer", async () => {
    const s = await seller(5_000);
    const buyer = await shopper([]);
    for (let i = 0; i < 2; i++) {
      await ctx.request({ method: "POST", url: "/api/cart", token: buyer.token, payload: { product_id: s.product.id, count: 1 } });
      const placed = await createSession(buyer.token, podBody(6_500));
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().data.Form.order_id;
      const refused = await ctx.request({ method: "POST", url: `/api/orders/${orderId}/refused`, token: s.token });
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json().data.deliveries[0].status).toBe("refused");
      const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
      expect(line!.fulfilment).toBe("cancelled");
    }
    // A refusal counts only once the buyer's window to contest it has passed.
    expect((await quote(buyer.token)).pay_on_delivery.available).toBe(true);
    await ctx.db.execute(
      sql`update pod_deliveries set refused_at = refused_at - make_interval(days => ${POD_CONTEST_DAYS}) where buyer_id = ${buyer.user.id}`,
    );
    // Restocked each time, and no money moved.
    const [v] = await ctx.db.select().from(productVariants).where(eq(productVariants.productId, s.product.id));
    expect(v!.countInStock).toBe(50);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: s.user.id })).toBe(0);
    await ctx.request({ method: "POST", url: "/api/cart", token: buyer.token, payload: { product_id: s.product.id, count: 1 } });
    expect((await quote(buyer.token)).pay_on_delivery.reason).toBe(POD_MESSAGES.refusals);
    const res = await createSession(buyer.token, podBody(6_500));
    expect([res.statusCode, res.json().message]).toEqual([409, POD_MESSAGES.refusals]);
    // A refused delivery cannot be paid afterwards.
  });
});

describe("the delivery code", () => {
  it("right: the seller's lines are delivered and paid; the commission becomes the seller's debt, netted from available", async () => {
    const { orderId, buyer, seller: s } = await podOrder(10_000);
    const code = await latestCode(ctx, buyer.user.phone);
    // A normal "delivered" is refused for a pay-on-delivery line.
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const plain = await ctx.request({
      method: "PUT",
      url: "/api/orders/lines",
      token: s.token,
      payload: { line_id: line!.id, fulfilment: "delivered" },
    });
    expect([plain.statusCode, plain.json().message]).toEqual([409, POD_MESSAGES.deliverWithCode]);

    // Before paying, the buyer refuses at the door rather than reporting a problem.
    await ctx.request({ method: "PUT", url: "/api/orders/lines", token: s.token, payload: { line_id: line!.id, fulfilment: "shipped" } });
    const report = await ctx.request({
      method: "POST",
      url: `/api/orders/${orderId}/problems`,
      token: buyer.token,
      payload: { line_id: line!.id, reason: "damaged", comment: "Broken", image_urls: [] },
    });
    expect([report.statusCode, report.json().message]).toEqual([409, POD_MESSAGES.reportBeforePaid]);
    // Until the courier is paid the order reads "to pay at the door", and the seller's line "to collect".
    const history = async () =>
      (await ctx.request({ method: "GET", url: "/api/orders", token: buyer.token }))
        .json()
        .data.find((o: { _id: string }) => o._id === orderId);
    const sellerLine = async () =>
      (await ctx.request({ method: "GET", url: "/api/orders/lines", token: s.token }))
        .json()
        .data.find((l: { _id: string }) => l._id === line!.id);
    expect((await history()).pay_at_door).toBe(true);
    expect((await sellerLine()).collect_at_door).toBe(true);

    const ok = await enter(s.token, orderId, code);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.deliveries[0].status).toBe("paid");
    expect((await history()).pay_at_door).toBe(false);
    expect((await sellerLine()).collect_at_door).toBe(false);
    const [after] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(after!.fulfilment).toBe("delivered");
    // The cash (₦11,500) is with the seller: pending holds their share and fee, the debt the whole cash.
    const commission = Number(after!.commissionKobo);
    expect(commission).toBeGreaterThan(0);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: s.user.id })).toBe(1_150_000 - commission);
    expect(await balanceKobo(ctx.db, { kind: "seller_debt", ownerId: s.user.id })).toBe(-1_150_000);
    // The admin's Finance overview says what the seller owes of the cash, and in the store's total.
    const finance = (await ctx.request({ method: "GET", url: "/api/admin/finance", token: admin.token })).json().data;
    expect(finance.sellers.find((r: { seller: { _id: string } }) => r.seller._id === s.user.id).owes).toBe(11_500);
    expect(finance.now.sellers_owe).toBeGreaterThanOrEqual(11_500);
    expect(await balanceKobo(ctx.db, { kind: "seller_payable", ownerId: s.user.id })).toBe(0);
    // Entering it again changes nothing.
    expect((await enter(s.token, orderId, code)).json().message).toBe(POD_MESSAGES.done);
  });

  it("wrong: tries left said; five lock it (even the right code); only the admin unlocks; the buyer's resend is rate-limited", async () => {
    const { orderId, buyer, seller: s } = await podOrder(3_000);
    const code = await latestCode(ctx, buyer.user.phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      const res = await enter(s.token, orderId, wrong);
      expect([res.statusCode, res.json().message]).toEqual([400, POD_MESSAGES.wrongCode(left)]);
    }
    const fifth = await enter(s.token, orderId, wrong);
    expect([fifth.statusCode, fifth.json().message]).toEqual([409, POD_MESSAGES.locked]);
    expect((await enter(s.token, orderId, code)).json().message).toBe(POD_MESSAGES.locked);
    const page = await ctx.request({ method: "GET", url: `/api/orders/${orderId}`, token: admin.token });
    expect(page.json().data.pay_on_delivery.deliveries[0]).toMatchObject({ locked: true, tries_left: 0 });

    const unlock = (token: string | undefined) =>
      ctx.request({ method: "POST", url: `/api/admin/orders/${orderId}/delivery-code/unlock`, token, payload: { seller_id: s.user.id } });
    expect((await unlock(s.token)).statusCode).toBe(403);
    expect((await unlock(buyer.token)).statusCode).toBe(403);
    expect((await unlock(undefined)).statusCode).toBe(401);
    const unlocked = await unlock(admin.token);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json().data.deliveries[0]).toMatchObject({ locked: false, tries_left: 5 });
    expect((await unlock(admin.token)).statusCode).toBe(409);

    // Resend: too soon answers 429; a minute later a new code replaces the old one.
    const resend = (token: string | undefined) => ctx.request({ method: "POST", url: `/api/orders/${orderId}/delivery-code`, token });
    expect((await resend(buyer.token)).statusCode).toBe(429);
    await ctx.db.execute(sql`update pod_codes set sent_at = now() - interval '2 minutes' where order_id = ${orderId}`);
    expect((await resend(s.token)).statusCode).toBe(404);
    expect((await resend(undefined)).statusCode).toBe(401);
    const again = await resend(buyer.token);
    expect(again.statusCode, again.body).toBe(200);
    const fresh = await latestCode(ctx, buyer.user.phone);
    if (fresh !== code) expect((await enter(s.token, orderId, code)).statusCode).toBe(400);
    expect((await enter(s.token, orderId, fresh)).statusCode).toBe(200);
  });

  it("may not be entered or refused by another seller, the buyer or someone signed out", async () => {
    const { orderId, buyer } = await podOrder(2_000);
    const other = await seller(1000);
    expect((await enter(other.token, orderId, "123456")).statusCode).toBe(404);
    expect((await enter(buyer.token, orderId, "123456")).statusCode).toBe(403);
    expect((await enter(undefined, orderId, "123456")).statusCode).toBe(401);
    expect((await enter(other.token, orderId, "12a")).statusCode).toBe(400);
    const refuse = (token: string | undefined) => ctx.request({ method: "POST", url: `/api/orders/${orderId}/refused`, token });
    expect((await refuse(other.token)).statusCode).toBe(404);
    expect((await refuse(buyer.token)).statusCode).toBe(403);
    expect((await refuse(undefined)).statusCode).toBe(401);
    const [u] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, buyer.user.id));
    expect(u).toBeDefined();
  });
});

describe("the ship-by clock of an order paid on delivery", () => {
  it("starts when the order is placed: a line not shipped in SHIP_BY_DAYS is cancelled, restocked, with nothing to refund", async () => {
    const { orderId, seller: s } = await podOrder(6_000);
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const lines = (await ctx.request({ method: "GET", url: "/api/orders/lines", token: s.token })).json().data;
    expect(lines.find((l: { _id: string }) => l._id === line!.id).ship_by).not.toBeNull();
    const stock = async () =>
      (await ctx.db.select().from(productVariants).where(eq(productVariants.productId, s.product.id)))[0]!.countInStock;
    expect(await stock()).toBe(49);
    try {
      ledgerClock.now = () => new Date(Date.now() + 3 * 24 * 60 * 60 * 1000 + 60_000);
      expect(await ctx.app.jobs.run("protection-timers")).toBe("ran");
    } finally {
      ledgerClock.now = realNow;
    }
    const [after] = await ctx.db.select().from(orderLines).where(eq(orderLines.id, line!.id));
    expect(after!.fulfilment).toBe("cancelled");
    expect(await stock()).toBe(50);
    expect((await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId))).length).toBe(0);
  });
});

describe("refunds of an order paid on delivery", () => {
  it("plan and show only what a courier collected: a refused seller's lines and fee are never refunded", async () => {
    const paid = await seller(10_000);
    const refused = await seller(5_000);
    const buyer = await shopper([paid.product.id, refused.product.id]);
    const placed = await createSession(buyer.token, podBody(18_000));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.Form.order_id as string;
    const code = await latestCode(ctx, buyer.user.phone);
    const r = await ctx.request({ method: "POST", url: `/api/orders/${orderId}/refused`, token: refused.token });
    expect(r.statusCode, r.body).toBe(200);
    expect((await enter(paid.token, orderId, code)).statusCode).toBe(200);
    const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const refusedLine = lines.find((l) => l.sellerId === refused.user.id)!;

    const shown = await ctx.request({ method: "GET", url: `/api/admin/refunds?order_id=${orderId}`, token: admin.token });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data.shipping_refundable).toBe(1_500);
    const byId = new Map(shown.json().data.lines.map((l: { _id: string; refundable: number }) => [l._id, l.refundable]));
    expect(byId.get(refusedLine.id)).toBe(0);

    const refund = (payload: Record<string, unknown>) =>
      ctx.request({
        method: "POST",
        url: "/api/admin/refunds",
        token: admin.token,
        payload: { order_id: orderId, reason: "Buyer asked", ...payload },
      });
    const one = await refund({ line_id: refusedLine.id });
    expect([one.statusCode, one.json().message]).toEqual([409, POD_MESSAGES.notCollected]);
    const all = await refund({});
    expect(all.statusCode, all.body).toBe(200);
    const made = await ctx.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(made.reduce((s, x) => s + Number(x.amountKobo), 0)).toBe(1_150_000);
    expect(made.some((x) => x.orderLineId === refusedLine.id)).toBe(false);
  });
});

describe("a delivery whose lines were all cancelled", () => {
  it("is closed: no longer to collect, and the code answers 409 recording nothing", async () => {
    const { orderId, buyer, seller: s } = await podOrder(4_000);
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    const cancel = await ctx.request({
      method: "POST",
      url: `/api/orders/lines/${line!.id}/cancel`,
      token: s.token,
      payload: { reason: "Out of stock" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Nothing was paid, so the buyer is told of no refund.
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    const cancelled = told.filter((n) => n.kind === "line_cancelled").map((n) => n.text);
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]).not.toContain("refunded");
    const page = await ctx.request({ method: "GET", url: `/api/orders/${orderId}`, token: buyer.token });
    expect(page.json().data.pay_on_delivery.deliveries[0].status).toBe("cancelled");
    const history = (await ctx.request({ method: "GET", url: "/api/orders", token: buyer.token })).json().data;
    expect(history.find((o: { _id: string }) => o._id === orderId).pay_at_door).toBe(false);
    const code = await latestCode(ctx, buyer.user.phone);
    const entered = await enter(s.token, orderId, code);
    expect([entered.statusCode, entered.json().message]).toEqual([409, POD_MESSAGES.done]);
    const journals = await ctx.db.execute(sql`select 1 from ledger_journals where key like ${`pod-collected:${orderId}:%`}`);
    expect(journals.rows).toEqual([]);
    expect((await ctx.request({ method: "POST", url: `/api/orders/${orderId}/delivery-code`, token: buyer.token })).statusCode).toBe(409);
  });
});

describe("Refused at delivery", () => {
  it("tells the buyer (in-app and SMS), and is refused (409) on a delivery locked by wrong codes", async () => {
    const { orderId, buyer, seller: s } = await podOrder(7_000);
    const refuse = () => ctx.request({ method: "POST", url: `/api/orders/${orderId}/refused`, token: s.token });
    const code = await latestCode(ctx, buyer.user.phone);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await enter(s.token, orderId, wrong);
    const locked = await refuse();
    expect([locked.statusCode, locked.json().message]).toEqual([409, POD_MESSAGES.locked]);
    const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
    expect(line!.fulfilment).toBe("unfulfilled");

    await ctx.request({
      method: "POST",
      url: `/api/admin/orders/${orderId}/delivery-code/unlock`,
      token: admin.token,
      payload: { seller_id: s.user.id },
    });
    expect((await refuse()).statusCode).toBe(200);
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(told.map((n) => n.text)).toContain(POD_MESSAGES.refusedBuyer(order!.number, s.user.names));
    const sms = await ctx.db.execute<{ body: string }>(
      sql`select body from outbox where recipient = ${buyer.user.phone} and body like ${`%${order!.number}%refused%`}`,
    );
    expect(sms.rows).toHaveLength(1);
  });
});

describe("a seller whose debt to the store is not covered", () => {
  it("is not offered pay on delivery while the debt above their pending and available balances passes the limit", async () => {
    const s = await seller(8_000);
    const buyer = await shopper([s.product.id]);
    expect((await quote(buyer.token)).pay_on_delivery.available).toBe(true);
    // Cash collected and kept, covered by nothing: the debt alone, over the limit.
    let n = 0;
    const owe = (kobo: number) =>
      ctx.db.transaction((tx) =>
        postJournal(
          tx,
          `test-debt:${s.user.id}:${n++}`,
          [
            { account: { kind: "seller_debt", ownerId: s.user.id }, amountKobo: -kobo },
            { account: { kind: "refunds" }, amountKobo: kobo },
          ],
          { kind: "debt", memo: "Cash kept" },
        ),
      );
    await owe(POD_SELLER_DEBT_LIMIT_NAIRA * 100);
    expect((await quote(buyer.token)).pay_on_delivery.available).toBe(true);
    await owe(1);
    const reason = POD_MESSAGES.sellerDebt(s.product.name);
    expect((await quote(buyer.token)).pay_on_delivery).toEqual({ available: false, reason });
    const res = await createSession(buyer.token, podBody(9_500));
    expect([res.statusCode, res.json().message]).toEqual([409, reason]);
    expect(await ctx.db.select().from(orders).where(eq(orders.buyerId, buyer.user.id))).toEqual([]);
  });
});

describe("the amount to pay at the door", () => {
  it("is each open delivery's lines not cancelled and fee; a seller sees only their own", async () => {
    const a = await seller(10_000);
    const b = await seller(5_000);
    const buyer = await shopper([a.product.id, b.product.id]);
    const placed = await createSession(buyer.token, podBody(18_000));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.Form.order_id as string;
    const pod = async (token: string) =>
      (await ctx.request({ method: "GET", url: `/api/orders/${orderId}`, token })).json().data.pay_on_delivery;
    expect((await pod(buyer.token)).amount).toBe(18_000);
    expect((await pod(a.token)).amount).toBe(11_500);
    expect((await pod(b.token)).amount).toBe(6_500);
    const code = await latestCode(ctx, buyer.user.phone);
    expect((await ctx.request({ method: "POST", url: `/api/orders/${orderId}/refused`, token: b.token })).statusCode).toBe(200);
    const after = await pod(buyer.token);
    expect(after.amount).toBe(11_500);
    expect(after.deliveries.map((d: { amount: number; status: string }) => [d.amount, d.status]).sort()).toEqual([
      [0, "refused"],
      [11_500, "awaiting"],
    ]);
    // The code sent again says what is left to pay.
    await ctx.db.execute(sql`update pod_codes set sent_at = now() - interval '2 minutes' where order_id = ${orderId}`);
    expect((await ctx.request({ method: "POST", url: `/api/orders/${orderId}/delivery-code`, token: buyer.token })).statusCode).toBe(200);
    const sms = await ctx.db.execute<{ body: string }>(
      sql`select body from outbox where recipient = ${buyer.user.phone} and body like '%delivery code%' order by created_at desc, id desc limit 1`,
    );
    expect(sms.rows[0]!.body).toContain("₦11,500");
    expect((await enter(a.token, orderId, await latestCode(ctx, buyer.user.phone))).statusCode).toBe(200);
    expect((await pod(buyer.token)).amount).toBe(0);
    expect(code).toMatch(/^\d{6}$/);
  });
});

describe("the seller's own fee on the ledger", () => {
  it("is refunded from the line it was credited on, when the seller's first line was cancelled before collection", async () => {
    const s = await seller(4_000);
    const second = await ctx.shop.product({ userId: s.user.id, price: 6_000, countInStock: 5, name: `Other ${s.user.id.slice(0, 6)}` });
    const buyer = await shopper([s.product.id, second.id]);
    const placed = await createSession(buyer.token, podBody(11_500));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.Form.order_id as string;
    const code = await latestCode(ctx, buyer.user.phone);
    const lines = (await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).sort((a, b) => (a.id < b.id ? -1 : 1));
    const cancel = await ctx.request({
      method: "POST",
      url: `/api/orders/lines/${lines[0]!.id}/cancel`,
      token: s.token,
      payload: { reason: "Out of stock" },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await enter(s.token, orderId, code)).statusCode).toBe(200);
    const all = await ctx.request({
      method: "POST",
      url: "/api/admin/refunds",
      token: admin.token,
      payload: { order_id: orderId, reason: "Buyer asked" },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: s.user.id })).toBe(0);
  });
});

describe("the buyer contests a refusal", () => {
  it("within the window: no strike, the admins told; once only; not for others; too late after the window", async () => {
    const { orderId, buyer, seller: s } = await podOrder(3_500);
    const contest = (token: string | undefined, sellerId = s.user.id) =>
      ctx.request({ method: "POST", url: `/api/orders/${orderId}/refusal/contest`, token, payload: { seller_id: sellerId } });
    expect([(await contest(buyer.token)).statusCode, (await contest(buyer.token)).json().message]).toEqual([409, POD_MESSAGES.notRefused]);
    expect((await ctx.request({ method: "POST", url: `/api/orders/${orderId}/refused`, token: s.token })).statusCode).toBe(200);
    const page = await ctx.request({ method: "GET", url: `/api/orders/${orderId}`, token: buyer.token });
    expect(page.json().data.pay_on_delivery.deliveries[0]).toMatchObject({ contested: false, contest_until: expect.any(String) });
    expect((await contest(s.token)).statusCode).toBe(404);
    expect((await contest(undefined)).statusCode).toBe(401);
    expect((await contest(buyer.token, admin.user.id)).statusCode).toBe(404);
    const ok = await contest(buyer.token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.deliveries[0]).toMatchObject({ contested: true, contest_until: null });
    expect((await contest(buyer.token)).json().message).toBe(POD_MESSAGES.contested);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(told.some((n) => n.eventKey === `pod_contested:${orderId}:${s.user.id}`)).toBe(true);
    // Contested, it never counts, even after the window.
    await ctx.db.execute(sql`update pod_deliveries set refused_at = refused_at - interval '30 days' where order_id = ${orderId}`);
    const [{ refusals }] = (
      await ctx.db.execute<{ refusals: number }>(
        sql`select count(*)::int as refusals from pod_deliveries where buyer_id = ${buyer.user.id} and contested_at is null`,
      )
    ).rows as [{ refusals: number }];
    expect(refusals).toBe(0);
    // Too late: another order's refusal, past the window.
    const late = await podOrder(2_500);
    expect((await ctx.request({ method: "POST", url: `/api/orders/${late.orderId}/refused`, token: late.seller.token })).statusCode).toBe(
      200,
    );
    await ctx.db.execute(sql`update pod_deliveries set refused_at = refused_at - interval '8 days' where order_id = ${late.orderId}`);
    const tooLate = await ctx.request({
      method: "POST",
      url: `/api/orders/${late.orderId}/refusal/contest`,
      token: late.buyer.token,
      payload: { seller_id: late.seller.user.id },
    });
    expect([tooLate.statusCode, tooLate.json().message]).toEqual([409, POD_MESSAGES.contestClosed]);
  });
});
