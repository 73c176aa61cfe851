/**
 * The whole money path through the API (design brief "Marketplace money"): a shopper buys from two
 * sellers in one cart, the admin confirms the transfer, each seller sees only their own pending
 * share, the lines are delivered and the holding period passes (test clock), both sellers request
 * payouts that the admin marks paid: their balances end at zero, everything they earned is paid
 * out, and the store's commission is the rate times the sales; the admin's figures agree. Real
 * PostgreSQL, real app.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { orderLines } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { balanceKobo } from "../src/modules/ledger/ledger.service.js";
import { buyAndSubmit, days, decide, deliverAndReceive, earnings } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it("two sellers in one cart: confirm, deliver, hold, pay out; balances end at zero and the commission is 10% of the sales", async () => {
  const bank = { bankCode: "058", accountNo: "0123456789", accountName: "Ada Okafor", bankAccountVerified: true };
  const admin = await createUserWithToken(ctx.db, { accType: "admin" });
  const sellers = [
    await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank }),
    await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank }),
  ];
  const categoryId = (await createCategory(ctx.db)).id;
  const kettle = await createProduct(ctx.db, { userId: sellers[0]!.user.id, categoryId, price: 12_500 });
  const wrapper = await createProduct(ctx.db, { userId: sellers[1]!.user.id, categoryId, price: 7_250.5 });

  const { orderId, transactionId } = await buyAndSubmit(ctx, [
    { productId: kettle.id, count: 2, price: 12_500 },
    { productId: wrapper.id, count: 3, price: 7_250.5 },
  ]);
  await decide(ctx, admin.token, transactionId, "confirm");

  // Each seller sees their own share only: 90% of 25,000 and of 21,751.50.
  const first = await earnings(ctx, sellers[0]!.token);
  const second = await earnings(ctx, sellers[1]!.token);
  expect(first.data).toMatchObject({ pending: 22_500, available: 0 });
  expect(second.data).toMatchObject({ pending: 19_576.35, available: 0 });
  expect(first.statement.map((e: { line_name: string }) => e.line_name)).toEqual([kettle.name]);

  const lines = await ctx.db.select().from(orderLines).where(sql`${orderLines.orderId} = ${orderId}`);
  for (const line of lines) await deliverAndReceive(ctx, sellers.find((s) => s.user.id === line.sellerId)!.token, line.id);
  const realNow = ledgerClock.now;
  ledgerClock.now = () => new Date(Date.now() + days(7) + 60_000);
  try {
    for (const seller of sellers) {
      const asked = await ctx.request({ method: "POST", url: "/api/payouts", token: seller.token, payload: {} });
      expect(asked.statusCode, asked.body).toBe(200);
      const paid = await ctx.request({
        method: "PUT",
        url: "/api/admin/payouts",
        token: admin.token,
        payload: { payout_id: asked.json().data._id, action: "paid", reference: `GTB-${seller.user.id.slice(0, 6)}` },
      });
      expect(paid.statusCode, paid.body).toBe(200);
    }
    expect((await earnings(ctx, sellers[0]!.token)).data).toMatchObject({ pending: 0, available: 0, in_transit: 0, paid_out: 22_500 });
    expect((await earnings(ctx, sellers[1]!.token)).data).toMatchObject({ pending: 0, available: 0, in_transit: 0, paid_out: 19_576.35 });
  } finally {
    ledgerClock.now = realNow;
  }
  // 10% of 46,751.50 = 4,675.15; the shipping (₦2,000) is the store's too.
  expect(await balanceKobo(ctx.db, { kind: "store_commission" })).toBe(467_515);
  expect(await balanceKobo(ctx.db, { kind: "store_shipping" })).toBe(200_000);
  expect(await balanceKobo(ctx.db, { kind: "payouts_in_transit" })).toBe(0);
  // The store's bank: the buyer's 48,751.50 in, 42,076.35 out to sellers.
  expect(await balanceKobo(ctx.db, { kind: "store_cash" })).toBe(-(467_515 + 200_000));

  // The admin's figures say the same, per store and per seller.
  const figures = await ctx.request({ method: "GET", url: "/api/admin/finance", token: admin.token });
  expect(figures.statusCode, figures.body).toBe(200);
  expect(figures.json().data.period).toEqual({ sales: 46_751.5, commission: 4675.15, shipping: 2000, refunds: 0, payouts_paid: 42_076.35 });
  expect(figures.json().data.now).toEqual({ sellers_pending: 0, sellers_available: 0, payouts_due: 0, sellers_owe: 0 });
  expect(
    figures
      .json()
      .data.sellers.map((r: { seller: { _id: string }; sales: number; commission: number }) => [r.seller._id, r.sales, r.commission]),
  ).toEqual([
    [sellers[0]!.user.id, 25_000, 2500],
    [sellers[1]!.user.id, 21_751.5, 2175.15],
  ]);
  const later = new Date(Date.now() + days(1)).toISOString();
  const empty = await ctx.request({ method: "GET", url: `/api/admin/finance?from=${encodeURIComponent(later)}`, token: admin.token });
  expect(empty.json().data.period).toEqual({ sales: 0, commission: 0, shipping: 0, refunds: 0, payouts_paid: 0 });
  expect((await ctx.request({ method: "GET", url: "/api/admin/finance?from=yesterday", token: admin.token })).statusCode).toBe(400);
  expect((await ctx.request({ method: "GET", url: "/api/admin/finance", token: sellers[0]!.token })).statusCode).toBe(403);
});
