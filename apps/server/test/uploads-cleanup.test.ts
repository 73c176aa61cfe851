/**
 * Removal of unused uploads (modules/uploads/cleanup.ts, ADR 0084): an upload nothing uses 24 hours
 * after it was made goes (row and files), files without a row go once a day old, one process at a
 * time (advisory lock), never a picture an item is being saved with; scheduled by the uploads
 * plugin on an unref'd timer, cleared on close, failures logged.
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { eq, inArray, sql } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, type Db } from "../src/db/client.js";
import { orderLines, orders, products, productVariants, uploads, users } from "../src/db/schema/index.js";
import { createCategory, createPost, createProduct, createUser } from "../src/db/seed/factories.js";
import { assertOwnUploads } from "../src/modules/catalog/rules.js";
import {
  REMOVE_UNUSED_EVERY_MS,
  REMOVE_UNUSED_LOCK,
  removeUnusedUploads,
  scheduleUnusedUploadsRemoval,
  UNUSED_UPLOAD_MAX_AGE_MS,
} from "../src/modules/uploads/cleanup.js";
import { type StoredImage, storeImage } from "../src/modules/uploads/images.js";
import { diskStorage, type UploadStorage } from "../src/modules/uploads/storage.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let dir: string;
let storage: UploadStorage;
let png: Buffer;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = ctx.config.uploadsDir;
  storage = ctx.app.uploads;
  png = await sharp({ create: { width: 32, height: 24, channels: 3, background: "#00703c" } })
    .png()
    .toBuffer();
});
afterAll(() => ctx.close());

const DAY = UNUSED_UPLOAD_MAX_AGE_MS;
const HOUR = 3600_000;
const files = (img: StoredImage) => [img.url, img.thumbUrl].map((u) => path.join(dir, path.basename(u)));
const rowExists = async (img: StoredImage) => (await ctx.db.select().from(uploads).where(eq(uploads.id, img.id))).length === 1;
/** Pretend `img` was uploaded `ms` ago. */
const age = (img: StoredImage, ms: number) =>
  ctx.db
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(uploads.id, img.id));

describe("removeUnusedUploads", () => {
  it("removes an upload nothing uses a day after it was made (row and both files), keeps the used and the young ones", async () => {
    const seller = await createUser(ctx.db, { accType: "business" });
    const store = () => storeImage(ctx.db, storage, png, seller.id);
    const [unused, onProduct, onPost, onProfile, onOrder, young, onVariant] = await Promise.all(Array.from({ length: 7 }, store));
    for (const img of [unused, onProduct, onPost, onProfile, onOrder, onVariant]) await age(img!, DAY + HOUR);
    await age(young!, DAY - HOUR);

    const market = await createCategory(ctx.db, { type: "market-place" });
    const services = await createCategory(ctx.db, { type: "services" });
    const product = await createProduct(ctx.db, { userId: seller.id, categoryId: market.id, price: 5000, imageUrls: [onProduct!.url] });
    await createPost(ctx.db, { userId: seller.id, categoryId: services.id, body: "Tailoring and alterations", imageUrls: [onPost!.url] });
    await ctx.db.update(users).set({ profile: onProfile!.url }).where(eq(users.id, seller.id));
    // A variant's own picture (ADR 0215).
    await ctx.db.update(productVariants).set({ imageUrl: onVariant!.url }).where(eq(productVariants.id, product.id));
    // A past order keeps the picture the product had when it was bought.
    const buyer = await createUser(ctx.db);
    const [order] = await ctx.db
      .insert(orders)
      .values({
        buyerId: buyer.id,
        subtotalKobo: 500_000,
        shippingKobo: 0,
        totalKobo: 500_000,
        shippingAddress: {} as never,
        reservedUntil: new Date(),
        status: "cancelled",
      })
      .returning();
    await ctx.db.insert(orderLines).values({
      orderId: order!.id,
      productId: product.id,
      sellerId: seller.id,
      name: "Kettle",
      imageUrl: onOrder!.url,
      unitPriceKobo: 500_000,
      quantity: 1,
    });

    for (const f of files(unused!)) expect(existsSync(f)).toBe(true);
    const res = await removeUnusedUploads(ctx.db, storage);
    expect(res).toMatchObject({ ran: true, removed: 1 });
    expect(await rowExists(unused!)).toBe(false);
    for (const f of files(unused!)) expect(existsSync(f)).toBe(false);
    for (const img of [onProduct, onPost, onProfile, onOrder, young, onVariant]) {
      expect(await rowExists(img!)).toBe(true);
      for (const f of files(img!)) expect(existsSync(f)).toBe(true);
    }

    // Once the product drops its picture, the picture goes at the next run.
    await ctx.db.update(products).set({ imageUrls: [] }).where(eq(products.id, product.id));
    expect(await removeUnusedUploads(ctx.db, storage)).toMatchObject({ ran: true, removed: 1 });
    expect(await rowExists(onProduct!)).toBe(false);
    // A day later the young one has not been used either.
    await removeUnusedUploads(ctx.db, storage, new Date(Date.now() + 2 * HOUR));
    expect(await rowExists(young!)).toBe(false);
  });

  it("removes files that have no row once they are a day old, and leaves other files alone", async () => {
    await mkdir(dir, { recursive: true });
    const oldKey = randomUUID();
    const youngKey = randomUUID();
    const old = [`${oldKey}.webp`, `${oldKey}-thumb.webp`].map((n) => path.join(dir, n));
    const young = path.join(dir, `${youngKey}.webp`);
    const other = path.join(dir, "notes.txt");
    for (const f of [...old, young, other]) await writeFile(f, "x");
    const longAgo = new Date(Date.now() - DAY - HOUR);
    for (const f of [...old, other]) await utimes(f, longAgo, longAgo);

    const res = await removeUnusedUploads(ctx.db, storage);
    expect(res.orphanFiles).toBe(2);
    for (const f of old) expect(existsSync(f)).toBe(false);
    expect(existsSync(young)).toBe(true);
    expect(existsSync(other)).toBe(true);
  });

  it("does nothing while another process holds the lock", async () => {
    const img = await storeImage(ctx.db, storage, png, null);
    await age(img, DAY + HOUR);
    const other = new pg.Client({ connectionString: ctx.url });
    await other.connect();
    try {
      await other.query("select pg_advisory_lock(hashtextextended($1, 0))", [REMOVE_UNUSED_LOCK]);
      expect(await removeUnusedUploads(ctx.db, storage)).toEqual({ ran: false, removed: 0, orphanFiles: 0 });
      expect(await rowExists(img)).toBe(true);
      await other.query("select pg_advisory_unlock(hashtextextended($1, 0))", [REMOVE_UNUSED_LOCK]);
      expect(await removeUnusedUploads(ctx.db, storage)).toMatchObject({ ran: true, removed: 1 });
    } finally {
      await other.end();
    }
  });

  it("removes each upload once when five processes run it together", async () => {
    const imgs = await Promise.all(Array.from({ length: 12 }, () => storeImage(ctx.db, storage, png, null)));
    await ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - DAY - HOUR) })
      .where(
        inArray(
          uploads.id,
          imgs.map((i) => i.id),
        ),
      );
    const pools: Db[] = Array.from({ length: 5 }, () => createDb(ctx.url, 2));
    try {
      const results = await Promise.all(pools.map((db) => removeUnusedUploads(db, storage)));
      expect(results.reduce((n, r) => n + r.removed, 0)).toBe(12);
      expect(results.some((r) => r.ran)).toBe(true);
    } finally {
      await Promise.all(pools.map((db) => db.$client.end()));
    }
    for (const img of imgs) expect(await rowExists(img)).toBe(false);
  });

  it("never removes an old upload that an item is being saved with at the same moment", async () => {
    const seller = await createUser(ctx.db, { accType: "business" });
    const market = await createCategory(ctx.db, { type: "market-place" });
    const img = await storeImage(ctx.db, storage, png, seller.id);
    await age(img, DAY + HOUR);
    await ctx.db.transaction(async (tx) => {
      // What POST /api/product does: check the pictures are the seller's, then insert the item.
      await assertOwnUploads(tx, seller.id, [img.url]);
      const res = await removeUnusedUploads(ctx.db, storage);
      expect(res.removed).toBe(0);
      await createProduct(tx, { userId: seller.id, categoryId: market.id, price: 1000, imageUrls: [img.url] });
    });
    expect(await rowExists(img)).toBe(true);
    for (const f of files(img)) expect(existsSync(f)).toBe(true);
  });
});

describe("scheduling", () => {
  it("the uploads plugin runs it every hour on an unref'd timer, cleared when the app closes", async () => {
    const setSpy = vi.spyOn(globalThis, "setInterval");
    const clearSpy = vi.spyOn(globalThis, "clearInterval");
    let own: TestContext | undefined;
    try {
      own = await createTestContext();
      const call = setSpy.mock.calls.findIndex(([fn, ms]) => ms === REMOVE_UNUSED_EVERY_MS && fn.name === "removeUnusedUploadsOnTimer");
      expect(call).toBeGreaterThanOrEqual(0);
      const timer = setSpy.mock.results[call]!.value as NodeJS.Timeout;
      expect(timer.hasRef()).toBe(false);
      // The timer's callback is the run itself: call it instead of waiting an hour.
      const img = await storeImage(own.db, own.app.uploads, png, null);
      await own.db.execute(sql`update uploads set created_at = now() - interval '25 hours' where id = ${img.id}`);
      await (setSpy.mock.calls[call]![0] as () => Promise<void>)();
      expect((await own.db.select().from(uploads).where(eq(uploads.id, img.id))).length).toBe(0);
      await own.close();
      own = undefined;
      expect(clearSpy.mock.calls.some(([t]) => t === timer)).toBe(true);
    } finally {
      setSpy.mockRestore();
      clearSpy.mockRestore();
      await own?.close();
    }
  });

  it("a failing run is logged and never throws", async () => {
    const lines: string[] = [];
    const app = Fastify({
      logger: {
        level: "warn",
        stream: new Writable({
          write(chunk, _enc, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    });
    const broken = { transaction: () => Promise.reject(new Error("database is down")) } as unknown as Db;
    app.decorate("db", broken);
    app.decorate("uploads", diskStorage(path.join(os.tmpdir(), "no-such-uploads")));
    const run = scheduleUnusedUploadsRemoval(app);
    await expect(run()).resolves.toBeUndefined();
    expect(lines.join("")).toMatch(/removing unused uploads failed.*|database is down/);
    expect(lines.join("")).toContain("database is down");
    await app.close();
  });
});
