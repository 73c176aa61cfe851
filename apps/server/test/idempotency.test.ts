/**
 * `Idempotency-Key` on payout requests, refunds and checkout sessions (ADR 0155): a retry with the
 * same key answers the first result and does nothing more; another body with the key answers 422;
 * requests racing with one key do the work once; keys are per account; after 24 hours (a moved
 * clock, no waiting) the key is free and the sweep deletes it. Real PostgreSQL, real app.
 */
import { IDEMPOTENCY_KEY_TTL_MS, SHIPPING_FEE_NAIRA } from "@market/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { idempotencyKeys, orderLines, orders, payouts, refunds } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { ledgerClock } from "../src/modules/ledger/earnings.service.js";
import { idempotencyClock } from "../src/plugins/idempotency.js";
import { buyAndSubmit, days, decide, deliverAndReceive } from "./finance-helpers.js";
import { checkoutBody } from "./fixtures.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: string;
const realNow = idempotencyClock.now;

const bank = { bankCode: "058", accountNo: "0123456789", accountName: "Ada Okafor", bankAccountVerified: true };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  categoryId = (await createCategory(ctx.db)).id;
  // Every share delivered in these tests is past its holding period.
  ledgerClock.now = () => new Date(Date.now() + days(8));
});
afterEach(() => {
  idempotencyClock.now = realNow;
});
afterAll(() => ctx.close());

/** A seller with `price` naira of one delivered sale: 90% of it available. */
async function sellerWithAvailable(price: number) {
  const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank });
  const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId, price });
  const { orderId, transactionId } = await buyAndSubmit(ctx, [{ productId: p.id, count: 1, price }]);
  await decide(ctx, admin.token, transactionId, "confirm");
  const [line] = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
  await deliverAndReceive(ctx, seller.token, line!.id);
  return { seller, orderId, line: line! };
}

const payout = (token: string, key: string | undefined, payload: Record<string, unknown> = {}) =>
  ctx.request({ method: "POST", url: "/api/payouts", token, payload, headers: key ? { "idempotency-key": key } : {} });
const payoutCount = async (sellerId: string) => (await ctx.db.select().from(payouts).where(eq(payouts.sellerId, sellerId))).length;

describe("Idempotency-Key on POST /api/payouts", () => {
  it("a retry with the same key answers the first result and makes no second payout", async () => {
    const { seller } = await sellerWithAvailable(20_000);
    const first = await payout(seller.token, "payout-retry-1", { amount: 5000 });
    expect(first.statusCode, first.body).toBe(200);
    const retry = await payout(seller.token, "payout-retry-1", { amount: 5000 });
    expect(retry.statusCode).toBe(first.statusCode);
    expect(retry.body).toBe(first.body);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    expect(await payoutCount(seller.user.id)).toBe(1);
    // Without a key, or with a new one, it is a new request.
    expect((await payout(seller.token, "payout-retry-2", { amount: 5000 })).statusCode).toBe(200);
    expect(await payoutCount(seller.user.id)).toBe(2);
  });

  it("a refusal is the first result too: the same key answers it again", async () => {
    const { seller } = await sellerWithAvailable(10_000);
    const first = await payout(seller.token, "too-much", { amount: 9000.01 });
    expect(first.statusCode).toBe(400);
    const retry = await payout(seller.token, "too-much", { amount: 9000.01 });
    expect([retry.statusCode, retry.body, retry.headers["idempotent-replayed"]]).toEqual([400, first.body, "true"]);
    expect(await payoutCount(seller.user.id)).toBe(0);
  });

  it("the same key with another body answers 422 and does nothing", async () => {
    const { seller } = await sellerWithAvailable(20_000);
    expect((await payout(seller.token, "k-body", { amount: 5000 })).statusCode).toBe(200);
    const other = await payout(seller.token, "k-body", { amount: 6000 });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errors: { "idempotency-key": expect.stringMatching(/different request/) } });
    expect(await payoutCount(seller.user.id)).toBe(1);
  });

  it("20 requests at once with one key make one payout; the others answer 409 or the first result", async () => {
    const { seller } = await sellerWithAvailable(20_000);
    const answers = await Promise.all(Array.from({ length: 20 }, () => payout(seller.token, "k-race", { amount: 5000 })));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.body)).size).toBe(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const busy = answers.find((a) => a.statusCode === 409);
    if (busy) expect([busy.json().message, busy.headers["retry-after"]]).toEqual([expect.stringMatching(/still in progress/), "1"]);
    expect(await payoutCount(seller.user.id)).toBe(1);
  });

  it("another account may use the same key", async () => {
    const a = await sellerWithAvailable(20_000);
    const b = await sellerWithAvailable(20_000);
    expect((await payout(a.seller.token, "shared-key", { amount: 5000 })).statusCode).toBe(200);
    const res = await payout(b.seller.token, "shared-key", { amount: 6000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["idempotent-replayed"]).toBeUndefined();
    expect([await payoutCount(a.seller.user.id), await payoutCount(b.seller.user.id)]).toEqual([1, 1]);
  });

  it("after 24 hours the key is free again, and the sweep deletes it", async () => {
    const { seller } = await sellerWithAvailable(20_000);
    const start = Date.now();
    idempotencyClock.now = () => new Date(start);
    expect((await payout(seller.token, "k-day", { amount: 5000 })).statusCode).toBe(200);
    idempotencyClock.now = () => new Date(start + IDEMPOTENCY_KEY_TTL_MS - 1);
    expect((await payout(seller.token, "k-day", { amount: 5000 })).headers["idempotent-replayed"]).toBe("true");
    await ctx.app.jobs.run("idempotency-key-prune");
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k-day"))).toHaveLength(1);
    expect(await payoutCount(seller.user.id)).toBe(1);

    idempotencyClock.now = () => new Date(start + IDEMPOTENCY_KEY_TTL_MS);
    // A new request under the old key: even another body is accepted.
    const again = await payout(seller.token, "k-day", { amount: 6000 });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBeUndefined();
    expect(await payoutCount(seller.user.id)).toBe(2);

    idempotencyClock.now = () => new Date(start + 2 * IDEMPOTENCY_KEY_TTL_MS);
    await ctx.app.jobs.run("idempotency-key-prune");
    expect(await ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, "k-day"))).toHaveLength(0);
  });

  it("refuses a malformed key with a field error before anything runs", async () => {
    const { seller } = await sellerWithAvailable(10_000);
    const res = await payout(seller.token, "x".repeat(256), { amount: 5000 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(["idempotency-key"]);
    expect(await payoutCount(seller.user.id)).toBe(0);
  });
});

describe("Idempotency-Key in the OpenAPI document", () => {
  it("is an optional header of the three writes, which may answer 422", async () => {
    const doc = (await ctx.request({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of ["/api/payouts", "/api/admin/refunds", "/api/transactions/createSession"]) {
      const op = doc.paths[path].post;
      expect(op.parameters, path).toContainEqual(expect.objectContaining({ in: "header", name: "idempotency-key", required: false }));
      expect(op.responses, path).toHaveProperty("422");
    }
  });
});

describe("Idempotency-Key on refunds and checkout", () => {
  it("a refund retried with its key is recorded once", async () => {
    const { orderId, line } = await sellerWithAvailable(10_000);
    const send = () =>
      ctx.request({
        method: "POST",
        url: "/api/admin/refunds",
        token: admin.token,
        headers: { "idempotency-key": "refund-1" },
        payload: { order_id: orderId, line_id: line.id, amount: 100, reason: "Scratched box" },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await send();
    expect([retry.statusCode, retry.body]).toEqual([200, first.body]);
    expect(await ctx.db.select().from(refunds).where(eq(refunds.orderLineId, line.id))).toHaveLength(1);
  });

  it("a checkout retried with its key reserves one order; a refused body does not use up the key", async () => {
    const shopper = await createUserWithToken(ctx.db);
    const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved", ...bank });
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId, price: 1000, countInStock: 5 });
    await ctx.request({ method: "POST", url: "/api/cart", token: shopper.token, payload: { product_id: p.id, count: 2 } });
    const session = (payload: Record<string, unknown>) =>
      ctx.request({
        method: "POST",
        url: "/api/transactions/createSession",
        token: shopper.token,
        headers: { "idempotency-key": "checkout-1" },
        payload,
      });
    const invalid = await session({ ...checkoutBody(2000 + SHIPPING_FEE_NAIRA), first_name: "" });
    expect(invalid.statusCode).toBe(400);
    const first = await session(checkoutBody(2000 + SHIPPING_FEE_NAIRA));
    expect(first.statusCode, first.body).toBe(200);
    const retry = await session(checkoutBody(2000 + SHIPPING_FEE_NAIRA));
    expect([retry.statusCode, retry.body]).toEqual([200, first.body]);
    const placed = await ctx.db.select().from(orders).where(eq(orders.buyerId, shopper.user.id));
    expect(placed).toHaveLength(1);
    const [row] = await ctx.db
      .execute<{ count_in_stock: number }>(sql`select count_in_stock from products where id = ${p.id}`)
      .then((r) => r.rows);
    expect(row!.count_in_stock).toBe(3);
  });
});
