/**
 * Forged listing cursors (ADR 0080). A cursor is opaque but comes back from the client: every
 * paginated route must answer a forged one with 400 "Invalid cursor" (never a 500 from a failed
 * PostgreSQL cast), and must keep accepting its own cursors. The paginated routes are found in the
 * app's OpenAPI document (every GET with a `cursor` query parameter), so a new one is covered here
 * without editing this file. The timestamp check is also held against PostgreSQL itself.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { orderLines, orders, transactions } from "../src/db/schema/index.js";
import { createCategory, createPost, createProduct, createReaction, createReview, createUserWithToken } from "../src/db/seed/factories.js";
import { INVALID_CURSOR, isTimestampText } from "../src/lib/cursor.js";
import { listRoutes } from "./abuse/kit.js";
import { createTestContext } from "./helpers.js";

const ctx = await createTestContext();
afterAll(() => ctx.close());

/* A little of everything, so that every list has at least three rows. */
const admin = await createUserWithToken(ctx.db, { accType: "admin" });
const seller = await createUserWithToken(ctx.db, { accType: "business", status: "approved" });
const buyer = await createUserWithToken(ctx.db);
const market = await createCategory(ctx.db, { type: "market-place", name: "Cursor Phones" });
const services = await createCategory(ctx.db, { type: "services", name: "Cursor Tailors" });
const items = [];
for (let i = 0; i < 3; i++) items.push(await createProduct(ctx.db, { userId: seller.user.id, categoryId: market.id, price: 1000 + i }));
const post = await createPost(ctx.db, { userId: seller.user.id, categoryId: services.id });
for (let i = 0; i < 2; i++) await createPost(ctx.db, { userId: seller.user.id, categoryId: services.id });
await createReaction(ctx.db, { postId: post.id, userId: buyer.user.id, stars: 4 });
for (let i = 0; i < 3; i++) {
  const reviewer = await createUserWithToken(ctx.db);
  await createReview(ctx.db, { postId: post.id, userId: reviewer.user.id, rating: 4, comment: `Review ${i}` });
}
for (const [i, item] of items.entries()) {
  const [order] = await ctx.db
    .insert(orders)
    .values({
      buyerId: buyer.user.id,
      status: "paid",
      subtotalKobo: item.priceKobo,
      shippingKobo: 200_000,
      totalKobo: item.priceKobo + 200_000,
      shippingAddress: {
        first_name: "Tunde",
        last_name: "Bakare",
        company: "",
        address1: `${i} Allen Avenue`,
        address2: "",
        city: "Ikeja",
        state: "Lagos",
        country: "Nigeria",
        zip: "",
        phone: "+2348031234567",
      },
      reservedUntil: new Date(),
    })
    .returning();
  await ctx.db.insert(orderLines).values({
    orderId: order!.id,
    productId: item.id,
    sellerId: seller.user.id,
    name: item.name,
    unitPriceKobo: item.priceKobo,
    quantity: 1,
  });
  await ctx.db.insert(transactions).values({
    orderId: order!.id,
    buyerId: buyer.user.id,
    amountKobo: order!.totalKobo,
    clientAccountNo: "0123456789",
    clientBank: "Wema Bank",
    clientAccountName: "Naija Market Ltd",
    payerAccountNo: "0987654321",
    status: "confirmed",
  });
}

/**
 * How to call each paginated route: the caller allowed to, and one query per list it serves
 * (required parameters, each sort). A paginated route missing here fails the first test.
 */
/**
 * How to call each paginated route. `walk: false`: this file has no data for a second page there
 * (ledger entries and payouts need a paid, delivered order; notifications and contact messages
 * come from events and the contact form); finance-earnings.test.ts walks the statement's pages,
 * keyset-paging.test.ts every list.
 */
const CALLS: Record<string, { token?: string; queries: string[]; walk?: false }> = {
  "/api/product": { queries: ["sort=newest", "sort=price_asc", "sort=price_desc"] },
  "/api/posts": { queries: ["sort=newest", "sort=rating"] },
  "/api/posts/reviews": { queries: [`post_id=${post.id}`] },
  "/api/orders": { token: buyer.token, queries: [""] },
  "/api/orders/lines": { token: seller.token, queries: [""] },
  "/api/admin/transactions": { token: admin.token, queries: ["", "status=confirmed"] },
  "/api/admin/users": { token: admin.token, queries: ["account_type=customer"] },
  "/api/earnings": { token: seller.token, queries: [""], walk: false },
  "/api/payouts": { token: seller.token, queries: [""], walk: false },
  "/api/admin/payouts": { token: admin.token, queries: ["", "status=paid"], walk: false },
  "/api/notifications": { token: buyer.token, queries: [""], walk: false },
  "/api/admin/messages": { token: admin.token, queries: ["", "unread=true"], walk: false },
  "/api/search": { queries: ["sort=newest", "sort=price_asc", "q=product"] },
  "/api/admin/reports": { token: admin.token, queries: ["", "status=decided"], walk: false },
  "/api/me/reports": { token: seller.token, queries: [""], walk: false },
  "/api/reviews": { queries: [`product_id=${items[0]!.id}`, `seller_id=${seller.user.id}`], walk: false },
};

const routes = (await listRoutes(ctx)).filter((r) => r.method === "GET" && r.params.some((p) => p.in === "query" && p.name === "cursor"));

const b64 = (v: unknown) => Buffer.from(typeof v === "string" ? v : JSON.stringify(v)).toString("base64url");
const id = randomUUID();
const DASHES = "-".repeat(36);
/** Keys PostgreSQL refuses to cast (or that are no real instant or number). */
const BAD_TIMES = ["2026-13-45 10:00:00+00", "2026-02-30 10:00:00+00", "2026-01-01 25:00:00+00", "1", "tomorrow", "2026-01-01T10:00:00+99"];
const BAD_NUMBERS = ["12abc", "1e400", "NaN", "--1", "1.5.2"];

/** Forged cursors in each of the app's cursor formats: catalog, orders, admin users, payouts and the statement. */
const FORGED: string[] = [
  "not-a-cursor",
  b64("[]"),
  ...["newest", "reviews"].flatMap((sort) => [
    ...BAD_TIMES.map((k) => b64([sort, k, id, 0, 1])),
    b64([sort, "2026-01-01 10:00:00.123456+00", DASHES, 0, 1]),
  ]),
  ...["price_asc", "price_desc", "rating"].flatMap((sort) => [
    ...BAD_NUMBERS.map((k) => b64([sort, k, id, 0, 1])),
    b64([sort, "1000", DASHES, 0, 1]),
  ]),
  // Beyond int8: a price key PostgreSQL cannot hold.
  b64(["price_asc", "99999999999999999999999", id, 0, 1]),
  ...BAD_TIMES.map((t) => b64([t, id])),
  b64(["2026-01-01T10:00:00.000Z", DASHES]),
  ...BAD_TIMES.map((t) => b64(`${t}|${id}`)),
  b64(`2026-01-01 10:00:00.123456+00|${DASHES}`),
  // The seller's statement pages by ledger entry id (int8).
  ...BAD_NUMBERS.map((n) => b64([n])),
  b64(["99999999999999999999999"]),
];

const url = (path: string, query: string, extra: string) => `${path}?${[query, extra].filter(Boolean).join("&")}`;

describe("paginated routes", () => {
  it("are found in the OpenAPI document, and each is known to this test", () => {
    const paths = routes.map((r) => r.path).sort();
    expect(paths.length).toBeGreaterThanOrEqual(7);
    for (const p of paths) expect(CALLS, `no call plan for the paginated route ${p}`).toHaveProperty([p]);
  });

  it("answer every forged cursor with 400 Invalid cursor, never 500", async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const r of routes) {
      const call = CALLS[r.path]!;
      for (const query of call.queries)
        for (const cursor of FORGED) {
          const res = await ctx.request({ method: "GET", url: url(r.path, query, `cursor=${cursor}`), token: call.token });
          sent++;
          const body = res.json() as { statusCode?: number; message?: string };
          if (res.statusCode !== 400 || body.message !== INVALID_CURSOR)
            failures.push(`${r.path}?${query} ${Buffer.from(cursor, "base64url").toString()} -> ${res.statusCode} ${body.message}`);
        }
    }
    expect(sent).toBeGreaterThan(500);
    expect(failures, failures.slice(0, 20).join("\n")).toEqual([]);
  });

  it("answer random cursors of every format with 200 or 400, never 5xx", async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString().replace("T", " ")),
    );
    const anyId = fc.oneof(fc.uuid(), fc.stringMatching(/^[0-9a-f-]{36}$/));
    const cursor = fc.oneof(
      fc
        .tuple(fc.constantFrom("newest", "price_asc", "price_desc", "rating", "reviews"), text, anyId)
        .map(([s, k, i]) => b64([s, k, i, 0, 1])),
      fc.tuple(text, anyId).map(([t, i]) => b64([t, i])),
      fc.tuple(text, anyId).map(([t, i]) => b64(`${t}|${i}`)),
      fc.string({ maxLength: 120 }).map(encodeURIComponent),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), cursor, async (r, c) => {
        const call = CALLS[r.path]!;
        const res = await ctx.request({ method: "GET", url: url(r.path, call.queries.at(-1)!, `cursor=${c}`), token: call.token });
        expect([200, 400], `${r.path} ${Buffer.from(c, "base64url").toString()} -> ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      }),
      { numRuns: 300 },
    );
  });

  it("still walk every page by their own cursors", async () => {
    for (const r of routes) {
      const call = CALLS[r.path]!;
      for (const query of call.queries) {
        let cursor: string | null = null;
        let pages = 0;
        do {
          const res = await ctx.request({
            method: "GET",
            url: url(r.path, query, `limit=1${cursor ? `&cursor=${cursor}` : ""}`),
            token: call.token,
          });
          expect(res.statusCode, `${r.path}?${query} page ${pages + 1}: ${res.body.slice(0, 200)}`).toBe(200);
          // The search answers its cursor inside `data`, beside its facets (ADR 0205).
          cursor = res.json().nextCursor ?? res.json().data?.nextCursor ?? null;
          pages++;
        } while (cursor && pages < 10);
        expect(pages, `${r.path}?${query}`).toBeGreaterThanOrEqual(call.walk === false ? 1 : 2);
      }
    }
  });
});

describe("the timestamp check", () => {
  const two = (n: number) => String(n).padStart(2, "0");

  it("accepts only text PostgreSQL casts to timestamptz", async () => {
    const arb = fc
      .record({
        y: fc.integer({ min: 0, max: 9999 }),
        mo: fc.integer({ min: 0, max: 14 }),
        d: fc.integer({ min: 0, max: 33 }),
        h: fc.integer({ min: 0, max: 26 }),
        mi: fc.integer({ min: 0, max: 61 }),
        s: fc.integer({ min: 0, max: 61 }),
        frac: fc.constantFrom("", ".5", ".123456"),
        sep: fc.constantFrom(" ", "T"),
        off: fc.constantFrom("Z", "+00", "-05:30", "+15:59:59", "+16", "+05:61", "+01:00:61", "+14:45"),
      })
      .map((p) => `${String(p.y).padStart(4, "0")}-${two(p.mo)}-${two(p.d)}${p.sep}${two(p.h)}:${two(p.mi)}:${two(p.s)}${p.frac}${p.off}`);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(arb, async (text) => {
        if (!isTimestampText(text)) return;
        accepted++;
        await expect(ctx.db.$client.query("select $1::timestamptz", [text]), text).resolves.toBeTruthy();
      }),
      { numRuns: 400, examples: [["2024-02-29 23:59:59.999999+15:59:59"], ["0001-01-01T00:00:00Z"]] },
    );
    expect(accepted).toBeGreaterThan(20);
    for (const bad of ["2025-02-29 10:00:00+00", "2026-04-31 10:00:00+00", "2026-01-01 10:00:00", "2026-01-01 10:00:00+16"])
      expect(isTimestampText(bad), bad).toBe(false);
  });

  it("accepts PostgreSQL's own text of any instant, in any session time zone", async () => {
    const client = await ctx.db.$client.connect();
    try {
      for (const zone of ["UTC", "Africa/Lagos", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham"]) {
        await client.query(`set time zone '${zone}'`);
        const { rows } = await client.query<{ t: string }>(
          `select (timestamptz '1850-03-01 12:00:00+00' + n * interval '1 day 7 hours 13 minutes 1.234567 seconds' * 997)::text as t
           from generate_series(0, 40) n`,
        );
        for (const { t } of rows) expect(isTimestampText(t), `${zone}: ${t}`).toBe(true);
      }
    } finally {
      client.release();
    }
  });
});
