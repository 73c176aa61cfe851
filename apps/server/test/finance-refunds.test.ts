/**
 * Refunds (ADR 0093): the admin refunds a paid order or one line, full or partial, with a reason;
 * the seller's share and the commission are reversed in proportion, the shipping with a whole
 * order; the buyer sees the refunds on the order; bad requests change nothing. Real PostgreSQL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, refunds } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { balanceKobo } from "../src/modules/ledger/ledger.service.js";
import { buyAndSubmit, days, decide, deliverAndReceive, earnings } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let sellerA: Awaited<ReturnType<typeof createUserWithToken>>;
let sellerB: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: string;

const bank = { bankCode: "058", accountNo: "0123456789", accountName: "Ada Okafor", bankAccountVerified: true };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  sellerA = await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank });
  sellerB = await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank });
  categoryId = (await createCategory(ctx.db)).id;
});
afterAll(() => ctx.close());

const refund = (token: string, payload: Record<string, unknown>) =>
  ctx.request({ method: "POST", url: "/api/admin/refunds", token, payload });
const refundCount = async () => (await ctx.db.select().from(refunds)).length;

/** A paid order of 3 x ₦3,333 from seller A and 1 x ₦5,000 from seller B. */
async function paidOrder() {
  const pA = await createProduct(ctx.db, { userId: sellerA.user.id, categoryId, price: 3333 });
  const pB = await createProduct(ctx.db, { userId: sellerB.user.id, categoryId, price: 5000 });
  const bought = await buyAndSubmit(ctx, [
    { productId: pA.id, count: 3, price: 3333 },
    { productId: pB.id, count: 1, price: 5000 },
  ]);
  await decide(ctx, admin.token, bought.transactionId, "confirm");
  const lines = await ctx.db.select().from(orderLines).where(sql`${orderLines.orderId} = ${bought.orderId}`);
  return {
    ...bought,
    lineA: lines.find((l) => l.sellerId === sellerA.user.id)!,
    lineB: lines.find((l) => l.sellerId === sellerB.user.id)!,
  };
}

describe("refunds", () => {
  it("a line refunded in two parts gives back exactly its commission; the buyer sees both refunds", async () => {
    const { orderId, lineA, shopper } = await paidOrder();
    const commissionBefore = await balanceKobo(ctx.db, { kind: "store_commission" });
    const pendingBefore = (await earnings(ctx, sellerA.token)).data.pending;
    // The line is 9,999 naira with 999.90 commission (10%).
    const first = await refund(admin.token, { order_id: orderId, line_id: lineA.id, amount: 33.33, reason: "One cup arrived broken" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual([expect.objectContaining({ amount: 33.33, line_id: lineA.id, reason: "One cup arrived broken" })]);
    const [row] = await ctx.db.select().from(refunds).where(sql`${refunds.orderLineId} = ${lineA.id}`);
    expect([row!.sellerKobo, row!.commissionKobo]).toEqual([3000, 333]);
    const rest = await refund(admin.token, { order_id: orderId, line_id: lineA.id, reason: "Whole set returned" });
    expect(rest.json().data[0].amount).toBe(9965.67);
    expect(commissionBefore - (await balanceKobo(ctx.db, { kind: "store_commission" }))).toBe(99_990);
    expect(pendingBefore - (await earnings(ctx, sellerA.token)).data.pending).toBe(8999.1);

    const history = await ctx.request({ method: "GET", url: "/api/orders", token: shopper.token });
    const order = history.json().data.find((o: { _id: string }) => o._id === orderId);
    expect(order.refunds.map((r: { amount: number; reason: string }) => [r.amount, r.reason])).toEqual([
      [33.33, "One cup arrived broken"],
      [9965.67, "Whole set returned"],
    ]);
    const more = await refund(admin.token, { order_id: orderId, line_id: lineA.id, reason: "Again" });
    expect(more.statusCode).toBe(409);
  });

  it("a whole-order refund gives back every line's remainder and the shipping", async () => {
    const { orderId } = await paidOrder();
    const shipping = await balanceKobo(ctx.db, { kind: "store_shipping" });
    const res = await refund(admin.token, { order_id: orderId, reason: "Order lost by the courier" });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .data.map((r: { amount: number }) => r.amount)
        .sort((a: number, b: number) => a - b),
    ).toEqual([2000, 5000, 9999]);
    expect(shipping - (await balanceKobo(ctx.db, { kind: "store_shipping" }))).toBe(200_000);
    expect((await refund(admin.token, { order_id: orderId, reason: "Twice" })).statusCode).toBe(409);
    const unbalanced = await ctx.db.execute(sql`select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0`);
    expect(unbalanced.rows).toHaveLength(0);
  });

  it("refuses bad requests with a clear message and changes nothing", async () => {
    const { orderId, lineA } = await paidOrder();
    const other = await paidOrder();
    const before = await refundCount();
    const above = await refund(admin.token, { order_id: orderId, line_id: lineA.id, amount: 9999.01, reason: "Too much" });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe("At most ₦9999 can still be refunded");
    const foreign = await refund(admin.token, { order_id: orderId, line_id: other.lineB.id, reason: "Wrong order" });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe("This line is not part of the order");
    const noReason = await refund(admin.token, { order_id: orderId, line_id: lineA.id });
    expect(noReason.statusCode).toBe(400);
    const p = await createProduct(ctx.db, { userId: sellerA.user.id, categoryId, price: 1000 });
    const rejected = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 1000 }]);
    await decide(ctx, admin.token, rejected.transactionId, "reject");
    const unpaid = await refund(admin.token, { order_id: rejected.orderId, reason: "Never paid" });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe("Only a paid order can be refunded");
    expect(await refundCount()).toBe(before);
  });

  it("refuses an amount below 1 kobo or with more than 2 decimals with a field error, changing nothing", async () => {
    const { orderId, lineA } = await paidOrder();
    const before = await refundCount();
    for (const amount of [0.000000001, 0.001, 12.345]) {
      const res = await refund(admin.token, { order_id: orderId, line_id: lineA.id, amount, reason: "Tiny refund" });
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
      expect(res.json().errors).toEqual({ amount: "Amount can have at most 2 decimals" });
    }
    expect(await refundCount()).toBe(before);
  });

  it("refuses a refund the seller's balance cannot cover after a payout, changing nothing", async () => {
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank });
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId, price: 10_000 });
    const { orderId, transactionId } = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price: 10_000 }]);
    await decide(ctx, admin.token, transactionId, "confirm");
    const [line] = await ctx.db.select().from(orderLines).where(sql`${orderLines.orderId} = ${orderId}`);
    await deliverAndReceive(ctx, seller.token, line!.id);
    const realNow = ledgerClock.now;
    ledgerClock.now = () => new Date(Date.now() + days(8));
    try {
      expect((await ctx.request({ method: "POST", url: "/api/payouts", token: seller.token, payload: {} })).statusCode).toBe(200);
      const before = await refundCount();
      const res = await refund(admin.token, { order_id: orderId, line_id: line!.id, reason: "Returned late" });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/already paid out/);
      expect(await refundCount()).toBe(before);
      expect((await earnings(ctx, seller.token)).data).toMatchObject({ pending: 0, available: 0, in_transit: 9000 });
    } finally {
      ledgerClock.now = realNow;
    }
  });

  it("is for admins only", async () => {
    const { orderId } = await paidOrder();
    for (const token of [sellerA.token, (await createUserWithToken(ctx.db)).token]) {
      expect((await refund(token, { order_id: orderId, reason: "Not mine to give" })).statusCode).toBe(403);
    }
    expect(
      (await ctx.request({ method: "POST", url: "/api/admin/refunds", payload: { order_id: orderId, reason: "x y z" } })).statusCode,
    ).toBe(401);
  });
});
