/**
 * Reviews from verified buyers (ADR 0212): only the buyer of a received line reviews it (403
 * otherwise, 404 for another's line), once (409), with stars 1-5 and plain text without links or
 * phone numbers (400); editable for 30 days (409 after); the seller replies once (409 for a second,
 * 404 for anyone else); the product's `stars` and `reactions` follow; the lists by product and by
 * seller; the seller score counts the seller stars.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orders, purchaseReviews, transactions } from "../src/db/schema/index.js";
import { createCategory, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { runSellerScores } from "../src/modules/jobs/seller-scores.js";
import { submittedOrder } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let categoryId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
  categoryId = (await createCategory(ctx.db, { type: "market-place" })).id;
});
afterAll(() => ctx.close());

/** A paid order of one unit of a new product of `sellerId` bought by `buyerId`; the line `delivered` or not. */
async function boughtLine(buyerId: string, delivered: boolean, sellerId = seller.user.id) {
  const product = await createProduct(ctx.db, { userId: sellerId, categoryId });
  const o = await submittedOrder(ctx.db, buyerId, [{ sellerId, unitKobo: 500_000, qty: 1 }]);
  await ctx.db.update(orders).set({ status: "paid" }).where(eq(orders.id, o.orderId));
  await ctx.db.update(transactions).set({ status: "confirmed", reviewedAt: new Date() }).where(eq(transactions.id, o.transactionId));
  await ctx.db
    .update(orderLines)
    .set({ productId: product.id, ...(delivered ? { fulfilment: "received", deliveredAt: new Date(), receivedAt: new Date() } : {}) })
    .where(eq(orderLines.id, o.lines[0]!.id));
  return { lineId: o.lines[0]!.id, productId: product.id };
}

const review = (lineId: string, extra: Record<string, unknown> = {}) => ({
  order_line_id: lineId,
  product_rating: 4,
  seller_rating: 5,
  comment: "Arrived in two days, works well.",
  ...extra,
});
const post = (url: string, token: string, payload: Record<string, unknown>) => ctx.request({ method: "POST", url, token, payload });

describe("POST /api/reviews", () => {
  it("lets the buyer of a delivered line review it once, marked verified; the product's stars follow", async () => {
    const buyer = await createUserWithToken(ctx.db);
    const { lineId, productId } = await boughtLine(buyer.user.id, true);
    const res = await post("/api/reviews", buyer.token, review(lineId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Thank you! Your review has been saved",
      data: {
        order_line_id: lineId,
        product_id: productId,
        product_rating: 4,
        seller_rating: 5,
        verified_purchase: true,
        user: { _id: buyer.user.id },
        reply: null,
      },
    });
    const again = await post("/api/reviews", buyer.token, review(lineId, { product_rating: 1 }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You have already reviewed this item");

    const detail = (await ctx.request({ method: "GET", url: `/api/product?id=${productId}` })).json();
    expect(detail.products).toMatchObject({ stars: 4, reactions: [4], reactions_count: 1 });
  });

  it("answers 403 with a sentence for a line not delivered yet, and 404 for another buyer's line", async () => {
    const buyer = await createUserWithToken(ctx.db);
    const other = await createUserWithToken(ctx.db);
    const { lineId } = await boughtLine(buyer.user.id, false);
    const res = await post("/api/reviews", buyer.token, review(lineId));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You can review an item once you have confirmed that you received it");
    const delivered = await boughtLine(buyer.user.id, true);
    const theirs = await post("/api/reviews", other.token, review(delivered.lineId));
    expect(theirs.statusCode).toBe(404);
    expect(await ctx.db.select().from(purchaseReviews).where(eq(purchaseReviews.orderLineId, delivered.lineId))).toHaveLength(0);
  });

  it("refuses a seller reviewing their own item", async () => {
    const { lineId } = await boughtLine(seller.user.id, true);
    const res = await post("/api/reviews", seller.token, review(lineId));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe("You cannot review your own items");
  });

  it.each([
    ["stars below 1", { product_rating: 0 }, "product_rating"],
    ["stars above 5", { seller_rating: 6 }, "seller_rating"],
    ["text over 2,000 characters", { comment: "a".repeat(2001) }, "comment"],
    ["a link", { comment: "Cheaper at www.example.com" }, "comment"],
    ["a bare domain", { comment: "Order from adagadgets.ng instead" }, "comment"],
    ["a phone number", { comment: "Call me on 0803 123 4567" }, "comment"],
    ["an international phone number", { comment: "WhatsApp +234 803 123 4567" }, "comment"],
    ["a bidi control", { comment: "Good\u202Eseller" }, "comment"],
    ["no text", { comment: "   " }, "comment"],
  ])("answers 400 for %s", async (_name, extra, field) => {
    const buyer = await createUserWithToken(ctx.db);
    const { lineId } = await boughtLine(buyer.user.id, true);
    const res = await post("/api/reviews", buyer.token, review(lineId, extra));
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
  });

  it("keeps text with line breaks, prices and order numbers", async () => {
    const buyer = await createUserWithToken(ctx.db);
    const { lineId } = await boughtLine(buyer.user.id, true);
    const comment = "Paid ₦5,000 on order NM-26-000123.\nArrived <b>fine</b> in 2 days.";
    const res = await post("/api/reviews", buyer.token, review(lineId, { comment }));
    expect(res.statusCode, res.body).toBe(200);
    // Stored and answered as the text it is; the pages show it as text.
    expect(res.json().data.comment).toBe(comment);
  });
});

describe("PUT /api/reviews/{id}", () => {
  it("lets the writer change it for 30 days, moving the product's stars, then answers 409", async () => {
    const buyer = await createUserWithToken(ctx.db);
    const other = await createUserWithToken(ctx.db);
    const { lineId, productId } = await boughtLine(buyer.user.id, true);
    const id = (await post("/api/reviews", buyer.token, review(lineId))).json().data._id;
    const body = { product_rating: 2, seller_rating: 3, comment: "It stopped charging after a week." };
    expect((await ctx.request({ method: "PUT", url: `/api/reviews/${id}`, token: other.token, payload: body })).statusCode).toBe(404);
    const res = await ctx.request({ method: "PUT", url: `/api/reviews/${id}`, token: buyer.token, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ product_rating: 2, seller_rating: 3, comment: body.comment });
    expect((await ctx.request({ method: "GET", url: `/api/product?id=${productId}` })).json().products).toMatchObject({
      stars: 2,
      reactions_count: 1,
    });

    await ctx.db
      .update(purchaseReviews)
      .set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(purchaseReviews.id, id));
    const late = await ctx.request({ method: "PUT", url: `/api/reviews/${id}`, token: buyer.token, payload: body });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("Reviews can be changed for 30 days after they are written");
  });
});

describe("POST /api/reviews/{id}/reply", () => {
  it("lets the line's seller reply once, publicly; anyone else gets 404", async () => {
    const buyer = await createUserWithToken(ctx.db);
    const { lineId, productId } = await boughtLine(buyer.user.id, true);
    const id = (await post("/api/reviews", buyer.token, review(lineId))).json().data._id;
    expect((await post(`/api/reviews/${id}/reply`, buyer.token, { comment: "Me again" })).statusCode).toBe(404);
    const res = await post(`/api/reviews/${id}/reply`, seller.token, { comment: "Thank you for buying from us!" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reply).toMatchObject({ comment: "Thank you for buying from us!" });
    const twice = await post(`/api/reviews/${id}/reply`, seller.token, { comment: "Once more" });
    expect(twice.statusCode).toBe(409);
    const link = await post(`/api/reviews/${id}/reply`, seller.token, { comment: "See https://example.com" });
    expect(link.statusCode).toBe(400);

    const list = (await ctx.request({ method: "GET", url: `/api/reviews?product_id=${productId}` })).json();
    expect(list).toMatchObject({
      total: 1,
      data: [{ _id: id, verified_purchase: true, reply: { comment: "Thank you for buying from us!" } }],
    });
  });
});

describe("GET /api/reviews", () => {
  it("lists a seller's reviews newest first by keyset pages; needs product_id or seller_id", async () => {
    const s = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
    const buyer = await createUserWithToken(ctx.db);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { lineId } = await boughtLine(buyer.user.id, true, s.user.id);
      ids.push((await post("/api/reviews", buyer.token, review(lineId, { seller_rating: 3 + i }))).json().data._id);
    }
    const first = (await ctx.request({ method: "GET", url: `/api/reviews?seller_id=${s.user.id}&limit=2` })).json();
    expect(first.total).toBe(3);
    expect(first.data.map((r: { _id: string }) => r._id)).toEqual([ids[2], ids[1]]);
    const next = (
      await ctx.request({ method: "GET", url: `/api/reviews?seller_id=${s.user.id}&limit=2&cursor=${first.nextCursor}` })
    ).json();
    expect(next.data.map((r: { _id: string }) => r._id)).toEqual([ids[0]]);
    expect((await ctx.request({ method: "GET", url: "/api/reviews" })).statusCode).toBe(400);

    // The seller score's rating is the average of the seller stars (3, 4, 5).
    await runSellerScores(ctx.app);
    const shop = (await ctx.request({ method: "GET", url: `/api/sellers/${s.user.username}` })).json();
    expect(shop.data.score).toMatchObject({ rating: 4, rating_count: 3 });
  });
});
