/**
 * Payouts (ADR 0092): a seller asks for their available balance to go to their verified bank
 * account; 20 requests at once make one payout; bad requests get a clear error and change nothing;
 * the admin marks payouts paid (bank reference) or failed (money back to available). Real
 * PostgreSQL, real app, the ledger clock moved past the holding period.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, payouts } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { buyAndSubmit, days, decide, deliverAndReceive, earnings } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let customer: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: string;

const bank = { bankCode: "058", accountNo: "0123456789", accountName: "Ada Okafor" };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  customer = await createUserWithToken(ctx.db);
  categoryId = (await createCategory(ctx.db)).id;
  // Every share delivered in these tests is past its holding period.
  ledgerClock.now = () => new Date(Date.now() + days(8));
});
afterAll(() => ctx.close());

/** A seller (verified bank account unless told) with `price` naira of one delivered sale: 90% available. */
async function sellerWithAvailable(price: number, verified = true) {
  const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank, bankAccountVerified: verified });
  const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId, price });
  const { orderId, transactionId } = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price }]);
  await decide(ctx, admin.token, transactionId, "confirm");
  const [line] = await ctx.db.select().from(orderLines).where(sql`${orderLines.orderId} = ${orderId}`);
  await deliverAndReceive(ctx, seller.token, line!.id);
  return seller;
}

const request = (token: string | undefined, payload: Record<string, unknown> = {}) =>
  ctx.request({ method: "POST", url: "/api/payouts", token, payload });
const payoutCount = async (sellerId: string) => (await ctx.db.select().from(payouts).where(sql`${payouts.sellerId} = ${sellerId}`)).length;

describe("requesting a payout", () => {
  it("20 parallel requests for one balance make exactly one payout", async () => {
    const seller = await sellerWithAvailable(20_000);
    expect((await earnings(ctx, seller.token)).data.available).toBe(18_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(seller.token)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe("You have no available balance to pay out yet");
    expect(await payoutCount(seller.user.id)).toBe(1);
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 0, in_transit: 18_000 });
  });

  it("20 parallel requests of part of the balance pay out at most the balance", async () => {
    const seller = await sellerWithAvailable(20_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(seller.token, { amount: 5000 })));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 3000, in_transit: 15_000 });
  });

  it("refuses more than the available balance, below the minimum, and an unverified account, changing nothing", async () => {
    const seller = await sellerWithAvailable(10_000);
    const before = (await earnings(ctx, seller.token)).data;
    const above = await request(seller.token, { amount: 9000.01 });
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({
      message: "This is more than your available balance",
      errors: { amount: "This is more than your available balance" },
    });
    const small = await request(seller.token, { amount: 999.99 });
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe("The smallest payout is ₦1,000");
    const unverified = await sellerWithAvailable(10_000, false);
    const refused = await request(unverified.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("Your payout bank account must be verified before a payout can be made");
    expect(await payoutCount(seller.user.id)).toBe(0);
    expect(await payoutCount(unverified.user.id)).toBe(0);
    expect((await earnings(ctx, seller.token)).data).toEqual(before);
    expect((await earnings(ctx, unverified.token)).data.available).toBe(9000);
  });

  it("is for sellers only: a customer and an admin get 403, nobody signed in 401", async () => {
    expect((await request(customer.token)).statusCode).toBe(403);
    expect((await request(admin.token)).statusCode).toBe(403);
    expect((await request(undefined)).statusCode).toBe(401);
    expect((await ctx.request({ method: "GET", url: "/api/payouts", token: customer.token })).statusCode).toBe(403);
  });
});

describe("the admin settles payouts", () => {
  it("lists due payouts, marks one paid with the bank reference, and refuses to decide it twice", async () => {
    const seller = await sellerWithAvailable(5000);
    const asked = await request(seller.token);
    expect(asked.statusCode, asked.body).toBe(200);
    const id = asked.json().data._id;
    const due = await ctx.request({ method: "GET", url: "/api/admin/payouts?status=requested", token: admin.token });
    expect(due.statusCode).toBe(200);
    expect(due.json().data.map((p: { _id: string }) => p._id)).toContain(id);
    const paid = await ctx.request({
      method: "PUT",
      url: "/api/admin/payouts",
      token: admin.token,
      payload: { payout_id: id, action: "paid", reference: "GTB-0001" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ status: "paid", reference: "GTB-0001", amount: 4500 });
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 0, in_transit: 0, paid_out: 4500 });
    const again = await ctx.request({
      method: "PUT",
      url: "/api/admin/payouts",
      token: admin.token,
      payload: { payout_id: id, action: "paid", reference: "GTB-0002" },
    });
    expect(again.statusCode).toBe(409);
    const mine = await ctx.request({ method: "GET", url: "/api/payouts", token: seller.token });
    expect(mine.json().data).toHaveLength(1);
  });

  it("a failed payout, and a paid one the bank sent back, return the money to available", async () => {
    const seller = await sellerWithAvailable(5000);
    const first = (await request(seller.token)).json().data._id;
    const failed = await ctx.request({
      method: "PUT",
      url: "/api/admin/payouts",
      token: admin.token,
      payload: { payout_id: first, action: "failed", reason: "Account closed" },
    });
    expect(failed.json().data.status).toBe("failed");
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 4500, in_transit: 0, paid_out: 0 });
    const second = (await request(seller.token)).json().data._id;
    await ctx.request({
      method: "PUT",
      url: "/api/admin/payouts",
      token: admin.token,
      payload: { payout_id: second, action: "paid", reference: "GTB-0003" },
    });
    const reversed = await ctx.request({
      method: "PUT",
      url: "/api/admin/payouts",
      token: admin.token,
      payload: { payout_id: second, action: "failed", reason: "Returned by the bank" },
    });
    expect(reversed.json().data.status).toBe("reversed");
    expect((await earnings(ctx, seller.token)).data).toMatchObject({ available: 4500, in_transit: 0, paid_out: 0 });
    const unbalanced = await ctx.db.execute(sql`select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0`);
    expect(unbalanced.rows).toHaveLength(0);
  });

  it("admin routes refuse sellers and customers", async () => {
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    for (const token of [seller.token, customer.token]) {
      expect((await ctx.request({ method: "GET", url: "/api/admin/payouts", token })).statusCode).toBe(403);
      const put = await ctx.request({
        method: "PUT",
        url: "/api/admin/payouts",
        token,
        payload: { payout_id: "00000000-0000-4000-8000-000000000000", action: "paid", reference: "X-1" },
      });
      expect(put.statusCode).toBe(403);
    }
  });
});
