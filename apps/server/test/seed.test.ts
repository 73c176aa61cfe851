import { isValidNuban } from "@market/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { categories, orderLines, orderProblems, orders, posts, products, transactions, users } from "../src/db/schema/index.js";
import { DEMO_ACCOUNTS, demoAccountsWithPublishedPasswords, hasData, seedDemo } from "../src/db/seed/demo.js";
import { hashPassword } from "../src/modules/auth/passwords.js";
import { createSession } from "../src/modules/auth/sessions.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("demo seed", () => {
  // The whole demo store, pictures and money history included: a minute or more on a busy machine.
  it("creates a believable store once", { timeout: 180_000 }, async () => {
    expect(await hasData(ctx.db)).toBe(false);
    const counts = await seedDemo(ctx.db, ctx.app.uploads);
    expect(counts.products).toBeGreaterThanOrEqual(60);
    expect(counts.services).toBeGreaterThanOrEqual(15);
    expect(await hasData(ctx.db)).toBe(true);

    const market = await ctx.db.select().from(categories).where(eq(categories.type, "market-place"));
    const services = await ctx.db.select().from(categories).where(eq(categories.type, "services"));
    expect(market.length).toBeGreaterThanOrEqual(8);
    expect(services.length).toBeGreaterThanOrEqual(5);
    expect(market.filter((c) => c.isDefault).length).toBeGreaterThanOrEqual(4);

    const sellers = await ctx.db.select().from(users).where(eq(users.accType, "business"));
    expect(sellers.filter((s) => s.status === "approved").length).toBeGreaterThanOrEqual(3);
    expect(sellers.some((s) => s.blueTick)).toBe(true);
    expect(sellers.some((s) => s.status === "pending")).toBe(true);
    expect(sellers.every((s) => s.whatsapp?.startsWith("+234"))).toBe(true);
    expect(sellers.every((s) => s.profile?.startsWith("/uploads/"))).toBe(true);

    // At least 60 products are public on first start (the pending seller's are not).
    const publicProducts = await ctx.db.select().from(products).where(eq(products.listed, true));
    expect(publicProducts.length).toBeGreaterThanOrEqual(60);
    const [stock] = await ctx.db.select({ out: sql<number>`count(*) filter (where count_in_stock = 0)::int` }).from(products);
    expect(stock!.out).toBeGreaterThan(0);
    const listedPosts = await ctx.db.select().from(posts).where(eq(posts.listed, true));
    expect(listedPosts.length).toBeGreaterThanOrEqual(15);
    expect(listedPosts.some((p) => p.ratingCount > 0)).toBe(true);
    // Pictures are stored uploads, never links to the internet; the pending seller's items are not listed.
    const all = await ctx.db.select().from(products);
    expect(all.every((p) => p.imageUrls.every((u) => u.startsWith("/uploads/")))).toBe(true);
    const pending = sellers.find((s) => s.status === "pending")!;
    const pendingListed = await ctx.db
      .select()
      .from(products)
      .where(and(eq(products.userId, pending.id), eq(products.listed, true)));
    expect(pendingListed).toHaveLength(0);

    // A believable order history: paid orders with confirmed transfers, one awaiting confirmation,
    // totals that add up, and lines in every state of their life (ADR 0193).
    const allOrders = await ctx.db.select().from(orders);
    expect(allOrders.filter((o) => o.status === "paid").length).toBeGreaterThanOrEqual(10);
    expect(allOrders.every((o) => o.totalKobo === o.subtotalKobo + o.shippingKobo)).toBe(true);
    const transfers = await ctx.db.select().from(transactions);
    expect(transfers.filter((t) => t.status === "submitted")).toHaveLength(1);
    const lines = await ctx.db.select().from(orderLines);
    expect(new Set(lines.map((l) => l.fulfilment))).toEqual(
      new Set(["unfulfilled", "shipped", "delivered", "received", "completed", "cancelled", "disputed"]),
    );
    // One dispute waiting for the admin (the seller answered), one decided with half refunded.
    const problems = await ctx.db.select().from(orderProblems);
    expect(problems.map((p) => p.status).sort()).toEqual(["answered", "decided"]);
    expect(problems.find((p) => p.status === "decided")!.refundKobo).toBeGreaterThan(0);
  });

  it("has products with real options and variants: a dress in sizes and colours, a phone in storage sizes, shoes (ADR 0215)", async () => {
    const rows = await ctx.db.execute<{ name: string; options: string[]; variants: number; sold_out: number }>(sql`
      select p.name, array(select o.name from product_options o where o.product_id = p.id order by o.position) as options,
        (select count(*)::int from product_variants v where v.product_id = p.id) as variants,
        (select count(*)::int from product_variants v where v.product_id = p.id and v.count_in_stock = 0) as sold_out
      from products p where exists (select 1 from product_options o where o.product_id = p.id) order by p.name`);
    expect(rows.rows).toEqual([
      { name: "Ankara Wrap Dress", options: ["Size", "Colour"], variants: 6, sold_out: 1 },
      { name: "Leather Palm Slippers", options: ["Size"], variants: 4, sold_out: 1 },
      { name: "Tecno Camon 30", options: ["Storage"], variants: 3, sold_out: 1 },
    ]);
  });

  it("has a money history on the ledger, dated when it happened (ADR 0098)", async () => {
    // Every paid order was recorded paid once; received lines were released; one payout paid,
    // one due; refunds of the decided dispute and of the cancelled line (with its shipping share).
    // Journals sum to zero (checked by the database at commit).
    const journals = await ctx.db.execute<{ kind: string; n: number; oldest: string }>(
      sql`select kind, count(*)::int as n, min(created_at)::text as oldest from ledger_journals group by kind`,
    );
    const byKind = Object.fromEntries(journals.rows.map((r) => [r.kind, r]));
    const paidOrders = (await ctx.db.select().from(orders)).filter((o) => o.status === "paid");
    expect(byKind.sale?.n).toBe(paidOrders.length);
    expect(byKind.release?.n).toBeGreaterThanOrEqual(3);
    expect(byKind.payout?.n).toBe(2);
    expect(byKind.payout_paid?.n).toBe(1);
    expect(byKind.refund?.n).toBe(3);
    expect(new Date(byKind.sale!.oldest).getTime()).toBeLessThan(Date.now() - 60 * 86_400_000);
    const unbalanced = await ctx.db.execute(sql`select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0`);
    expect(unbalanced.rows).toHaveLength(0);
    const negative = await ctx.db.execute(sql`
      select a.id from ledger_accounts a join ledger_entries e on e.account_id = a.id
      where a.owner_id is not null group by a.id having sum(e.amount_kobo) < 0`);
    expect(negative.rows).toHaveLength(0);

    // The admin's screens have something to show: sales in several months, a payout due, one paid.
    const [admin] = await ctx.db.select().from(users).where(eq(users.accType, "admin"));
    const { token } = await createSession(ctx.db, admin!.id, 1);
    const finance = (await ctx.request({ method: "GET", url: "/api/admin/finance", token })).json().data;
    expect(finance.series.unit).toBe("month");
    expect(finance.series.points.filter((p: { sales: number }) => p.sales > 0).length).toBeGreaterThanOrEqual(3);
    expect(finance.period).toMatchObject({ refunds: expect.any(Number), payouts_paid: expect.any(Number) });
    expect(finance.period.refunds).toBeGreaterThan(0);
    expect(finance.period.payouts_paid).toBeGreaterThan(0);
    expect(finance.now.payouts_due).toBeGreaterThan(0);
    const payouts = (await ctx.request({ method: "GET", url: "/api/admin/payouts", token })).json().data;
    expect(payouts.map((p: { status: string }) => p.status).sort()).toEqual(["paid", "requested"]);
  });

  it("every account it creates is one that production refuses while it keeps its seeded password (ADR 0150)", async () => {
    // Read from the seeded database, not from a list: an account added to the seed is covered by construction.
    const seeded = (await ctx.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
    expect(seeded.length).toBeGreaterThanOrEqual(13);
    expect([...(await demoAccountsWithPublishedPasswords(ctx.db))].sort()).toEqual(seeded);
    // The banner's accounts changed: every other seeded account is still named.
    const changed = await hashPassword("Changed-by-the-operator-1");
    await ctx.db
      .update(users)
      .set({ passwordHash: changed })
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((d) => d.email),
        ),
      );
    const left = seeded.filter((e) => !DEMO_ACCOUNTS.some((d) => d.email === e));
    expect([...(await demoAccountsWithPublishedPasswords(ctx.db))].sort()).toEqual(left);
    expect(left).toEqual(expect.arrayContaining(["emeka@naijamarket.ng", "funke@naijamarket.ng", "zainab@naijamarket.ng"]));
  });

  it("gives the store's collection account and each seller's payout account a NUBAN of its own, right for its bank", async () => {
    const sellers = await ctx.db.select({ bank: users.bankCode, no: users.accountNo }).from(users).where(eq(users.accType, "business"));
    const accounts = sellers.filter((s) => s.no !== null);
    expect(accounts.length).toBeGreaterThan(1);
    for (const a of accounts) expect(isValidNuban(a.bank!, a.no!), `${a.bank} ${a.no}`).toBe(true);
    // Wema Bank (035) holds the store's account; the demo transfers name it.
    expect(isValidNuban("035", loadConfig({}).STORE_ACCOUNT_NO)).toBe(true);
    const paidInto = await ctx.db.selectDistinct({ no: transactions.clientAccountNo }).from(transactions);
    expect(paidInto.map((t) => t.no)).toEqual([loadConfig({}).STORE_ACCOUNT_NO]);
    const all = [...accounts.map((a) => a.no), loadConfig({}).STORE_ACCOUNT_NO];
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain("0123456789");
  });

  it("serves a generated picture as a real image with nosniff", async () => {
    const [p] = await ctx.db.select().from(products).limit(1);
    const res = await ctx.request({ method: "GET", url: p!.imageUrls[0]! });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    const thumb = await ctx.request({ method: "GET", url: p!.imageUrls[0]!.replace(".webp", "-thumb.webp") });
    expect(thumb.statusCode).toBe(200);
    expect(Number(thumb.headers["content-length"])).toBeLessThan(Number(res.headers["content-length"]));
  });
});
