/**
 * Buyer protection through the API (ADR 0193-0196): every move of a paid line (ship with carrier
 * and tracking, deliver, receive, cancel, report, accept, answer, decide) with its guards (409 out
 * of order and nothing changed, 404 someone else's, 400 bad input or a refund above the line and
 * its shipping share), the money each moves on the ledger, the order page's events and the
 * timers (auto-cancel, auto-received, auto-accept) driven by the ledger's clock, never by waiting.
 * Real PostgreSQL, real app.
 */
import { randomUUID } from "node:crypto";
import { SHIPPING_FEE_NAIRA } from "@market/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notifications, orderLines, products, refunds, uploads } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { balanceKobo } from "../src/modules/ledger/ledger.service.js";
import { buyAndSubmit, days, decide, earnings } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

type User = Awaited<ReturnType<typeof createUserWithToken>>;
let ctx: TestContext;
let admin: User;
let seller: User;
let otherSeller: User;
let stranger: User;
let categoryId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  otherSeller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  stranger = await createUserWithToken(ctx.db);
  categoryId = (await createCategory(ctx.db)).id;
});
afterAll(() => ctx.close());
const realNow = ledgerClock.now;
afterEach(() => {
  ledgerClock.now = realNow;
});

/** A paid order of one line: `qty` units of a new product of `price` naira by `seller`. */
async function paidLine(price = 10_000, qty = 1, by: User = seller) {
  const product = await createProduct(ctx.db, { userId: by.user.id, categoryId, price, countInStock: 20 });
  const { shopper, orderId, transactionId } = await buyAndSubmit(ctx, [{ productId: product.id, count: qty, price }]);
  await decide(ctx, admin.token, transactionId, "confirm");
  const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  return { buyer: shopper, orderId, lineId: line!.id, productId: product.id };
}

const move = (token: string, lineId: string, fulfilment: "shipped" | "delivered", extra: Record<string, string> = {}) =>
  ctx.request({ method: "PUT", url: "/api/orders/lines", token, payload: { line_id: lineId, fulfilment, ...extra } });
const receive = (token: string, orderId: string, lineId?: string) =>
  ctx.request({ method: "POST", url: `/api/orders/${orderId}/received`, token, payload: lineId ? { line_id: lineId } : {} });
const report = (token: string, orderId: string, payload: Record<string, unknown>) =>
  ctx.request({ method: "POST", url: `/api/orders/${orderId}/problems`, token, payload });
const reply = (token: string, problemId: string, payload: Record<string, unknown>) =>
  ctx.request({ method: "POST", url: `/api/orders/problems/${problemId}/reply`, token, payload });
const judge = (token: string, problemId: string, payload: Record<string, unknown>) =>
  ctx.request({ method: "POST", url: `/api/admin/problems/${problemId}/decide`, token, payload });
const cancel = (token: string, lineId: string, reason = "Out of stock") =>
  ctx.request({ method: "POST", url: `/api/orders/lines/${lineId}/cancel`, token, payload: { reason } });
const view = async (token: string, orderId: string) => {
  const res = await ctx.request({ method: "GET", url: `/api/orders/${orderId}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const stateOf = async (lineId: string) => (await ctx.db.select().from(orderLines).where(eq(orderLines.id, lineId)))[0]!.fulfilment;
const refundedKobo = async (orderId: string) =>
  Number(
    (await ctx.db.execute<{ s: string }>(sql`select coalesce(sum(amount_kobo), 0)::text as s from refunds where order_id = ${orderId}`))
      .rows[0]!.s,
  );
const unbalanced = async () =>
  (await ctx.db.execute(sql`select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0`)).rows;
/** A photo `ownerId` uploaded (a row is enough: the problem only names it). */
async function photo(ownerId: string) {
  const key = randomUUID();
  await ctx.db.insert(uploads).values({ ownerId, key, mime: "image/webp", width: 10, height: 10, bytes: 100 });
  return `/uploads/${key}.webp`;
}
const told = async (userId: string, kind: string) =>
  (
    await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
  ).length;

describe("ship, deliver, receive", () => {
  it("moves a line paid -> shipped (carrier, tracking link) -> delivered -> received, one event per move, and the buyer sees it all", async () => {
    const { buyer, orderId, lineId } = await paidLine();
    const shipped = await move(seller.token, lineId, "shipped", { carrier: "GIG Logistics", tracking: "https://track.example/GIG123" });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // A double click: the second is refused and makes no second event.
    const again = await move(seller.token, lineId, "shipped", { carrier: "GIG Logistics" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/shipped/);
    expect(await told(buyer.user.id, "line_shipped")).toBe(1);

    expect((await move(seller.token, lineId, "delivered")).statusCode).toBe(200);
    let page = await view(buyer.token, orderId);
    expect(page.lines[0]).toMatchObject({
      fulfilment: "delivered",
      carrier: "GIG Logistics",
      tracking_url: "https://track.example/GIG123",
      report_until: expect.any(String),
    });
    expect(await told(buyer.user.id, "line_delivered")).toBe(1);

    // Someone else's order is not found, whoever asks.
    expect((await receive(stranger.token, orderId)).statusCode).toBe(404);
    expect((await receive(buyer.token, orderId)).statusCode).toBe(200);
    expect((await receive(buyer.token, orderId, lineId)).statusCode).toBe(409);
    page = await view(buyer.token, orderId);
    expect(page.lines[0]).toMatchObject({ fulfilment: "received", received_at: expect.any(String) });
    expect(page.events.map((e: { kind: string }) => e.kind)).toEqual(["shipped", "delivered", "received"]);
    expect(page.timeline.filter((e: { kind: string }) => e.kind === "shipped")).toHaveLength(1);
  });

  it("refuses a buyer receiving an unshipped or merely shipped line, and another seller moving it (404)", async () => {
    const { buyer, orderId, lineId } = await paidLine();
    const early = await receive(buyer.token, orderId, lineId);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/not shipped yet/);
    expect((await receive(buyer.token, orderId)).statusCode).toBe(409);
    expect((await move(otherSeller.token, lineId, "shipped")).statusCode).toBe(404);
    expect((await move(seller.token, lineId, "shipped")).statusCode).toBe(200);
    expect((await receive(buyer.token, orderId, lineId)).statusCode).toBe(409);
    expect(await stateOf(lineId)).toBe("shipped");
  });

  it("makes the share available only a hold after receipt, never at delivery alone", async () => {
    const own = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const { buyer, orderId, lineId } = await paidLine(20_000, 1, own);
    expect((await move(own.token, lineId, "delivered")).statusCode).toBe(200);
    ledgerClock.now = () => new Date(Date.now() + days(30));
    expect((await earnings(ctx, own.token)).data).toMatchObject({ available: 0, pending: 18_000 });
    ledgerClock.now = realNow;
    expect((await receive(buyer.token, orderId, lineId)).statusCode).toBe(200);
    ledgerClock.now = () => new Date(Date.now() + days(6));
    expect((await earnings(ctx, own.token)).data.available).toBe(0);
    ledgerClock.now = () => new Date(Date.now() + days(7) + 60_000);
    expect((await earnings(ctx, own.token)).data.available).toBe(18_000);
    expect(await stateOf(lineId)).toBe("completed");
  });
});

describe("cancel", () => {
  it("lets the seller cancel before shipping with a reason: full refund with the shipping, stock back, the buyer told", async () => {
    const { buyer, orderId, lineId, productId } = await paidLine(5_000, 2);
    const [{ stock: before }] = (await ctx.db
      .select({ stock: products.countInStock })
      .from(products)
      .where(eq(products.id, productId))) as [{ stock: number }];
    expect((await cancel(otherSeller.token, lineId)).statusCode).toBe(404);
    const bad = await ctx.request({ method: "POST", url: `/api/orders/lines/${lineId}/cancel`, token: seller.token, payload: {} });
    expect(bad.statusCode).toBe(400);
    expect((await cancel(seller.token, lineId)).statusCode).toBe(200);
    expect(await stateOf(lineId)).toBe("cancelled");
    expect(await refundedKobo(orderId)).toBe((10_000 + SHIPPING_FEE_NAIRA) * 100);
    const [{ stock: after }] = (await ctx.db.select({ stock: products.countInStock }).from(products).where(eq(products.id, productId))) as [
      { stock: number },
    ];
    expect(after).toBe(before + 2);
    expect((await cancel(seller.token, lineId)).statusCode).toBe(409);
    expect(await told(buyer.user.id, "line_cancelled")).toBe(1);
    expect(await unbalanced()).toEqual([]);
    expect(await balanceKobo(ctx.db, { kind: "seller_pending", ownerId: seller.user.id })).toBeGreaterThanOrEqual(0);
  });

  it("refuses to cancel a shipped line", async () => {
    const { lineId } = await paidLine();
    expect((await move(seller.token, lineId, "shipped")).statusCode).toBe(200);
    const res = await cancel(seller.token, lineId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/cannot be cancelled/);
    expect(await stateOf(lineId)).toBe("shipped");
  });
});

describe("problems", () => {
  it("reports with photos, refuses a second report, the seller answers, the admin refunds half; money and thread follow", async () => {
    const { buyer, orderId, lineId } = await paidLine(30_000);
    expect((await move(seller.token, lineId, "delivered")).statusCode).toBe(200);
    const good = { line_id: lineId, reason: "damaged", comment: "The screen is cracked", image_urls: [await photo(buyer.user.id)] };
    expect((await report(buyer.token, orderId, { ...good, reason: "broken" })).statusCode).toBe(400);
    const four = await Promise.all([1, 2, 3, 4].map(() => photo(buyer.user.id)));
    expect((await report(buyer.token, orderId, { ...good, image_urls: four })).statusCode).toBe(400);
    expect((await report(buyer.token, orderId, { ...good, image_urls: [await photo(stranger.user.id)] })).statusCode).toBe(400);
    expect((await report(stranger.token, orderId, good)).statusCode).toBe(404);

    const made = await report(buyer.token, orderId, good);
    expect(made.statusCode, made.body).toBe(200);
    const problem = made.json().data;
    expect(problem).toMatchObject({ _id: expect.any(String), status: "open", reason: "damaged", reply_by: expect.any(String) });
    expect((await report(buyer.token, orderId, good)).statusCode).toBe(409);
    expect(await stateOf(lineId)).toBe("disputed");
    expect(await told(seller.user.id, "problem_reported")).toBeGreaterThanOrEqual(1);
    const sellerDash = (await ctx.request({ method: "GET", url: "/api/dashboard", token: seller.token })).json().data;
    expect(sellerDash.tasks.find((t: { key: string }) => t.key === "problems").count).toBeGreaterThanOrEqual(1);
    // Not while disputed: receipt, and the share never becomes available.
    expect((await receive(buyer.token, orderId, lineId)).statusCode).toBe(409);

    expect((await reply(otherSeller.token, problem._id, { comment: "Not mine" })).statusCode).toBe(404);
    const answered = await reply(seller.token, problem._id, { comment: "It left here in one piece" });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data.status).toBe("answered");
    // The admin's dashboard counts the dispute to decide.
    const dash = (await ctx.request({ method: "GET", url: "/api/dashboard", token: admin.token })).json().data;
    expect(dash.tasks.find((t: { key: string }) => t.key === "disputes").count).toBeGreaterThanOrEqual(1);
    expect((await reply(seller.token, problem._id, { accept: true })).statusCode).toBe(409);

    const list = await ctx.request({ method: "GET", url: "/api/admin/problems", token: admin.token });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.find((p: { _id: string }) => p._id === problem._id);
    expect(listed).toMatchObject({ seller_comment: "It left here in one piece", line_amount: 30_000, image_urls: good.image_urls });
    expect(listed.refundable).toBe(30_000 + listed.shipping_share);
    expect((await ctx.request({ method: "GET", url: "/api/admin/problems", token: seller.token })).statusCode).toBe(403);

    const tooMuch = await judge(admin.token, problem._id, { refund_naira: listed.refundable + 1, reason: "Too much" });
    expect(tooMuch.statusCode).toBe(400);
    expect(await refundedKobo(orderId)).toBe(0);
    const decided = await judge(admin.token, problem._id, { refund_naira: 15_000, reason: "Half: the photo shows a crack" });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json().data).toMatchObject({ status: "decided", refund: 15_000 });
    expect((await judge(admin.token, problem._id, { release: true, reason: "Again" })).statusCode).toBe(409);
    expect(await stateOf(lineId)).toBe("received");
    expect(await refundedKobo(orderId)).toBe(1_500_000);

    const page = await view(buyer.token, orderId);
    expect(page.totals.refunded).toBe(15_000);
    expect(page.lines[0].problems[0]).toMatchObject({
      seller_comment: "It left here in one piece",
      decision_reason: "Half: the photo shows a crack",
    });
    expect(page.events.map((e: { kind: string }) => e.kind)).toEqual([
      "delivered",
      "problem_reported",
      "problem_answered",
      "problem_decided",
    ]);
    const statement = (await earnings(ctx, seller.token)).statement;
    expect(statement.some((e: { kind: string; line_id: string }) => e.kind === "refund" && e.line_id === lineId)).toBe(true);
    expect(await told(buyer.user.id, "problem_decided")).toBe(1);
    expect(await unbalanced()).toEqual([]);
  });

  it("a seller's acceptance refunds the whole line with its shipping share; a release pays the seller after the hold", async () => {
    const a = await paidLine(8_000);
    expect((await move(seller.token, a.lineId, "shipped")).statusCode).toBe(200);
    const pa = (await report(a.buyer.token, a.orderId, { line_id: a.lineId, reason: "not_received", comment: "Nothing came" })).json().data;
    const accepted = await reply(seller.token, pa._id, { accept: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: "accepted", refund: 8_000 + SHIPPING_FEE_NAIRA });
    expect(await stateOf(a.lineId)).toBe("refunded");
    expect(await refundedKobo(a.orderId)).toBe((8_000 + SHIPPING_FEE_NAIRA) * 100);

    const own = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const b = await paidLine(6_000, 1, own);
    expect((await move(own.token, b.lineId, "delivered")).statusCode).toBe(200);
    const pb = (await report(b.buyer.token, b.orderId, { line_id: b.lineId, reason: "counterfeit", comment: "Fake" })).json().data;
    // While the problem is open the share is frozen, however long it waits.
    ledgerClock.now = () => new Date(Date.now() + days(2));
    expect((await earnings(ctx, own.token)).data.available).toBe(0);
    ledgerClock.now = realNow;
    expect((await judge(admin.token, pb._id, { release: true, reason: "The seller showed the invoice" })).statusCode).toBe(200);
    expect(await stateOf(b.lineId)).toBe("received");
    ledgerClock.now = () => new Date(Date.now() + days(7) + 60_000);
    expect((await earnings(ctx, own.token)).data.available).toBe(5_400);
  });

  it("refuses a report after the return window, and on a line not shipped", async () => {
    const { buyer, orderId, lineId } = await paidLine();
    const body = { line_id: lineId, reason: "other", comment: "Hmm" };
    expect((await report(buyer.token, orderId, body)).statusCode).toBe(409);
    expect((await move(seller.token, lineId, "delivered")).statusCode).toBe(200);
    ledgerClock.now = () => new Date(Date.now() + days(8));
    const late = await report(buyer.token, orderId, body);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/passed/);
  });
});

describe("the admin's refund from Transactions", () => {
  const refund = (payload: Record<string, unknown>) =>
    ctx.request({ method: "POST", url: "/api/admin/refunds", token: admin.token, payload });
  const stock = async (productId: string) =>
    (await ctx.db.select({ n: products.countInStock }).from(products).where(eq(products.id, productId)))[0]!.n;

  it("moves a line refunded in full to refunded: not to ship any more, its units back on sale; a part refund leaves it", async () => {
    const { orderId, lineId, productId } = await paidLine(4_000, 2);
    expect(await stock(productId)).toBe(18);
    const part = await refund({ order_id: orderId, line_id: lineId, amount: 1_000, reason: "Late" });
    expect(part.statusCode, part.body).toBe(200);
    expect(await stateOf(lineId)).toBe("unfulfilled");
    const rest = await refund({ order_id: orderId, line_id: lineId, reason: "Seller cannot supply" });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(await stateOf(lineId)).toBe("refunded");
    expect(await stock(productId)).toBe(20);
    expect((await move(seller.token, lineId, "shipped")).statusCode).toBe(409);
    const events = (await view(seller.token, orderId)).events.map((e: { kind: string }) => e.kind);
    expect(events).toContain("refunded");
  });

  it("moves a shipped line refunded with the whole order, without restocking it", async () => {
    const { orderId, lineId, productId } = await paidLine(3_000, 1);
    expect((await move(seller.token, lineId, "shipped")).statusCode).toBe(200);
    const res = await refund({ order_id: orderId, reason: "Lost in transit" });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(lineId)).toBe("refunded");
    expect(await stock(productId)).toBe(19);
  });

  it("refuses a disputed line (decided in Disputes) and changes nothing", async () => {
    const { buyer, orderId, lineId } = await paidLine(2_500, 1);
    expect((await move(seller.token, lineId, "delivered")).statusCode).toBe(200);
    expect((await report(buyer.token, orderId, { line_id: lineId, reason: "not_received", comment: "Nothing came" })).statusCode).toBe(200);
    const before = await refundedKobo(orderId);
    const res = await refund({ order_id: orderId, line_id: lineId, reason: "Refund" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/open problem: decide it in Disputes/);
    expect(await refundedKobo(orderId)).toBe(before);
    expect(await stateOf(lineId)).toBe("disputed");
  });
});

describe("timers (the ledger's clock)", () => {
  it("cancels lines not shipped within SHIP_BY_DAYS, once, with a full refund", async () => {
    const { orderId, lineId } = await paidLine(4_000);
    expect(await ctx.app.jobs.run("protection-timers")).toBe("ran");
    expect(await stateOf(lineId)).toBe("unfulfilled");
    ledgerClock.now = () => new Date(Date.now() + days(3) + 60_000);
    expect(await ctx.app.jobs.run("protection-timers")).toBe("ran");
    expect(await stateOf(lineId)).toBe("cancelled");
    expect(await ctx.app.jobs.run("protection-timers")).toBe("ran");
    expect(await refundedKobo(orderId)).toBe((4_000 + SHIPPING_FEE_NAIRA) * 100);
    expect(await unbalanced()).toEqual([]);
  });

  it("counts the ship-by time of a line paid before buyer protection began from that moment (migration 0016)", async () => {
    const { buyer, orderId, lineId } = await paidLine(3_000);
    const began = new Date(Date.now() + days(1));
    await ctx.db.update(orderLines).set({ protectionStartedAt: began }).where(eq(orderLines.id, lineId));
    expect((await view(buyer.token, orderId)).lines[0].ship_by).toBe(new Date(began.getTime() + days(3)).toISOString());
    ledgerClock.now = () => new Date(Date.now() + days(3) + 60_000);
    await ctx.app.jobs.run("protection-timers");
    expect(await stateOf(lineId)).toBe("unfulfilled");
    ledgerClock.now = () => new Date(Date.now() + days(4) + 60_000);
    await ctx.app.jobs.run("protection-timers");
    expect(await stateOf(lineId)).toBe("cancelled");
  });

  it("counts a delivered line received when the return window closes with no problem, not one disputed", async () => {
    const quiet = await paidLine();
    const disputed = await paidLine();
    for (const l of [quiet, disputed]) expect((await move(seller.token, l.lineId, "delivered")).statusCode).toBe(200);
    expect(
      (await report(disputed.buyer.token, disputed.orderId, { line_id: disputed.lineId, reason: "wrong_item", comment: "Blue, not red" }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await reply(
          seller.token,
          (
            await ctx.db.execute<{ id: string }>(sql`select id from order_problems where line_id = ${disputed.lineId}`)
          ).rows[0]!.id,
          { comment: "It is red" },
        )
      ).statusCode,
    ).toBe(200);
    ledgerClock.now = () => new Date(Date.now() + days(6));
    await ctx.app.jobs.run("protection-timers");
    expect(await stateOf(quiet.lineId)).toBe("delivered");
    ledgerClock.now = () => new Date(Date.now() + days(7) + 60_000);
    await ctx.app.jobs.run("protection-timers");
    expect(await stateOf(quiet.lineId)).toBe("received");
    expect(await stateOf(disputed.lineId)).toBe("disputed");
  });

  it("accepts a problem the seller left unanswered for SELLER_REPLY_DAYS", async () => {
    const { buyer, orderId, lineId } = await paidLine(9_000);
    expect((await move(seller.token, lineId, "delivered")).statusCode).toBe(200);
    const p = (await report(buyer.token, orderId, { line_id: lineId, reason: "not_as_described", comment: "Smaller" })).json().data;
    ledgerClock.now = () => new Date(Date.now() + days(3) + 60_000);
    await ctx.app.jobs.run("protection-timers");
    expect(await stateOf(lineId)).toBe("refunded");
    const [row] = await ctx.db.select().from(refunds).where(eq(refunds.orderLineId, lineId));
    expect(row!.amountKobo).toBe(900_000);
    expect((await reply(seller.token, p._id, { comment: "Too late" })).statusCode).toBe(409);
  });
});
