/**
 * DATABASE_READ_URL (db/read.ts, ADR 0106): the public catalog reads of callers who are not signed
 * in (listing and search, categories, reviews, item pages, sitemap) go to the read pool; signed-in
 * callers read from the primary, so a seller's next request sees their write. A real replica
 * cannot be built here, so the "replica" is a second database whose data differs from the
 * primary's: a replica-only item shows which pool answered, and a write made on the primary only
 * stands for one the replica has not replayed yet.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createDb, type Db } from "../src/db/client.js";
import { type CaughtUp, createReadRouting } from "../src/db/read.js";
import { categories, products, users } from "../src/db/schema/index.js";
import { createCategory, createPost, createProduct, createUser, createUserWithToken } from "../src/db/seed/factories.js";
import { createTestContext, type TestContext } from "./helpers.js";

let replica: TestContext;
let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let phones: typeof categories.$inferSelect;
let shared: typeof products.$inferSelect;
let replicaOnly: { category: string; product: string; post: string };

beforeAll(async () => {
  replica = await createTestContext();
  ctx = await createTestContext({ DATABASE_READ_URL: replica.url });
  // What both databases hold: the seller, a category and a product, row for row (a replica in step).
  seller = await createUserWithToken(ctx.db, { accType: "business" });
  phones = await createCategory(ctx.db, { name: "Phones", type: "market-place" });
  shared = await createProduct(ctx.db, { userId: seller.user.id, categoryId: phones.id, name: "Tecno Spark", price: 5000 });
  await replica.db.insert(users).values((await ctx.db.select().from(users).where(eq(users.id, seller.user.id)))[0]!);
  await replica.db.insert(categories).values(phones);
  await replica.db.insert(products).values(shared);
  // What only the replica holds.
  const services = await createCategory(replica.db, { name: "Replica-only services", type: "services" });
  const other = await createUser(replica.db, { accType: "business" });
  replicaOnly = {
    category: services.id,
    product: (await createProduct(replica.db, { userId: other.id, categoryId: phones.id, name: "Replica-only Itel" })).id,
    post: (await createPost(replica.db, { userId: other.id, categoryId: services.id, body: "Replica-only tailoring" })).id,
  };
});
afterAll(async () => {
  await ctx?.close();
  await replica?.close();
});

const anonymous = (url: string) => ctx.request({ method: "GET", url });
const signedIn = (url: string) => ctx.request({ method: "GET", url, token: seller.token });
const names = (res: { json(): { products: Array<{ name: string; price: number }> } }) =>
  Object.fromEntries(res.json().products.map((p) => [p.name, p.price]));

describe("catalog reads with DATABASE_READ_URL", () => {
  it("anonymous listing, search, categories, services, item pages and the sitemap read from the read pool", async () => {
    expect(names(await anonymous(`/api/product?category=${phones.id}`))).toEqual({ "Replica-only Itel": 1000, "Tecno Spark": 5000 });
    expect(names(await anonymous("/api/product?search=Itel"))).toEqual({ "Replica-only Itel": 1000 });
    expect((await anonymous("/api/category")).json().data.map((c: { name: string }) => c.name)).toContain("Replica-only services");
    expect((await anonymous("/api/posts")).json().products.map((p: { _id: string }) => p._id)).toEqual([replicaOnly.post]);
    expect((await anonymous(`/api/posts/reviews?post_id=${replicaOnly.post}`)).statusCode).toBe(200);
    expect((await anonymous(`/product/market-place/${replicaOnly.product}`)).statusCode).toBe(200);
    expect((await anonymous("/sitemap.xml")).body).toContain(`/product/market-place/${replicaOnly.product}`);
  });

  it("signed-in callers read from the primary", async () => {
    expect(names(await signedIn(`/api/product?category=${phones.id}`))).toEqual({ "Tecno Spark": 5000 });
    expect((await signedIn("/api/category")).json().data.map((c: { name: string }) => c.name)).not.toContain("Replica-only services");
    expect((await signedIn("/api/posts")).json().products).toEqual([]);
  });

  it("the writer's next request sees the write while the replica does not have it yet", async () => {
    const write = await ctx.request({ method: "PUT", url: "/api/product", token: seller.token, payload: { _id: shared.id, price: 7000 } });
    expect(write.statusCode).toBe(200);
    expect(names(await signedIn(`/api/product?category=${phones.id}`))).toEqual({ "Tecno Spark": 7000 });
    expect((await signedIn(`/api/product?id=${shared.id}`)).json().products.price).toBe(7000);
    // Everyone else sees the catalog as the replica has it once it counts as caught up (this
    // "replica" is no standby, so at the first check): here without the write.
    await ctx.app.readRouting.settled();
    expect(names(await anonymous(`/api/product?category=${phones.id}`))["Tecno Spark"]).toBe(5000);
  });

  it("item details read from the primary for everyone: their public part is cached for signed-in callers too (ADR 0125)", async () => {
    expect((await anonymous(`/api/product?id=${replicaOnly.product}`)).statusCode).toBe(404);
    expect((await anonymous(`/api/product?id=${shared.id}`)).json().products.price).toBe(7000);
  });
});

describe("with the shared answers cache on (PUBLIC_CACHE)", () => {
  it("after a write, anonymous reads (which fill answers signed-in callers get too) come from the primary until the replica has caught up", async () => {
    const lagging = await createTestContext();
    const app = await createTestContext({ DATABASE_READ_URL: lagging.url, PUBLIC_CACHE: "true" });
    try {
      const one = await createUserWithToken(app.db, { accType: "business" });
      const cat = await createCategory(app.db, { type: "market-place" });
      const p = await createProduct(app.db, { userId: one.user.id, categoryId: cat.id, name: "Kettle", price: 5000 });
      await lagging.db.insert(users).values((await app.db.select().from(users).where(eq(users.id, one.user.id)))[0]!);
      await lagging.db.insert(categories).values(cat);
      await lagging.db.insert(products).values(p);
      const prices = async (url: string) =>
        (await app.request({ method: "GET", url })).json().products.map((x: { price: number }) => x.price);
      expect(await prices(`/api/product?category=${cat.id}&limit=5`)).toEqual([5000]);

      const write = await app.request({ method: "PUT", url: "/api/product", token: one.token, payload: { _id: p.id, price: 7000 } });
      expect(write.statusCode).toBe(200);
      // The next anonymous read, the one that refills the emptied cache, reads the primary.
      expect(await prices(`/api/product?category=${cat.id}&limit=5`)).toEqual([7000]);
      // The signed-in writer gets that shared answer: their write.
      const mine = await app.request({ method: "GET", url: `/api/product?category=${cat.id}&limit=5`, token: one.token });
      expect(mine.headers["x-cache"]).toBe("hit");
      expect(mine.json().products[0].price).toBe(7000);
      // Once the replica counts as caught up (no standby here: at the first check) it serves again.
      await app.app.readRouting.settled();
      expect(await prices(`/api/product?category=${cat.id}&limit=6`)).toEqual([5000]);
    } finally {
      await app.close();
      await lagging.close();
    }
  });
});

describe("without DATABASE_READ_URL", () => {
  it("every read uses the one pool", async () => {
    const single = await createTestContext();
    try {
      expect(single.app.readDb).toBe(single.app.db);
      const one = await createUserWithToken(single.db, { accType: "business" });
      const cat = await createCategory(single.db, { type: "market-place" });
      const p = await createProduct(single.db, { userId: one.user.id, categoryId: cat.id, name: "Only one" });
      await single.request({ method: "PUT", url: "/api/product", token: one.token, payload: { _id: p.id, price: 2500 } });
      const list = await single.request({ method: "GET", url: `/api/product?category=${cat.id}` });
      expect(list.json().products.map((x: { price: number }) => x.price)).toEqual([2500]);
    } finally {
      await single.close();
    }
  });

  it("DATABASE_READ_URL naming the primary itself: a second pool, and anonymous callers see a write at once", async () => {
    const base = await createTestContext();
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      DATABASE_URL: base.url,
      DATABASE_READ_URL: base.url,
      SEED_DEMO: "false",
    });
    const readDb = createDb(base.url, 2);
    const app = await buildApp(config, base.db, { readDb });
    try {
      expect(app.readDb).toBe(readDb);
      const one = await createUserWithToken(base.db, { accType: "business" });
      const cat = await createCategory(base.db, { type: "market-place" });
      const p = await createProduct(base.db, { userId: one.user.id, categoryId: cat.id, name: "Fresh" });
      const write = await app.inject({ method: "PUT", url: "/api/product", headers: one.auth, payload: { _id: p.id, price: 3000 } });
      expect(write.statusCode).toBe(200);
      const list = await app.inject({ method: "GET", url: `/api/product?category=${cat.id}` });
      expect(list.json().products.map((x: { price: number }) => x.price)).toEqual([3000]);
    } finally {
      await app.close();
      await readDb.$client.end();
      await base.close();
    }
  });

  it("is refused without DATABASE_URL: the embedded PostgreSQL has no replica", () => {
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_READ_URL: "postgres://replica/market" })).toThrow(
      /DATABASE_READ_URL: needs DATABASE_URL/,
    );
    expect(() => loadConfig({ NODE_ENV: "test", DATABASE_URL: "postgres://primary/market", DATABASE_READ_URL: "mysql://x/y" })).toThrow(
      /DATABASE_READ_URL/,
    );
  });
});

describe("after a write, anonymous reads wait for the replica (createReadRouting)", () => {
  const primary = { name: "primary" } as unknown as Db;
  const replicaPool = { name: "replica" } as unknown as Db;

  it("reads the primary from the first anonymous read after an invalidation until the replica has replayed past it", async () => {
    let stamp = 0;
    let replicaCaughtUp = false;
    const caughtUp = vi.fn<CaughtUp>(async () => replicaCaughtUp);
    const routing = createReadRouting(primary, replicaPool, () => stamp, caughtUp);
    try {
      expect(routing.pool(false)).toBe(replicaPool);
      expect(routing.pool(true)).toBe(primary);
      expect(caughtUp).not.toHaveBeenCalled();
      stamp++; // a catalog write here, or one another process announced
      expect(routing.pool(false)).toBe(primary);
      await vi.waitFor(() => expect(caughtUp.mock.calls.length).toBeGreaterThanOrEqual(2));
      expect(routing.pool(false)).toBe(primary); // the replica still lags
      replicaCaughtUp = true;
      await routing.settled();
      expect(routing.pool(false)).toBe(replicaPool);
      expect(routing.pool(true)).toBe(primary);
    } finally {
      routing.close();
      await routing.settled();
    }
  });

  it("a check that began before a later write does not clear it; a replica that does not answer counts as behind", async () => {
    let stamp = 0;
    const checks: Array<{ resolve: (ok: boolean) => void; reject: (err: Error) => void }> = [];
    const caughtUp: CaughtUp = () => new Promise<boolean>((resolve, reject) => checks.push({ resolve, reject }));
    const routing = createReadRouting(primary, replicaPool, () => stamp, caughtUp);
    try {
      stamp++;
      expect(routing.pool(false)).toBe(primary); // check 1 begins
      stamp++; // a second write, noticed after check 1 began
      expect(routing.pool(false)).toBe(primary);
      checks[0]!.resolve(true); // caught up, but only with what was committed before check 1 began
      await vi.waitFor(() => expect(checks).toHaveLength(2));
      expect(routing.pool(false)).toBe(primary);
      checks[1]!.reject(new Error("replica down"));
      await vi.waitFor(() => expect(checks).toHaveLength(3));
      expect(routing.pool(false)).toBe(primary);
      checks[2]!.resolve(true); // began after the second write
      await routing.settled();
      expect(routing.pool(false)).toBe(replicaPool);
    } finally {
      routing.close();
      for (const c of checks) c.resolve(false);
      await routing.settled();
    }
  });

  it("one pool: every read uses it and nothing is checked", () => {
    const caughtUp = vi.fn<CaughtUp>(async () => true);
    const routing = createReadRouting(primary, primary, () => 1, caughtUp);
    expect(routing.pool(false)).toBe(primary);
    expect(caughtUp).not.toHaveBeenCalled();
  });
});
