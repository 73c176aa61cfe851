/**
 * Keyset paging loses no row and shows none twice (lib/keyset.ts, ADR 0020, ADR 0175). Every
 * paginated route of the OpenAPI document (every GET with a `cursor` query parameter) is walked one
 * row at a time and the ids compared with those of one large page. Every row of every list is given
 * the same `created_at`, to the microsecond, so each walk must break its ties by id and carry the
 * time exactly: a cursor that keeps only milliseconds skips the rows that share its time.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { contactMessages, orders, payouts, purchaseReviews, reportCases, reports } from "../src/db/schema/index.js";
import { createCategory, createPost, createProduct, createReview, createUserWithToken } from "../src/db/seed/factories.js";
import { listRoutes } from "./abuse/kit.js";
import { buyAndSubmit, decide } from "./finance-helpers.js";
import { createTestContext } from "./helpers.js";

const ctx = await createTestContext();
afterAll(() => ctx.close());

const admin = await createUserWithToken(ctx.db, { accType: "admin" });
const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
const market = await createCategory(ctx.db, { type: "market-place", name: "Walk Phones" });
const services = await createCategory(ctx.db, { type: "services", name: "Walk Tailors" });
const items = [];
for (let i = 0; i < 4; i++)
  items.push(await createProduct(ctx.db, { userId: seller.user.id, categoryId: market.id, price: 1000 + (i % 2), countInStock: 50 }));
const post = await createPost(ctx.db, { userId: seller.user.id, categoryId: services.id });
for (let i = 0; i < 3; i++) await createPost(ctx.db, { userId: seller.user.id, categoryId: services.id });
for (let i = 0; i < 4; i++) {
  const reviewer = await createUserWithToken(ctx.db);
  await createReview(ctx.db, { postId: post.id, userId: reviewer.user.id, rating: 4, comment: `Review ${i}` });
}
// Three paid orders (two of three lines, one seller) and one more submitted: orders, lines,
// transfers, and the seller's statement (one sale entry per line).
const lines = items.slice(0, 3).map((p, i) => ({ productId: p.id, count: 1, price: 1000 + (i % 2) }));
const first = await buyAndSubmit(ctx, lines);
const second = await buyAndSubmit(ctx, lines);
const third = await buyAndSubmit(ctx, lines.slice(0, 1));
await buyAndSubmit(ctx, lines.slice(0, 1));
for (const paid of [first, second, third]) await decide(ctx, admin.token, paid.transactionId, "confirm");
// The first buyer's history: two more (cancelled) orders beside the paid one.
const [paid] = await ctx.db.select().from(orders).where(sql`${orders.id} = ${first.orderId}`);
for (let i = 0; i < 2; i++) {
  const { id: _, number: _n, paymentReference: _r, ...copy } = paid!;
  await ctx.db.insert(orders).values({ ...copy, status: "cancelled" });
}
for (const status of ["requested", "paid", "failed"] as const)
  for (let i = 0; i < 3; i++)
    await ctx.db.insert(payouts).values({
      sellerId: seller.user.id,
      amountKobo: 100_000 + i,
      status,
      bankCode: "058",
      accountNo: "0123456789",
      accountName: "Walk Seller",
    });
// Verified buyers' reviews (ADR 0212): one per paid line, so the product's and the seller's lists page.
const paidLines = await ctx.db.execute<{ id: string; product_id: string; buyer_id: string }>(
  sql`select ol.id, ol.product_id, o.buyer_id from order_lines ol join orders o on o.id = ol.order_id where o.status = 'paid'`,
);
for (const l of paidLines.rows)
  await ctx.db.insert(purchaseReviews).values({
    orderLineId: l.id,
    buyerId: l.buyer_id,
    sellerId: seller.user.id,
    productId: l.product_id,
    productRating: 4,
    sellerRating: 5,
    comment: "Walked",
  });
// Reports (ADR 0213): one open case per reported product of the seller, each with one report.
for (const item of items) {
  const [c] = await ctx.db.insert(reportCases).values({ targetType: "product", targetId: item.id, sellerId: seller.user.id }).returning();
  await ctx.db
    .insert(reports)
    .values({ caseId: c!.id, targetType: "product", targetId: item.id, reporterId: admin.user.id, reason: "counterfeit" });
}
// The admins' inbox: contact messages, all unread.
for (let i = 0; i < 4; i++) await ctx.db.insert(contactMessages).values({ name: `Sender ${i}`, email: `sender${i}@example.ng` });

// One time for every row of every list, with microseconds that a millisecond cursor drops. (The
// statement pages by ledger entry id, and ledger rows are append-only.)
const SAME_TIME = "2026-11-20 10:00:00.123456+00";
for (const table of [
  "users",
  "products",
  "posts",
  "reviews",
  "orders",
  "order_lines",
  "transactions",
  "payouts",
  "notifications",
  "contact_messages",
  "purchase_reviews",
  "search_items",
  "report_cases",
])
  await ctx.db.execute(sql`update ${sql.identifier(table)} set created_at = ${SAME_TIME}::timestamptz`);

/**
 * How to call each paginated route: its caller and one query per list it serves. A paginated route
 * missing here fails the first test.
 */
const CALLS: Record<string, { token?: string; queries: string[] }> = {
  "/api/product": { queries: ["sort=newest", "sort=price_asc", "sort=price_desc", `seller=${seller.user.id}`] },
  "/api/posts": { queries: ["sort=newest", "sort=rating"] },
  "/api/posts/reviews": { queries: [`post_id=${post.id}`] },
  "/api/orders": { token: first.shopper.token, queries: [""] },
  "/api/orders/lines": { token: seller.token, queries: [""] },
  "/api/admin/transactions": { token: admin.token, queries: ["", "status=confirmed"] },
  "/api/admin/users": { token: admin.token, queries: ["account_type=customer"] },
  "/api/earnings": { token: seller.token, queries: [""] },
  "/api/payouts": { token: seller.token, queries: [""] },
  "/api/admin/payouts": { token: admin.token, queries: ["", "status=paid"] },
  // The seller was told of each of the three paid orders ("new order to ship").
  "/api/notifications": { token: seller.token, queries: [""] },
  "/api/admin/messages": { token: admin.token, queries: ["", "unread=true"] },
  // Products and services together (ADR 0205): by newest, by price, and by relevance (ties by id).
  "/api/search": { queries: ["sort=newest", "sort=price_asc", "q=walk", `user_id=${seller.user.id}&sort=price_desc`] },
  "/api/admin/reports": { token: admin.token, queries: [""] },
  "/api/me/reports": { token: seller.token, queries: [""] },
  "/api/reviews": { queries: [`product_id=${items[0]!.id}`, `seller_id=${seller.user.id}`] },
};

const routes = (await listRoutes(ctx)).filter((r) => r.method === "GET" && r.params.some((p) => p.in === "query" && p.name === "cursor"));

type Row = { _id: string };
type Answer = { data: unknown; products?: Row[]; statement?: Row[]; nextCursor?: string | null };

/** The ids of a list answer's rows: `data`, or the catalog's `products`, or the earnings' `statement`, or `data.items` (notifications). */
function ids(body: Answer): string[] {
  const rows = (
    Array.isArray(body.data) ? body.data : (body.products ?? body.statement ?? (body.data as { items?: Row[] })?.items)
  ) as Row[];
  return rows.map((r) => r._id);
}

async function get(path: string, query: string, token?: string): Promise<Answer> {
  const res = await ctx.request({ method: "GET", url: `${path}?${query}`, token });
  expect(res.statusCode, `${path}?${query}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
}

describe("keyset paging", () => {
  it("covers every paginated route of the OpenAPI document", () => {
    const paths = routes.map((r) => r.path).sort();
    expect(paths.length).toBeGreaterThanOrEqual(10);
    for (const p of paths) expect(CALLS, `no call plan for the paginated route ${p}`).toHaveProperty([p]);
  });

  it("walks every list one row at a time and sees exactly the rows of one large page", async () => {
    const walked: string[] = [];
    const lost: string[] = [];
    for (const r of routes) {
      const call = CALLS[r.path]!;
      const limit = r.params.find((p) => p.name === "limit")?.schema.maximum ?? 100;
      for (const query of call.queries) {
        const what = `${r.path}?${query}`;
        const all = ids(await get(r.path, [query, `limit=${limit}`].filter(Boolean).join("&"), call.token));
        expect(all.length, `${what} has rows to walk`).toBeGreaterThanOrEqual(3);
        const seen: string[] = [];
        let cursor: string | null | undefined;
        do {
          const page = await get(r.path, [query, "limit=1", cursor && `cursor=${cursor}`].filter(Boolean).join("&"), call.token);
          seen.push(...ids(page));
          // The search answers its cursor inside `data`, beside its facets (ADR 0205).
          cursor = page.nextCursor ?? (page.data as { nextCursor?: string | null } | undefined)?.nextCursor;
        } while (cursor && seen.length <= all.length);
        if (JSON.stringify(seen) !== JSON.stringify(all)) lost.push(`${what}: walked ${seen.length} of ${all.length} rows`);
        walked.push(what);
      }
    }
    expect(lost).toEqual([]);
    expect(walked.length).toBeGreaterThanOrEqual(14);
  });
});
