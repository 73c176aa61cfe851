/**
 * The admin's Finance screens' reads (ADR 0097): the figures over time (days for short periods,
 * Lagos calendar months for long ones, zeros in empty buckets, summing to the period's figures),
 * the CSV of the figures (one row per seller and the store's total; admins only), and what is
 * left to refund of an order. Real PostgreSQL, real app.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { buyAndSubmit, days, decide } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let orderId: string;
let lineId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved", names: '=Ada, "Gadgets"' });
  const categoryId = (await createCategory(ctx.db)).id;
  const kettle = await createProduct(ctx.db, { userId: seller.user.id, categoryId, price: 12_500 });
  const bought = await buyAndSubmit(ctx, [{ productId: kettle.id, count: 2, price: 12_500 }]);
  await decide(ctx, admin.token, bought.transactionId, "confirm");
  orderId = bought.orderId;
  lineId = (await ctx.db.select().from(orderLines).where(sql`${orderLines.orderId} = ${orderId}`))[0]!.id;
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => ctx.request({ method: "GET", url, token });
const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString());

describe("figures over time", () => {
  it("a short period has one point per Lagos day, zeros where nothing happened, summing to the period", async () => {
    const res = await get(`/api/admin/finance?from=${iso(Date.now() - days(6))}&to=${iso(Date.now() + days(1))}`, admin.token);
    expect(res.statusCode, res.body).toBe(200);
    const { series, period } = res.json().data;
    expect(series.unit).toBe("day");
    expect(series.points.length).toBeGreaterThanOrEqual(7);
    expect(series.points.length).toBeLessThanOrEqual(9);
    for (const p of series.points) expect(p.start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
    expect(series.points.find((p: { start: string }) => p.start === today)).toMatchObject({ sales: 25_000, commission: 2500 });
    expect(series.points.filter((p: { sales: number }) => p.sales === 0).length).toBe(series.points.length - 1);
    expect(series.points.reduce((s: number, p: { sales: number }) => s + p.sales, 0)).toBe(period.sales);
  });

  it("a long period, or all time, has one point per calendar month", async () => {
    const res = await get(`/api/admin/finance?from=${iso(Date.now() - days(200))}`, admin.token);
    expect(res.json().data.series.unit).toBe("month");
    const points = res.json().data.series.points as Array<{ start: string; sales: number }>;
    expect(points.length).toBeGreaterThanOrEqual(7);
    expect(points.every((p) => p.start.endsWith("-01"))).toBe(true);
    expect(points.at(-1)!.sales).toBe(25_000);
    const all = await get("/api/admin/finance", admin.token);
    expect(all.json().data.series.points.reduce((s: number, p: { sales: number }) => s + p.sales, 0)).toBe(25_000);
  });
});

describe("GET /api/admin/finance.csv", () => {
  it("answers the sellers' rows and the store's total, names made safe for spreadsheets", async () => {
    const res = await get("/api/admin/finance.csv", admin.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="finance-start-to-now.csv"');
    const rows = res.body.trim().split("\r\n");
    expect(rows[0]).toBe("seller_id,seller,sales,commission,shipping,refunds,payouts_paid,pending_now,available_now");
    expect(rows[1]).toBe(`${seller.user.id},"'=Ada, ""Gadgets""",25000,2500,,0,0,22500,0`);
    expect(rows.at(-1)).toBe(",Store total,25000,2500,2000,0,0,22500,0");
    const named = await get(`/api/admin/finance.csv?from=2026-01-01T00:00:00%2B01:00&to=${iso(Date.now() + days(1))}`, admin.token);
    expect(named.headers["content-disposition"]).toMatch(/^attachment; filename="finance-2026-01-01-to-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it("is refused without a sign-in (401), to a seller (403) and with a bad period (400)", async () => {
    expect((await get("/api/admin/finance.csv")).statusCode).toBe(401);
    expect((await get("/api/admin/finance.csv", seller.token)).statusCode).toBe(403);
    expect((await get("/api/admin/finance.csv?from=yesterday", admin.token)).statusCode).toBe(400);
  });
});

describe("GET /api/admin/refunds?order_id=", () => {
  it("shows each line's refundable amount and the shipping left, before and after a partial refund", async () => {
    const before = await get(`/api/admin/refunds?order_id=${orderId}`, admin.token);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({
      order_id: orderId,
      status: "paid",
      total: 27_000,
      shipping: 2000,
      shipping_refundable: 2000,
      lines: [{ _id: lineId, quantity: 2, amount: 25_000, refunded: 0, refundable: 25_000, seller: { _id: seller.user.id } }],
      refunds: [],
    });
    const refund = await ctx.request({
      method: "POST",
      url: "/api/admin/refunds",
      token: admin.token,
      payload: { order_id: orderId, line_id: lineId, amount: 1000.5, reason: "Dented lid" },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const after = (await get(`/api/admin/refunds?order_id=${orderId}`, admin.token)).json().data;
    expect(after.lines[0]).toMatchObject({ refunded: 1000.5, refundable: 23_999.5 });
    expect(after.refunds).toMatchObject([{ line_id: lineId, amount: 1000.5, reason: "Dented lid" }]);
    expect(after.shipping_refundable).toBe(2000);
  });

  it("answers 404 for an unknown order and refuses sellers and bad ids", async () => {
    expect((await get("/api/admin/refunds?order_id=00000000-0000-4000-8000-000000000000", admin.token)).statusCode).toBe(404);
    expect((await get("/api/admin/refunds?order_id=nope", admin.token)).statusCode).toBe(400);
    expect((await get(`/api/admin/refunds?order_id=${orderId}`, seller.token)).statusCode).toBe(403);
    expect((await get(`/api/admin/refunds?order_id=${orderId}`)).statusCode).toBe(401);
  });
});
