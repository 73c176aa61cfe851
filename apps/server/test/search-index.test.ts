/**
 * The in-memory search index of each store process (ADR 0227): every process finds a new, edited or
 * deleted item within a second, and a transaction that commits after a later one is not skipped.
 */
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { createDb } from "../src/db/client.js";
import { posts, products } from "../src/db/schema/index.js";
import { createCategory, createPost, createProduct, createUserWithToken } from "../src/db/seed/factories.js";
import { IndexData, parseTsvector, posOf, SearchIndex, weightOf } from "../src/modules/search/memory-index.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
/** A second store process on the same database, with the default freshness (SEARCH_FRESH_MS 250). */
let other: FastifyInstance;
let closeOther: () => Promise<void>;
let categoryId: string;
let sellerId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const db = createDb(ctx.url, 5);
  other = await buildApp({ ...ctx.config, SEARCH_FRESH_MS: 250 }, db);
  await other.ready();
  closeOther = async () => {
    await other.close();
    await db.$client.end();
  };
  categoryId = (await createCategory(ctx.db, { name: "Phones", type: "market-place" })).id;
  sellerId = (await createUserWithToken(ctx.db, { accType: "business", status: "approved" })).user.id;
});
afterAll(async () => {
  await closeOther?.();
  await ctx?.close();
});

const names = async (app: FastifyInstance, q: string) =>
  ((await app.inject({ method: "GET", url: `/api/search?q=${encodeURIComponent(q)}` })).json().data.items as { name: string }[]).map(
    (i) => i.name,
  );

/** Ask `app` until `ok` holds of its answer, for at most `ms`; the last answer. */
async function within(ms: number, app: FastifyInstance, q: string, ok: (n: string[]) => boolean): Promise<string[]> {
  const end = performance.now() + ms;
  for (;;) {
    const n = await names(app, q);
    if (ok(n) || performance.now() > end) return n;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("the in-memory search index", () => {
  it("finds a new, edited or deleted item within a second in another store process", async () => {
    expect(await names(other, "zebrafone")).toEqual([]);
    const item = await createProduct(ctx.db, { userId: sellerId, categoryId, name: "Zebrafone X1", price: 5000 });
    expect(await within(1000, other, "zebrafone", (n) => n.length > 0)).toEqual(["Zebrafone X1"]);
    await ctx.db.update(products).set({ name: "Quaggafone X1" }).where(eq(products.id, item.id));
    expect(await within(1000, other, "quaggafone", (n) => n.length > 0)).toEqual(["Quaggafone X1"]);
    expect(await within(1000, other, "zebrafone", (n) => n.length === 0)).toEqual([]);
    await ctx.db.delete(products).where(eq(products.id, item.id));
    expect(await within(1000, other, "quaggafone", (n) => n.length === 0)).toEqual([]);
  });

  it("does not skip a transaction that commits after a later one", async () => {
    // The words exist already: a new word's lexicon row would make the later writer wait for the earlier.
    const words = await createProduct(ctx.db, { userId: sellerId, categoryId, name: "Okapiphone Early Late", price: 5000 });
    await ctx.db.delete(products).where(eq(products.id, words.id));
    expect(await names(ctx.app, "okapiphone")).toEqual([]);
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let written!: () => void;
    const inserted = new Promise<void>((r) => {
      written = r;
    });
    // The earlier transaction writes first and commits last.
    const early = ctx.db.transaction(async (tx) => {
      await createProduct(tx, { userId: sellerId, categoryId, name: "Okapiphone Early", price: 5000 });
      written();
      await held;
    });
    await inserted;
    await createProduct(ctx.db, { userId: sellerId, categoryId, name: "Okapiphone Late", price: 5000 });
    expect(await names(ctx.app, "okapiphone")).toEqual(["Okapiphone Late"]);
    release();
    await early;
    expect((await names(ctx.app, "okapiphone")).sort()).toEqual(["Okapiphone Early", "Okapiphone Late"]);
  });

  it("reloads after the index tables are emptied (a rebuild) and finds the rebuilt rows", async () => {
    await createProduct(ctx.db, { userId: sellerId, categoryId, name: "Elandphone", price: 5000 });
    expect(await names(ctx.app, "elandphone")).toEqual(["Elandphone"]);
    await ctx.db.$client.query("truncate search_items, search_words");
    expect(await names(ctx.app, "elandphone")).toEqual([]);
    await ctx.db.$client.query("select search_index_products(array(select id from products))");
    expect(await names(ctx.app, "elandphone")).toEqual(["Elandphone"]);
  });
});

describe("loading the index", () => {
  it("lets other work run between slices of rows while it loads (requests do not wait for the whole load)", async () => {
    await ctx.db.$client.query(
      `insert into products (user_id, category_id, name, description, price_kobo, count_in_stock, image_urls, listed)
       select $1, $2, 'Slicephone ' || g, '', 100000, 5, '{}', true from generate_series(1, 2500) g`,
      [sellerId, categoryId],
    );
    // Turns of the event loop, counted while the rows are indexed: each row notes the turn it was
    // indexed in. Without a pause, one statement's rows would all be indexed in a single turn.
    let turn = 0;
    let counting = true;
    const tick = () => {
      turn++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const turns = new Set<number>();
    const original = IndexData.prototype.add;
    IndexData.prototype.add = function (this: IndexData, row) {
      turns.add(turn);
      original.call(this, row);
    };
    try {
      await new SearchIndex(ctx.db, 250, () => 0).current();
    } finally {
      IndexData.prototype.add = original;
      counting = false;
    }
    expect(turns.size).toBeGreaterThanOrEqual(3);
  });
});

describe("ranking as the PostgreSQL engine did", () => {
  it("ranks past the first few hundred slots (every item has its scratch space)", async () => {
    // 900 items: more than the smallest scratch arrays hold; half out of stock, which halves a
    // score, so the first page must be the in-stock half.
    await ctx.db.$client.query(
      `insert into products (user_id, category_id, name, description, price_kobo, count_in_stock, image_urls, listed)
       select $1, $2, 'Gnuphone ' || g, '', 100000, case when g % 2 = 0 then 5 else 0 end, '{}', true from generate_series(1, 900) g`,
      [sellerId, categoryId],
    );
    const res = await ctx.app.inject({ method: "GET", url: "/api/search?q=gnuphone&limit=48" });
    const items = res.json().data.items as { count_in_stock: number }[];
    expect(res.json().data.total).toBe(900);
    expect(items.filter((i) => i.count_in_stock === 0)).toEqual([]);
  });

  it("finds the same items when a search is repeated, whatever the searches before it marked", async () => {
    // A pass's marks stay in the scratch (nothing clears them after a search): only the map of the
    // slots this pass reached tells them apart, or an old mark would read as "reached" and the
    // items would be skipped.
    await ctx.db.$client.query(
      `insert into products (user_id, category_id, name, description, price_kobo, count_in_stock, image_urls, listed)
       select $1, $2, 'Wrapphone ' || g || case when g % 3 = 0 then ' Wrapcase' else '' end, '', 100000, 5, '{}', true
       from generate_series(1, 30) g`,
      [sellerId, categoryId],
    );
    const data = async (q: string) => (await ctx.app.inject({ method: "GET", url: `/api/search?q=${q}&limit=10` })).json().data;
    const withCase = (d: { items: { name: string }[] }) => d.items.filter((i) => i.name.endsWith("Wrapcase")).length;
    expect((await data("wrapphone")).total).toBe(30);
    expect((await data("wrapphone")).total).toBe(30);
    expect((await data("wrapcase")).total).toBe(10);
    // Both words first: the ten with Wrapcase, then those with Wrapphone only.
    const both = await data("wrapphone%20wrapcase");
    expect([both.total, withCase(both)]).toEqual([30, 10]);
    expect((await data("wrapcase")).total).toBe(10);
  });

  it("ranks the same when a search reaches more items than a pass zeroes at a time, and again", async () => {
    // A pass zeroes the rank sums of the places it reaches a block at a time (engine.ts): a place
    // past the first block holding an earlier search's sum would rank above the best item.
    await createProduct(ctx.db, {
      userId: sellerId,
      categoryId,
      name: "Blockphone Prime",
      description: "The blockphone with the best rank",
      price: 5000,
      countInStock: 3,
    });
    await ctx.db.$client.query(
      `insert into products (user_id, category_id, name, description, price_kobo, count_in_stock, image_urls, listed)
       select $1, $2, 'Blockphone ' || g, '', 100000, 5, '{}', true from generate_series(1, 2500) g`,
      [sellerId, categoryId],
    );
    const first = async () => {
      const data = (await ctx.app.inject({ method: "GET", url: "/api/search?q=blockphone&limit=3" })).json().data;
      return [data.total, data.items[0].name];
    };
    expect(await first()).toEqual([2501, "Blockphone Prime"]);
    expect(await first()).toEqual([2501, "Blockphone Prime"]);
  });

  it("counts and filters ratings by whole stars: 3.67 stars is 3 and up, not 4 and up", async () => {
    const services = await createCategory(ctx.db, { name: "Brewing", type: "services" });
    const post = await createPost(ctx.db, { userId: sellerId, categoryId: services.id, body: "Zymurgy classes in Yaba" });
    await ctx.db.update(posts).set({ ratingCount: 3, ratingSum: 11 }).where(eq(posts.id, post.id));
    const data = async (query: string) => (await ctx.app.inject({ method: "GET", url: `/api/search?q=zymurgy${query}` })).json().data;
    expect((await data("")).facets.rating).toEqual({ "4": 0, "3": 1 });
    expect((await data("&min_rating=4")).total).toBe(0);
    expect((await data("&min_rating=3")).total).toBe(1);
  });

  it("ranks the typed words as a phrase when a synonym joins them into one clause (gas cooker)", async () => {
    // The phrase wins over stock: the out-of-stock "Gas Cooker" (both words, side by side) above an
    // in-stock item with "cooker" only, as ts_rank's phrase term ranked it.
    await createProduct(ctx.db, { userId: sellerId, categoryId, name: "Gas Cooker Tabletop", price: 5000, countInStock: 0 });
    await createProduct(ctx.db, { userId: sellerId, categoryId, name: "Cooker Hood Steel", price: 5000, countInStock: 3 });
    expect((await names(ctx.app, "gas cooker")).slice(0, 2)).toEqual(["Gas Cooker Tabletop", "Cooker Hood Steel"]);
  });

  it("takes seller and category ids in either case, as the uuid type did", async () => {
    await createProduct(ctx.db, { userId: sellerId, categoryId, name: "Caseblind Phone", price: 5000 });
    const url = `/api/search?q=caseblind&user_id=${sellerId.toUpperCase()}&category_id=${categoryId.toUpperCase()}`;
    expect((await ctx.app.inject({ method: "GET", url })).json().data.items.map((i: { name: string }) => i.name)).toEqual([
      "Caseblind Phone",
    ]);
  });
});

describe("reading a tsvector as PostgreSQL prints it", () => {
  it("reads lexemes, quotes, positions and weights (D has no letter)", async () => {
    const printed = (
      await ctx.db.$client.query<{ v: string }>(
        "select (setweight(to_tsvector('simple', 'Obi''s phone phone'), 'A') || setweight(to_tsvector('simple', 'case'), 'C') || to_tsvector('simple', 'zz'))::text as v",
      )
    ).rows[0]!.v;
    const read = parseTsvector(printed).map((t) => ({ lexeme: t.lexeme, at: t.positions.map((p) => `${posOf(p)}${"DCBA"[weightOf(p)]}`) }));
    expect(read).toEqual([
      { lexeme: "case", at: ["5C"] },
      { lexeme: "obi", at: ["1A"] },
      { lexeme: "phone", at: ["3A", "4A"] },
      { lexeme: "s", at: ["2A"] },
      { lexeme: "zz", at: ["6D"] },
    ]);
    expect(parseTsvector("'it''s':1B 'a\\\\b':2")).toEqual([
      { lexeme: "it's", positions: [1 | (2 << 14)] },
      { lexeme: "a\\b", positions: [2] },
    ]);
  });
});
