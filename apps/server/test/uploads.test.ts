/**
 * POST /api/uploads: multipart images, checked by magic bytes, re-encoded to WebP under
 * server-generated names; size, count and pixel limits; approved sellers only; the per-account
 * quota (also for profile pictures sent to PUT /api/me).
 */
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { MAX_IMAGES_PER_ITEM, TEXT, UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "@market/contract";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploads, users } from "../src/db/schema/index.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { IMAGE_PIXELS_ERROR } from "../src/modules/uploads/images.js";
import { NOT_APPROVED_MESSAGE } from "../src/modules/uploads/routes.js";
import { createTestContext, errorBody, type TestContext } from "./helpers.js";

type Part = { name?: string; filename: string; type: string; data: Buffer };

/** Build a multipart/form-data body by hand (what a browser's FormData sends). */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? "file"}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
      p.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

const png = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 0, g: 112, b: 60 } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#f5c518" } })
    .jpeg()
    .toBuffer();

/** A valid PNG that claims `w` x `h` pixels (20000 x 20000 = 400 Mpx) but is only a few bytes: a decompression bomb. */
function hugePng(w = 20000, h = 20000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(20001))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createUserWithToken(ctx.db, { accType: "business" });
  admin = await createUserWithToken(ctx.db, { accType: "admin" });
});
afterAll(() => ctx.close());

const upload = (parts: Part[], token?: string) => ctx.request({ method: "POST", url: "/api/uploads", token, ...multipart(parts) });
const ownUploads = (ownerId: string) => ctx.db.select().from(uploads).where(eq(uploads.ownerId, ownerId));

describe("POST /api/uploads", () => {
  it("stores several images re-encoded to WebP under server-generated names", async () => {
    const res = await upload(
      [
        { filename: "../../evil name.png", type: "image/png", data: await png() },
        { filename: "photo.jpg", type: "image/jpeg", data: await jpeg() },
      ],
      seller.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.statusCode).toBe(200);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ width: 64, height: 48 });
    expect(body.data[1]).toMatchObject({ width: 800, height: 600 });
    for (const img of body.data) {
      expect(img.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
      expect(img.thumbUrl).toBe(img.url.replace(".webp", "-thumb.webp"));
      const file = path.join(ctx.config.uploadsDir, path.basename(img.url));
      const bytes = readFileSync(file);
      expect(bytes.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(bytes.subarray(8, 12).toString("ascii")).toBe("WEBP");
      expect(existsSync(path.join(ctx.config.uploadsDir, path.basename(img.thumbUrl)))).toBe(true);
    }
    expect(JSON.stringify(body)).not.toMatch(/evil|photo/);
    const rows = await ownUploads(seller.user.id);
    expect(rows.map((r) => `/uploads/${r.key}.webp`).sort()).toEqual(body.data.map((d: { url: string }) => d.url).sort());
    // The stored file is served back.
    const served = await ctx.request({ method: "GET", url: body.data[0].url });
    expect(served.statusCode).toBe(200);
  });

  it("refuses a script or an HTML page named .jpg", async () => {
    for (const data of [
      Buffer.from("#!/bin/sh\nrm -rf / # pretend jpeg ................"),
      Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>"),
    ]) {
      const res = await upload([{ filename: "cute-cat.jpg", type: "image/jpeg", data }], seller.token);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(errorBody(400, TEXT.alerts.fileTypeNotSupported));
    }
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(UPLOAD_MAX_BYTES)]);
    const res = await upload([{ filename: "big.png", type: "image/png", data: big }], seller.token);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/at most 5 MB/);
  });

  it("refuses an image with huge dimensions (decompression bomb) by its header, with a plain message", async () => {
    const res = await upload([{ filename: "bomb.png", type: "image/png", data: hugePng() }], seller.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_PIXELS_ERROR);
  });

  it("refuses an image above 25 megapixels (6000 x 5000), which the old 40 Mpx limit let through to the decoder", async () => {
    expect(UPLOAD_MAX_PIXELS).toBe(25_000_000);
    const res = await upload([{ filename: "big.png", type: "image/png", data: hugePng(6000, 5000) }], seller.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_PIXELS_ERROR);
    expect(IMAGE_PIXELS_ERROR).toBe("Image is too large: at most 25 megapixels");
  });

  it(`refuses more than ${MAX_IMAGES_PER_ITEM} files with 413`, async () => {
    const one = await png(8, 8);
    const parts = Array.from({ length: MAX_IMAGES_PER_ITEM + 1 }, (_, i) => ({ filename: `${i}.png`, type: "image/png", data: one }));
    const res = await upload(parts, seller.token);
    expect(res.statusCode).toBe(413);
  });

  it("stores all files or none: one bad file rolls back the good ones", async () => {
    const u = await createUserWithToken(ctx.db, { accType: "business" });
    const filesBefore = readdirSync(ctx.config.uploadsDir).length;
    const res = await upload(
      [
        { filename: "ok.png", type: "image/png", data: await png() },
        { filename: "bad.jpg", type: "image/jpeg", data: Buffer.from("not an image at all, just text") },
      ],
      u.token,
    );
    expect(res.statusCode).toBe(400);
    expect(await ownUploads(u.user.id)).toHaveLength(0);
    expect(readdirSync(ctx.config.uploadsDir)).toHaveLength(filesBefore);
  });

  it("answers 400 without files, with a wrong part name, or with a JSON body", async () => {
    const empty = await ctx.request({ method: "POST", url: "/api/uploads", token: seller.token, ...multipart([]) });
    expect(empty.statusCode).toBe(400);
    const wrongName = await upload([{ name: "image", filename: "a.png", type: "image/png", data: await png() }], seller.token);
    expect(wrongName.statusCode).toBe(400);
    const json = await ctx.request({ method: "POST", url: "/api/uploads", token: seller.token, payload: { file: "x" } });
    expect(json.statusCode).toBe(400);
  });

  it("is for approved sellers and customers (photos of a problem): 401 signed out, 403 for an admin or a seller pending approval", async () => {
    const data = await png();
    expect((await upload([{ filename: "a.png", type: "image/png", data }])).statusCode).toBe(401);
    const customer = await createUserWithToken(ctx.db, { accType: "customer" });
    const mine = await upload([{ filename: "a.png", type: "image/png", data }], customer.token);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(await ownUploads(customer.user.id)).toHaveLength(1);
    const pending = await createUserWithToken(ctx.db, { accType: "business", status: "pending" });
    for (const who of [admin, pending]) {
      const res = await upload([{ filename: "a.png", type: "image/png", data }], who.token);
      expect(res.statusCode, who.user.accType).toBe(403);
      expect(await ownUploads(who.user.id)).toHaveLength(0);
    }
    const refused = await upload([{ filename: "a.png", type: "image/png", data }], pending.token);
    expect(refused.json()).toEqual(errorBody(403, NOT_APPROVED_MESSAGE));
  });
});

/** Rows standing for `n` images `ownerId` uploaded just now, `bytes` each (no files needed to count). */
async function pretendUploads(ownerId: string, n: number, bytes = 1000) {
  await ctx.db
    .insert(uploads)
    .values(Array.from({ length: n }, () => ({ ownerId, key: randomUUID(), mime: "image/webp", width: 10, height: 10, bytes })));
}

describe("per-account upload quota", () => {
  it(`answers 429 once an account uploaded its daily number of images, and stores nothing`, async () => {
    const u = await createUserWithToken(ctx.db, { accType: "business" });
    const perDay = ctx.config.UPLOADS_PER_DAY;
    await pretendUploads(u.user.id, perDay - 1);
    const one = await png(8, 8);
    const last = await upload([{ filename: "a.png", type: "image/png", data: one }], u.token);
    expect(last.statusCode).toBe(200);
    const filesBefore = readdirSync(ctx.config.uploadsDir).length;
    const over = await upload([{ filename: "b.png", type: "image/png", data: one }], u.token);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(`You can upload at most ${perDay} images a day. Please try again tomorrow.`);
    expect(await ownUploads(u.user.id)).toHaveLength(perDay);
    expect(readdirSync(ctx.config.uploadsDir)).toHaveLength(filesBefore);
  });

  it("refuses a request whose files would pass the daily number, all or nothing", async () => {
    const u = await createUserWithToken(ctx.db, { accType: "business" });
    await pretendUploads(u.user.id, ctx.config.UPLOADS_PER_DAY - 1);
    const one = await png(8, 8);
    const res = await upload(
      [
        { filename: "a.png", type: "image/png", data: one },
        { filename: "b.png", type: "image/png", data: one },
      ],
      u.token,
    );
    expect(res.statusCode).toBe(429);
    expect(await ownUploads(u.user.id)).toHaveLength(ctx.config.UPLOADS_PER_DAY - 1);
  });

  it("counts parallel requests of one account: never more than the daily number", async () => {
    const u = await createUserWithToken(ctx.db, { accType: "business" });
    await pretendUploads(u.user.id, ctx.config.UPLOADS_PER_DAY - 2);
    const one = await png(8, 8);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload([{ filename: `${i}.png`, type: "image/png", data: one }], u.token)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await ownUploads(u.user.id)).toHaveLength(ctx.config.UPLOADS_PER_DAY);
  });

  it("answers 413 once the account's stored images reach the byte cap", async () => {
    const u = await createUserWithToken(ctx.db, { accType: "business" });
    const cap = ctx.config.UPLOADS_MAX_MB_PER_ACCOUNT * 1024 * 1024;
    // Yesterday's uploads do not count for the day, but they do for the bytes kept.
    await ctx.db.insert(uploads).values({
      ownerId: u.user.id,
      key: randomUUID(),
      mime: "image/webp",
      width: 10,
      height: 10,
      bytes: cap - 10,
      createdAt: new Date(Date.now() - 3 * 24 * 3600_000),
    });
    const res = await upload([{ filename: "a.png", type: "image/png", data: await png() }], u.token);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^Your images already use the \d+ MB your account may keep/);
    expect(await ownUploads(u.user.id)).toHaveLength(1);
  });

  it("counts profile pictures sent as data URLs to PUT /api/me too", async () => {
    const customer = await createUserWithToken(ctx.db, { accType: "customer" });
    await pretendUploads(customer.user.id, ctx.config.UPLOADS_PER_DAY);
    const dataUrl = `data:image/png;base64,${(await png(16, 16)).toString("base64")}`;
    const res = await ctx.request({ method: "PUT", url: "/api/me", token: customer.token, payload: { profile: dataUrl } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.profile).toMatch(/at most \d+ images a day/);
    const [row] = await ctx.db.select({ profile: users.profile }).from(users).where(eq(users.id, customer.user.id));
    expect(row!.profile).toBeNull();
    expect(await ownUploads(customer.user.id)).toHaveLength(ctx.config.UPLOADS_PER_DAY);
  });
});
