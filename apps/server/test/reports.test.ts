/**
 * Reports and the admins' queue (ADR 0213): anyone signed in reports a listing or a review once
 * (409), not their own (403), at most 10 a day (429); 3 verified buyers' reports hide a listing
 * until an admin looks and tell its seller; the queue groups reports by item, oldest first; the
 * admin hides a review, unlists a listing with a reason the seller sees, or dismisses (an automatic
 * hiding undone); a decided case answers 409.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifications, orderLines, orders, products, purchaseReviews, reportCases, reports } from "../src/db/schema/index.js";
import { createCategory, createPost, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { syncSellerListings } from "../src/modules/catalog/listing-visibility.js";
import { submittedOrder } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: string;
let serviceCategoryId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
  seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  categoryId = (await createCategory(ctx.db, { type: "market-place" })).id;
  serviceCategoryId = (await createCategory(ctx.db, { type: "services" })).id;
});
afterAll(() => ctx.close());

const post = (url: string, token: string, payload: Record<string, unknown>) => ctx.request({ method: "POST", url, token, payload });
const report = (token: string, target_id: string, extra: Record<string, unknown> = {}) =>
  post("/api/reports", token, { target_type: "listing", target_id, reason: "counterfeit", comment: "Fake logo", ...extra });
const queue = async (status = "open") =>
  (await ctx.request({ method: "GET", url: `/api/admin/reports?status=${status}`, token: admin.token })).json().data as Array<{
    _id: string;
    target_id: string;
    status: string;
    auto_hidden: boolean;
    reports: Array<{ verified_buyer: boolean; reason: string }>;
  }>;

/** A new customer who bought `productId` (a paid order line of it), optionally received (so they may review it). */
async function buyer(productId: string, received = false) {
  const b = await createUserWithToken(ctx.db);
  const o = await submittedOrder(ctx.db, b.user.id, [{ sellerId: seller.user.id, unitKobo: 100_000, qty: 1 }]);
  await ctx.db.update(orders).set({ status: "paid" }).where(eq(orders.id, o.orderId));
  await ctx.db
    .update(orderLines)
    .set({ productId, ...(received ? { fulfilment: "received" as const } : {}) })
    .where(eq(orderLines.id, o.lines[0]!.id));
  return { ...b, lineId: o.lines[0]!.id };
}

describe("POST /api/reports", () => {
  it("takes a report once per account and item, refuses one's own listing and an unknown one", async () => {
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId });
    const shopper = await createUserWithToken(ctx.db);
    const res = await report(shopper.token, p.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe("Thank you: an admin will look at your report");
    const again = await report(shopper.token, p.id, { reason: "scam" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already reported this listing");
    expect((await report(seller.token, p.id)).statusCode).toBe(403);
    expect((await report(shopper.token, crypto.randomUUID())).statusCode).toBe(404);
    expect((await report(shopper.token, p.id, { reason: "ugly" })).statusCode).toBe(400);
    expect((await report(shopper.token, p.id, { comment: "x\u202Ey" })).statusCode).toBe(400);
    // A service is a listing too.
    const s = await createPost(ctx.db, { userId: seller.user.id, categoryId: serviceCategoryId });
    expect((await report(shopper.token, s.id, { reason: "offensive" })).statusCode).toBe(200);
  });

  it("limits reports to 10 per account per day (429)", async () => {
    const flooder = await createUserWithToken(ctx.db);
    for (let i = 0; i < 10; i++) {
      const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId });
      expect((await report(flooder.token, p.id)).statusCode).toBe(200);
    }
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId });
    const res = await report(flooder.token, p.id);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe("You can send at most 10 reports a day");
  });

  it("hides a listing reported by 3 different verified buyers until an admin looks, and tells the seller; dismissing brings it back", async () => {
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId });
    // Two shoppers who never bought it do not count.
    for (let i = 0; i < 2; i++) await report((await createUserWithToken(ctx.db)).token, p.id);
    for (let i = 0; i < 2; i++) await report((await buyer(p.id)).token, p.id);
    expect((await ctx.request({ method: "GET", url: `/api/product?id=${p.id}` })).statusCode).toBe(200);
    await report((await buyer(p.id)).token, p.id);
    expect((await ctx.request({ method: "GET", url: `/api/product?id=${p.id}` })).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ listed: false, hiddenReason: "Hidden while an admin checks reports from buyers" });
    // The seller's state changing does not bring it back.
    await syncSellerListings(ctx.db, seller.user.id);
    expect((await ctx.db.select().from(products).where(eq(products.id, p.id)))[0]!.listed).toBe(false);
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(told.map((n) => n.text)).toContain("One of your listings is hidden while an admin checks reports from buyers.");

    const entry = (await queue()).find((c) => c.target_id === p.id)!;
    expect(entry).toMatchObject({ status: "open", auto_hidden: true });
    expect(entry.reports).toHaveLength(5);
    expect(entry.reports.filter((r) => r.verified_buyer)).toHaveLength(3);

    const res = await post(`/api/admin/reports/${entry._id}/decide`, admin.token, { action: "dismiss", reason: "Checked: original stock" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: "dismissed", reason: "Checked: original stock" });
    expect((await ctx.request({ method: "GET", url: `/api/product?id=${p.id}` })).statusCode).toBe(200);
    const twice = await post(`/api/admin/reports/${entry._id}/decide`, admin.token, { action: "unlist", reason: "Changed my mind" });
    expect(twice.statusCode).toBe(409);
  });
});

describe("the admins' queue", () => {
  it("groups reports by item, oldest first; unlists a listing with the reason the seller sees; hides a reported review", async () => {
    const a = await createProduct(ctx.db, { userId: seller.user.id, categoryId });
    const b = await createProduct(ctx.db, { userId: seller.user.id, categoryId });
    await report((await createUserWithToken(ctx.db)).token, a.id);
    await report((await createUserWithToken(ctx.db)).token, b.id);
    await report((await createUserWithToken(ctx.db)).token, a.id, { reason: "scam" });
    const open = await queue();
    const ia = open.findIndex((c) => c.target_id === a.id);
    const ib = open.findIndex((c) => c.target_id === b.id);
    expect(ia).toBeLessThan(ib);
    expect(open[ia]!.reports.map((r) => r.reason)).toEqual(["counterfeit", "scam"]);

    expect((await ctx.request({ method: "GET", url: "/api/admin/reports", token: seller.token })).statusCode).toBe(403);
    expect((await post(`/api/admin/reports/${open[ia]!._id}/decide`, admin.token, { action: "hide", reason: "Fake" })).statusCode).toBe(
      400,
    );
    const res = await post(`/api/admin/reports/${open[ia]!._id}/decide`, admin.token, { action: "unlist", reason: "Counterfeit brand" });
    expect(res.statusCode, res.body).toBe(200);
    expect((await ctx.db.select().from(products).where(eq(products.id, a.id)))[0]).toMatchObject({
      listed: false,
      hiddenReason: "Counterfeit brand",
    });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(told.map((n) => n.text)).toContain("One of your listings was unlisted by an admin: Counterfeit brand");
    // The seller sees the decision among their reports.
    const mine = (await ctx.request({ method: "GET", url: "/api/me/reports", token: seller.token })).json().data;
    expect(mine.find((c: { target_id: string }) => c.target_id === a.id)).toMatchObject({
      status: "unlisted",
      reason: "Counterfeit brand",
    });

    // A review: reported by another shopper, hidden by the admin; it leaves the lists and the product's stars.
    const p = await createProduct(ctx.db, { userId: seller.user.id, categoryId });
    const writer = await buyer(p.id, true);
    const written = await post("/api/reviews", writer.token, {
      order_line_id: writer.lineId,
      product_rating: 1,
      seller_rating: 1,
      comment: "Rubbish seller, total fraud",
    });
    expect(written.statusCode, written.body).toBe(200);
    const reviewId = written.json().data._id;
    expect((await post("/api/reports", writer.token, { target_type: "review", target_id: reviewId, reason: "offensive" })).statusCode).toBe(
      403,
    );
    const r = await post("/api/reports", seller.token, { target_type: "review", target_id: reviewId, reason: "offensive" });
    expect(r.statusCode, r.body).toBe(200);
    const entry = (await queue()).find((c) => c.target_id === reviewId)!;
    const hide = await post(`/api/admin/reports/${entry._id}/decide`, admin.token, { action: "hide", reason: "Abusive words" });
    expect(hide.statusCode, hide.body).toBe(200);
    const list = (await ctx.request({ method: "GET", url: `/api/reviews?product_id=${p.id}` })).json();
    expect(list.total).toBe(0);
    expect((await ctx.request({ method: "GET", url: `/api/product?id=${p.id}` })).json().products).toMatchObject({
      stars: 0,
      reactions_count: 0,
      reactions: [],
    });
    const [hidden] = await ctx.db.select().from(purchaseReviews).where(eq(purchaseReviews.id, reviewId));
    expect(hidden!.hiddenReason).toBe("Abusive words");
    expect(
      await ctx.db
        .select()
        .from(reports)
        .where(and(eq(reports.targetId, reviewId))),
    ).toHaveLength(1);
  });
});

describe("the queue pages on beyond 100 entries", () => {
  it("walks every open case once, oldest first, 100 a page, by cursor; a forged cursor is a 400", async () => {
    // One statement: every case has the same created_at, so only the id orders them (the keyset's tie-breaker).
    const made = await ctx.db
      .insert(reportCases)
      .values(Array.from({ length: 205 }, () => ({ targetType: "product", targetId: crypto.randomUUID(), sellerId: seller.user.id })))
      .returning({ id: reportCases.id });
    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/admin/reports?status=open${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const res = await ctx.request({ method: "GET", url, token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { data: Array<{ _id: string; createdAt: string }>; nextCursor: string | null };
      sizes.push(body.data.length);
      seen.push(...body.data.map((c) => c._id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes.slice(0, 2)).toEqual([100, 100]);
    expect(new Set(seen).size).toBe(seen.length);
    const ours = seen.filter((id) => made.some((m) => m.id === id));
    expect(ours).toEqual(made.map((m) => m.id).sort());
    const forged = await ctx.request({ method: "GET", url: "/api/admin/reports?cursor=bm90LWEtY3Vyc29y", token: admin.token });
    expect(forged.statusCode).toBe(400);
    await ctx.db.delete(reportCases).where(
      inArray(
        reportCases.id,
        made.map((m) => m.id),
      ),
    );
  });
});
