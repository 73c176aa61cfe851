/**
 * A seller's public shop (ADR 0210): GET /api/sellers/{username} and the server-drawn page
 * /seller/:username (title, description, Open Graph, Organization JSON-LD with its rating, the
 * sitemap); a pending, blocked or unknown seller answers 404. And the seller score (ADR 0211):
 * its formula, and the `seller-scores` job that recomputes it after order events.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderLines, orderProblems, orders, sellerBusinesses, sellerScores, transactions } from "../src/db/schema/index.js";
import {
  createCategory,
  createFollow,
  createPost,
  createProduct,
  createReaction,
  createUser,
  createUserWithToken,
} from "../src/db/seed/factories.js";
import { type ScoredLine, scoreOf } from "../src/modules/catalog/seller-score.js";
import { protectionSettings } from "../src/modules/commerce/protection.service.js";
import { shipByAt } from "../src/modules/commerce/ship-by.js";
import { runSellerScores } from "../src/modules/jobs/seller-scores.js";
import { recordOrderPaid } from "../src/modules/ledger/earnings.service.js";
import { submittedOrder } from "./finance-helpers.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let phones: { id: string };
let salons: { id: string };
beforeAll(async () => {
  ctx = await createTestContext();
  phones = await createCategory(ctx.db, { type: "market-place" });
  salons = await createCategory(ctx.db, { type: "services" });
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) => ctx.request({ method: "GET", url, token });

async function newSeller(input: Parameters<typeof createUser>[1] = {}) {
  const seller = await createUser(ctx.db, { accType: "business", status: "approved", ...input });
  return seller;
}

describe("GET /api/sellers/{username}", () => {
  it("answers the profile, state and city, member since, followers, counts and a new seller's score", async () => {
    const seller = await newSeller({ names: "Ada Gadgets", desc: "Phones and laptops, Ikeja.", blueTick: true });
    await ctx.db
      .insert(sellerBusinesses)
      .values({ userId: seller.id, businessName: "Ada Ltd", address: "1 Allen Ave", state: "Lagos", city: "Ikeja" });
    await createProduct(ctx.db, { userId: seller.id, categoryId: phones.id });
    await createProduct(ctx.db, { userId: seller.id, categoryId: phones.id });
    await createPost(ctx.db, { userId: seller.id, categoryId: salons.id });
    const fan = await createUser(ctx.db);
    await createFollow(ctx.db, { followerId: fan.id, sellerId: seller.id });

    // Any letter case of the username.
    const res = await get(`/api/sellers/${seller.username.toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: seller.id,
      names: "Ada Gadgets",
      username: seller.username,
      desc: "Phones and laptops, Ikeja.",
      verified: { blue_tick: true },
      state: "Lagos",
      city: "Ikeja",
      member_since: seller.createdAt.toISOString(),
      followers_count: 1,
      following: false,
      products_count: 2,
      services_count: 1,
      score: { label: "New seller", value: null, orders: 0, rating: null, rating_count: 0 },
    });
  });

  it("says whether the signed-in viewer follows the seller", async () => {
    const seller = await newSeller();
    const fan = await createUserWithToken(ctx.db);
    await createFollow(ctx.db, { followerId: fan.user.id, sellerId: seller.id });
    const token = fan.token;
    expect((await get(`/api/sellers/${seller.username}`)).json().data.following).toBe(false);
    const res = await get(`/api/sellers/${seller.username}`, token);
    expect(res.json().data.following).toBe(true);
  });

  it("answers 404 for a pending, a blocked, a customer's or an unknown username", async () => {
    const pending = await newSeller({ status: "pending" });
    const blocked = await newSeller({ active: false });
    const customer = await createUser(ctx.db);
    for (const name of [pending.username, blocked.username, customer.username, "nobody_here"]) {
      const res = await get(`/api/sellers/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toBe("Seller not found");
      const page = await get(`/seller/${name}`);
      expect(page.statusCode, name).toBe(404);
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
    }
  });
});

describe("GET /seller/:username (server-drawn shop page)", () => {
  it("sends the shop's title, description, Open Graph profile and Organization JSON-LD with its rating", async () => {
    const seller = await newSeller({ names: "Zainab <Beauty>", desc: "Braids & wigs" });
    await ctx.db.insert(sellerBusinesses).values({ userId: seller.id, businessName: "Z", address: "2 Road", state: "Kano", city: "Kano" });
    const post = await createPost(ctx.db, { userId: seller.id, categoryId: salons.id });
    await createReaction(ctx.db, { postId: post.id, userId: (await createUser(ctx.db)).id, stars: 5 });
    await createReaction(ctx.db, { postId: post.id, userId: (await createUser(ctx.db)).id, stars: 4 });
    await runSellerScores(ctx.app);

    const res = await ctx.request({
      method: "GET",
      url: `/seller/${seller.username}`,
      headers: { host: "shop.naijamarket.ng", "x-forwarded-proto": "https" },
    });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain("<title>Zainab &lt;Beauty&gt; in Kano, Kano | Naija Market</title>");
    expect(html).toContain('<meta property="og:type" content="profile" />');
    expect(html).toContain(`<link rel="canonical" href="https://shop.naijamarket.ng/seller/${seller.username}" />`);
    expect(html).toMatch(
      /<meta name="description" content="★ 4\.5 \(2 ratings\) · New seller · 0 products, 1 service · Braids &amp; wigs" \/>/,
    );
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const ld = JSON.parse(blocks[0]![1]!);
    expect(ld).toMatchObject({
      "@type": "Organization",
      name: "Zainab <Beauty>",
      url: `https://shop.naijamarket.ng/seller/${seller.username}`,
      address: { addressRegion: "Kano", addressLocality: "Kano", addressCountry: "NG" },
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, ratingCount: 2, bestRating: 5, worstRating: 1 },
    });
    // `<` never reaches the JSON-LD block raw.
    expect(blocks[0]![1]).not.toContain("<");
  });

  it("lists every public seller's shop in the sitemap, not pending or blocked ones", async () => {
    const shown = await newSeller();
    const pending = await newSeller({ status: "pending" });
    const blocked = await newSeller({ active: false });
    const res = await get("/sitemap.xml");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`/seller/${shown.username}</loc>`);
    expect(res.body).not.toContain(`/seller/${pending.username}</loc>`);
    expect(res.body).not.toContain(`/seller/${blocked.username}</loc>`);
  });
});

const line = (paidAt: Date | null, shippedAt: Date | null, orderId = crypto.randomUUID()): ScoredLine => ({
  orderId,
  paidAt,
  protectionStartedAt: null,
  shippedAt,
  deliveredAt: null,
  cancelledBySeller: false,
  problem: false,
});

describe("the seller score (scoreOf)", () => {
  // A Monday 10:00 in Lagos: with SHIP_BY_DAYS 3 the ship-by deadline is Thursday 10:00.
  const settings = { shipByDays: 3 };
  const paid = new Date("2026-11-02T09:00:00Z");
  const due = new Date("2026-11-05T09:00:00Z");
  const now = new Date("2026-11-20T12:00:00Z");

  it("is a new seller below 5 orders, whatever the record", () => {
    const s = scoreOf({ lines: [1, 2, 3, 4].map(() => line(paid, paid)), ratingSum: 20, ratingCount: 4 }, now, settings);
    expect(s).toMatchObject({ label: "New seller", value: null, orders: 4, on_time_rate: 1, rating: 5 });
  });

  it("weighs fulfilled, on time, no problem and rating (30/30/20/20) into Excellent, Good or Fair", () => {
    const late = new Date(due.getTime() + 1000);
    const five = [line(paid, paid), line(paid, due), line(paid, paid), line(paid, paid), line(paid, paid)];
    expect(scoreOf({ lines: five, ratingSum: 0, ratingCount: 0 }, now, settings)).toMatchObject({ label: "Excellent", value: 100 });
    // 3 of 5 on time (one late, one never shipped and past its ship-by): 0.3*1 + 0.3*0.6 + 0.2*1 = 0.68 of 0.8 -> 85.
    const mixed = [line(paid, paid), line(paid, paid), line(paid, paid), line(paid, late), line(paid, null)];
    expect(scoreOf({ lines: mixed, ratingSum: 0, ratingCount: 0 }, now, settings)).toMatchObject({
      label: "Good",
      value: 85,
      on_time_rate: 0.6,
    });
    // With 2-star ratings: + 0.2 * 0.25 = 0.73 -> 73.
    expect(scoreOf({ lines: mixed, ratingSum: 4, ratingCount: 2 }, now, settings)).toMatchObject({ label: "Fair", value: 73, rating: 2 });
  });

  it("does not count an unshipped line before its ship-by time", () => {
    const lines = [1, 2, 3, 4, 5].map(() => line(paid, null));
    const early = new Date(due.getTime() - 1000);
    expect(scoreOf({ lines, ratingSum: 0, ratingCount: 0 }, early, settings)).toMatchObject({
      on_time_rate: null,
      fulfilled_rate: 1,
      value: 100,
    });
    expect(scoreOf({ lines, ratingSum: 0, ratingCount: 0 }, now, settings)).toMatchObject({ on_time_rate: 0, value: 63 });
  });

  it("measures on time against the buyer-protection deadline, later for a line paid before protection began", () => {
    expect(shipByAt(paid, null, settings)).toEqual(due);
    // Shipped a minute after the deadline: late; a line whose protection began a day after its
    // payment has a day more (as the auto-cancel timer and Ordered Products count it).
    const after = new Date(due.getTime() + 60_000);
    const lines = [1, 2, 3, 4, 5].map(() => line(paid, after));
    expect(scoreOf({ lines, ratingSum: 0, ratingCount: 0 }, now, settings)).toMatchObject({ on_time_rate: 0 });
    lines[0]!.protectionStartedAt = new Date(paid.getTime() + 86_400_000);
    expect(scoreOf({ lines, ratingSum: 0, ratingCount: 0 }, now, settings)).toMatchObject({ on_time_rate: 0.2 });
    // A line without a posted payment has no deadline: left out of on time only.
    lines[1]!.paidAt = null;
    expect(scoreOf({ lines, ratingSum: 0, ratingCount: 0 }, now, settings)).toMatchObject({ on_time_rate: 0.25, fulfilled_rate: 1 });
  });

  it("counts lines cancelled by the seller and lines with a problem", () => {
    const lines = [1, 2, 3, 4, 5].map(() => line(paid, paid));
    lines[0]!.cancelledBySeller = true;
    lines[1]!.problem = true;
    expect(scoreOf({ lines, ratingSum: 0, ratingCount: 0 }, now, settings)).toMatchObject({ fulfilled_rate: 0.8, no_problem_rate: 0.8 });
  });
});

describe("the seller-scores job", () => {
  it("recomputes a seller's score after a paid order's line is shipped, leaving out orders older than 90 days", async () => {
    const seller = await newSeller();
    const buyer = await createUser(ctx.db);
    const now = new Date();
    const made: Awaited<ReturnType<typeof submittedOrder>>[] = [];
    for (let i = 0; i < 6; i++) made.push(await submittedOrder(ctx.db, buyer.id, [{ sellerId: seller.id, unitKobo: 100_000, qty: 1 }]));
    const paidAt = async (o: (typeof made)[number], at: Date) => {
      await ctx.db.update(orders).set({ status: "paid", updatedAt: at }).where(eq(orders.id, o.orderId));
      await ctx.db.update(transactions).set({ status: "confirmed", reviewedAt: at }).where(eq(transactions.id, o.transactionId));
      // The sale journal, dated `at`: the ship-by deadline counts from it.
      await ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('ledger.as_of', ${at.toISOString()}, true)`);
        await recordOrderPaid(tx, o.orderId);
      });
    };
    for (const o of made.slice(0, 5)) await paidAt(o, now);
    // Paid 100 days ago: outside the window.
    await paidAt(made[5]!, new Date(now.getTime() - 100 * 86_400_000));

    await runSellerScores(ctx.app, now);
    const first = (await get(`/api/sellers/${seller.username}`)).json().data.score;
    expect(first).toMatchObject({ orders: 5, label: "Excellent", value: 100, on_time_rate: null });

    // An order event: one line shipped after its ship-by deadline (SHIP_BY_DAYS after the payment).
    // The next run (within 30 s) picks it up.
    const late = new Date(shipByAt(now, null, protectionSettings(ctx.app.config))!.getTime() + 60_000);
    await ctx.db
      .update(orderLines)
      .set({ fulfilment: "shipped", shippedAt: late, updatedAt: new Date() })
      .where(eq(orderLines.id, made[0]!.lines[0]!.id));
    await runSellerScores(ctx.app, new Date(now.getTime() + 1000));
    const [row] = await ctx.db.select().from(sellerScores).where(eq(sellerScores.sellerId, seller.id));
    expect(row).toMatchObject({ orders: 5, onTimeRate: 0 });
    expect((await get(`/api/sellers/${seller.username}`)).json().data.score).toMatchObject({ on_time_rate: 0, value: 63, label: "Fair" });
  });

  it("reads cancelled lines and buyers' problems from the order-line life, not a problem released to the seller", async () => {
    const seller = await newSeller();
    const buyer = await createUser(ctx.db);
    const now = new Date();
    const made: Awaited<ReturnType<typeof submittedOrder>>[] = [];
    for (let i = 0; i < 5; i++) made.push(await submittedOrder(ctx.db, buyer.id, [{ sellerId: seller.id, unitKobo: 100_000, qty: 1 }]));
    for (const o of made) {
      await ctx.db.update(orders).set({ status: "paid", updatedAt: now }).where(eq(orders.id, o.orderId));
      await ctx.db.update(transactions).set({ status: "confirmed", reviewedAt: now }).where(eq(transactions.id, o.transactionId));
    }
    const lineOf = (i: number) => made[i]!.lines[0]!.id;
    await ctx.db
      .update(orderLines)
      .set({ fulfilment: "cancelled", cancelledAt: now })
      .where(eq(orderLines.id, lineOf(0)));
    const problem = (i: number, status: "open" | "decided", refundKobo: number | null) => ({
      orderId: made[i]!.orderId,
      lineId: lineOf(i),
      buyerId: buyer.id,
      sellerId: seller.id,
      reason: "damaged",
      comment: "Cracked",
      fromState: "delivered" as const,
      status,
      refundKobo,
    });
    // One open problem counts; one the admin released to the seller (nothing refunded) does not.
    await ctx.db.insert(orderProblems).values([problem(1, "open", null), problem(2, "decided", 0)]);

    await runSellerScores(ctx.app, now);
    const [row] = await ctx.db.select().from(sellerScores).where(eq(sellerScores.sellerId, seller.id));
    expect(row).toMatchObject({ orders: 5, fulfilledRate: 0.8, noProblemRate: 0.8 });
  });
});
