/**
 * Commission and sellers' earnings (ADR 0091): rates set by the admin and fixed on each line when
 * the order is paid; a confirmed transfer credits each seller's pending share, the commission and
 * the shipping in one balanced journal; a rejected one credits nothing; a delivered line's share
 * becomes available after the holding period (test clock). Real PostgreSQL, real app.
 */
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { orderLines } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { balanceKobo } from "../src/modules/ledger/ledger.service.js";
import { buyAndSubmit, days, decide, deliverAndReceive, earnings } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let sellerA: Awaited<ReturnType<typeof createUserWithToken>>;
let sellerB: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let cheapCategory: string;
let plainCategory: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  sellerA = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  sellerB = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  customer = await createUserWithToken(ctx.db);
  cheapCategory = (await createCategory(ctx.db)).id;
  plainCategory = (await createCategory(ctx.db)).id;
});
afterAll(() => ctx.close());
const realNow = ledgerClock.now;
afterEach(() => {
  ledgerClock.now = realNow;
});

const setRates = (token: string, payload: Record<string, unknown>) =>
  ctx.request({ method: "PUT", url: "/api/admin/commission", token, payload });
const linesOf = (orderId: string) => ctx.db.select().from(orderLines).where(sql`${orderLines.orderId} = ${orderId}`);
const unbalancedJournals = async () =>
  (await ctx.db.execute(sql`select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0`)).rows.length;

describe("commission settings", () => {
  it("answers the default 10% to an admin, and 401/403 to everyone else", async () => {
    const res = await ctx.request({ method: "GET", url: "/api/admin/commission", token: admin.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.store_bps).toBe(1000);
    expect((await ctx.request({ method: "GET", url: "/api/admin/commission" })).statusCode).toBe(401);
    expect((await ctx.request({ method: "GET", url: "/api/admin/commission", token: sellerA.token })).statusCode).toBe(403);
    expect((await setRates(customer.token, { store_bps: 0 })).statusCode).toBe(403);
    expect((await setRates(sellerA.token, { store_bps: 0 })).statusCode).toBe(403);
  });

  it("refuses a rate above 100% or an unknown category with a clear message, changing nothing", async () => {
    const high = await setRates(admin.token, { store_bps: 10_001 });
    expect(high.statusCode).toBe(400);
    expect(high.json().message).toMatch(/basis points/);
    const unknown = await setRates(admin.token, {
      store_bps: 2000,
      categories: [{ category_id: "00000000-0000-4000-8000-000000000000", bps: 5 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("One of these categories no longer exists");
    const now = await ctx.request({ method: "GET", url: "/api/admin/commission", token: admin.token });
    expect(now.json().data.store_bps).toBe(1000);
  });
});

describe("an order paid from two sellers", () => {
  it("fixes each line's rate, credits each seller's pending share, the commission and the shipping, in one balanced journal", async () => {
    const set = await setRates(admin.token, { store_bps: 1500, categories: [{ category_id: cheapCategory, bps: 500 }] });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.categories.find((c: { category_id: string }) => c.category_id === cheapCategory).bps).toBe(500);

    const pA = await createProduct(ctx.db, { userId: sellerA.user.id, categoryId: cheapCategory, price: 10_000 });
    const pB = await createProduct(ctx.db, { userId: sellerB.user.id, categoryId: plainCategory, price: 3333 });
    const before = await balanceKobo(ctx.db, { kind: "store_commission" });
    const { orderId, transactionId } = await buyAndSubmit(ctx, [
      { productId: pA.id, count: 2, price: 10_000 },
      { productId: pB.id, count: 1, price: 3333 },
    ]);
    // Nothing is owed before the admin confirms.
    expect((await earnings(ctx, sellerA.token)).data.pending).toBe(0);
    await decide(ctx, admin.token, transactionId, "confirm");

    const a = await earnings(ctx, sellerA.token);
    const b = await earnings(ctx, sellerB.token);
    expect(a.data).toMatchObject({ pending: 19_000, available: 0, paid_out: 0, holding_days: 7 });
    // 3333 x 15% = 499.95, kept to the kobo.
    expect(b.data.pending).toBe(2833.05);
    expect(a.statement[0]).toMatchObject({
      kind: "sale",
      balance: "pending",
      amount: 19_000,
      line_amount: 20_000,
      commission: 1000,
      order_id: orderId,
    });
    expect((await balanceKobo(ctx.db, { kind: "store_commission" })) - before).toBe(100_000 + 49_995);
    expect(await unbalancedJournals()).toBe(0);

    // Later changes of the rates never rewrite a paid line.
    await setRates(admin.token, { store_bps: 0, categories: [{ category_id: cheapCategory, bps: null }] });
    const lines = await linesOf(orderId);
    expect(lines.map((l) => [l.commissionBps, l.commissionKobo]).sort()).toEqual([
      [1500, 49_995],
      [500, 100_000],
    ]);
    expect((await earnings(ctx, sellerA.token)).data.pending).toBe(19_000);
    await setRates(admin.token, { store_bps: 1000 });
  });

  it("credits nothing for a rejected transfer", async () => {
    const p = await createProduct(ctx.db, { userId: sellerB.user.id, categoryId: plainCategory, price: 5000 });
    const before = (await earnings(ctx, sellerB.token)).data;
    const { orderId, transactionId } = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 5000 }]);
    await decide(ctx, admin.token, transactionId, "reject");
    expect((await earnings(ctx, sellerB.token)).data).toEqual(before);
    const journals = await ctx.db.execute(sql`select 1 from ledger_journals where order_id = ${orderId}`);
    expect(journals.rows.length).toBe(0);
  });

  it("makes a delivered line's share available only after the holding period", async () => {
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId: plainCategory, price: 2000 });
    const { orderId, transactionId } = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 2000 }]);
    await decide(ctx, admin.token, transactionId, "confirm");
    const [line] = await linesOf(orderId);
    // Not delivered: the holding period never starts, however long it waits.
    ledgerClock.now = () => new Date(Date.now() + days(30));
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ pending: 1800, available: 0 });
    ledgerClock.now = realNow;
    await deliverAndReceive(ctx, seller.token, line!.id);
    ledgerClock.now = () => new Date(Date.now() + days(6));
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ pending: 1800, available: 0 });
    ledgerClock.now = () => new Date(Date.now() + days(7) + 60_000);
    const after = await earnings(ctx, seller.token);
    expect(after.data).toMatchObject({ pending: 0, available: 1800 });
    expect(after.statement.map((e: { kind: string; balance: string; amount: number }) => [e.kind, e.balance, e.amount])).toEqual([
      ["release", "available", 1800],
      ["release", "pending", -1800],
      ["sale", "pending", 1800],
    ]);
    // Reading again releases nothing twice.
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ pending: 0, available: 1800 });
    expect(await unbalancedJournals()).toBe(0);
  });
});

describe("statement", () => {
  it("pages by keyset, refuses a forged cursor, exports CSV, and is for sellers only", async () => {
    // One entry so far: the page holds it and offers no cursor to an empty page (walking many
    // pages: keyset-paging.test.ts).
    const first = await earnings(ctx, sellerA.token, "?limit=1");
    expect(first.statement).toHaveLength(1);
    expect(first.nextCursor).toBeNull();
    const forged = await ctx.request({
      method: "GET",
      url: `/api/earnings?cursor=${Buffer.from('["1; drop"]').toString("base64url")}`,
      token: sellerA.token,
    });
    expect(forged.statusCode).toBe(400);
    const csv = await ctx.request({ method: "GET", url: "/api/earnings/statement.csv", token: sellerA.token });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.body.split("\r\n")[0]).toBe("date,kind,balance,amount,order_id,line_id,item,line_amount,commission,payout_id,memo");
    expect(csv.body).toContain(",sale,pending,19000,");
    expect((await ctx.request({ method: "GET", url: "/api/earnings", token: customer.token })).statusCode).toBe(403);
    expect((await ctx.request({ method: "GET", url: "/api/earnings" })).statusCode).toBe(401);
    expect((await ctx.request({ method: "GET", url: "/api/earnings/statement.csv", token: customer.token })).statusCode).toBe(403);
  });
});
