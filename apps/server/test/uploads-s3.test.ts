/**
 * Pictures in an S3-compatible bucket (S3_BUCKET, modules/uploads/storage.ts, ADR 0105), against an
 * S3-protocol server this file starts (s3rver): uploads go to the bucket and are served from it at
 * their usual URLs with the usual headers; a second store process with its own DATA_DIR serves
 * them too (which disk storage cannot); the removal of unused uploads deletes objects; a bucket
 * that stops answering is a 503; settings that cannot work stop the start, naming the setting.
 */
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import type { FastifyInstance } from "fastify";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { createDb, type Db } from "../src/db/client.js";
import { createUserWithToken } from "../src/db/seed/factories.js";
import { removeUnusedUploads, UNUSED_UPLOAD_MAX_AGE_MS } from "../src/modules/uploads/cleanup.js";
import { storeImage } from "../src/modules/uploads/images.js";
import { s3Storage } from "../src/modules/uploads/storage.js";
import { createTestContext, type TestContext } from "./helpers.js";
import { freePort, startServerProcess } from "./server-process.js";

const BUCKET = "market-pictures";
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let client: S3Client;
let env: Record<string, string>;
let ctx: TestContext;
let seller: Awaited<ReturnType<typeof createUserWithToken>>;
let png: Buffer;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), "market-s3rver-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  // s3rver's own fixed key pair.
  env = { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1" };
  client = new S3Client({
    endpoint,
    forcePathStyle: true,
    region: "us-east-1",
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  ctx = await createTestContext(env);
  seller = await createUserWithToken(ctx.db, { accType: "business" });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#00703c" } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await ctx?.close();
  client?.destroy();
  await s3?.close().catch(() => {});
  await rm(s3Dir, { recursive: true, force: true });
});

/** A request with a multipart body of one `file` part (as a browser's FormData sends it), as the seller. */
function uploadRequest(data: Buffer) {
  const boundary = `----test${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    method: "POST" as const,
    url: "/api/uploads",
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...seller.auth },
  };
}

/** Upload `png` through `app`'s API as the seller; answers the picture's URL. */
async function uploadThrough(app: FastifyInstance): Promise<{ url: string; thumbUrl: string }> {
  const res = await app.inject(uploadRequest(png));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
}

const objectName = (url: string) => url.slice("/uploads/".length);
const objectBytes = async (name: string) =>
  Buffer.from(await (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: name }))).Body!.transformToByteArray());
const objectExists = (name: string) =>
  client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: name })).then(
    () => true,
    (err) => (err.$metadata?.httpStatusCode === 404 ? false : Promise.reject(err)),
  );

/** Another store process on the same database: its own pool and DATA_DIR, and `extra` settings. */
async function secondProcess(extra: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "market-second-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: ctx.url,
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    ...extra,
  });
  const db: Db = createDb(ctx.url, 2);
  const app = await buildApp(config, db);
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      await db.$client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe("pictures in an S3 bucket", () => {
  it("an upload goes to the bucket, not the disk, and is served from it at its URL with the usual headers", async () => {
    const img = await uploadThrough(ctx.app);
    expect(img.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const stored = await objectBytes(objectName(img.url));
    expect(stored.subarray(8, 12).toString("ascii")).toBe("WEBP");
    expect(await objectExists(objectName(img.thumbUrl))).toBe(true);
    const dir = ctx.config.uploadsDir;
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);

    const res = await ctx.request({ method: "GET", url: img.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/webp");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(res.headers["content-length"])).toBe(stored.length);
    expect(res.rawPayload.equals(stored)).toBe(true);
    // A browser revalidating its copy gets 304 without the bytes; HEAD answers the length only.
    const again = await ctx.request({ method: "GET", url: img.url, headers: { "if-none-match": String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const head = await ctx.request({ method: "HEAD", url: img.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-length"]).toBe(String(stored.length));
    // A name that was never stored, and one that is not a stored name at all.
    expect((await ctx.request({ method: "GET", url: `/uploads/${randomUUID()}.webp` })).statusCode).toBe(404);
    expect((await ctx.request({ method: "GET", url: "/uploads/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(404);
  });

  it("a second store process (same database and bucket, its own DATA_DIR) serves a picture uploaded through the first", async () => {
    const img = await uploadThrough(ctx.app);
    const second = await secondProcess(env);
    try {
      for (const url of [img.url, img.thumbUrl]) {
        const res = await second.app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(200);
        expect(res.rawPayload.equals(await objectBytes(objectName(url)))).toBe(true);
      }
    } finally {
      await second.close();
    }
  });

  it("with disk storage (no S3_BUCKET) the second process cannot: the picture is on the first one's disk only", async () => {
    const first = await secondProcess({});
    const second = await secondProcess({});
    try {
      const img = await uploadThrough(first.app);
      expect((await first.app.inject({ method: "GET", url: img.url })).statusCode).toBe(200);
      expect((await second.app.inject({ method: "GET", url: img.url })).statusCode).toBe(404);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("removing unused uploads deletes their objects from the bucket, and objects with no row once a day old", async () => {
    const unused = await storeImage(ctx.db, ctx.app.uploads, png, seller.user.id);
    const orphan = `${randomUUID()}.webp`;
    const other = "notes/readme.txt";
    for (const Key of [orphan, other]) await client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: "x" }));

    // Today: nothing is old enough.
    let res = await removeUnusedUploads(ctx.db, ctx.app.uploads);
    expect(res).toMatchObject({ ran: true, removed: 0, orphanFiles: 0 });
    expect(await objectExists(objectName(unused.url))).toBe(true);
    expect(await objectExists(orphan)).toBe(true);

    // Two days on: the unused upload (row and both objects) and the orphan go; the other object stays.
    res = await removeUnusedUploads(ctx.db, ctx.app.uploads, new Date(Date.now() + 2 * UNUSED_UPLOAD_MAX_AGE_MS));
    expect(res.ran).toBe(true);
    expect(res.removed).toBeGreaterThanOrEqual(1);
    expect(res.orphanFiles).toBe(1);
    for (const name of [unused.url, unused.thumbUrl].map(objectName)) expect(await objectExists(name)).toBe(false);
    expect(await objectExists(orphan)).toBe(false);
    expect(await objectExists(other)).toBe(true);
    expect((await ctx.request({ method: "GET", url: unused.url })).statusCode).toBe(404);
  });
});

describe("settings that cannot work stop the start, naming the setting", () => {
  const base = { NODE_ENV: "test", DATABASE_URL: "postgres://localhost/x" };

  it("S3_BUCKET without the access key pair, or S3 settings without S3_BUCKET", () => {
    expect(() => loadConfig({ ...base, S3_BUCKET: BUCKET })).toThrow(
      /AWS_ACCESS_KEY_ID: required with S3_BUCKET[\s\S]*AWS_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ ...base, S3_BUCKET: BUCKET, AWS_ACCESS_KEY_ID: "k" })).toThrow(/AWS_SECRET_ACCESS_KEY: required/);
    expect(() => loadConfig({ ...base, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET: required with S3_ENDPOINT/);
    const ok = loadConfig({ ...base, ...env });
    expect(ok.s3).toMatchObject({ bucket: BUCKET, endpoint, forcePathStyle: true });
    expect(loadConfig({ ...base, S3_BUCKET: BUCKET, AWS_ACCESS_KEY_ID: "k", AWS_SECRET_ACCESS_KEY: "s" }).s3).toMatchObject({
      forcePathStyle: false,
      region: "us-east-1",
    });
    expect(loadConfig(base).s3).toBeNull();
  });

  it("a missing bucket, refused keys or a storage that does not answer", async () => {
    const check = (over: Partial<Parameters<typeof s3Storage>[0]>) => {
      const storage = s3Storage({ ...loadConfig({ ...base, ...env }).s3!, ...over });
      return storage.check().finally(() => storage.close());
    };
    await expect(check({})).resolves.toBeUndefined();
    await expect(check({ bucket: "no-such-bucket" })).rejects.toThrow(/^S3_BUCKET: there is no bucket "no-such-bucket" at S3_ENDPOINT/);
    await expect(check({ accessKeyId: "wrong", secretAccessKey: "wrong" })).rejects.toThrow(
      /^AWS_ACCESS_KEY_ID \/ AWS_SECRET_ACCESS_KEY: refused/,
    );
    const closed = `http://127.0.0.1:${await freePort()}`;
    await expect(check({ endpoint: closed })).rejects.toThrow(/^S3_BUCKET: bucket "market-pictures" at S3_ENDPOINT .* did not answer/);
  });

  it("the store does not start on a bucket it cannot use, and says which setting to change", async () => {
    const server = await startServerProcess(
      { ...env, S3_BUCKET: "no-such-bucket", DATABASE_URL: ctx.url, DATA_DIR: s3Dir, SEED_DEMO: "false" },
      { waitReady: false },
    );
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('S3_BUCKET: there is no bucket "no-such-bucket"');
  });
});

describe("a bucket that stops answering", () => {
  it("answers 503 for pictures and uploads, never 500", async () => {
    const img = await uploadThrough(ctx.app);
    await s3.close();
    const res = await ctx.request({ method: "GET", url: img.url });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ statusCode: 503 });
    const upload = await ctx.app.inject(uploadRequest(png));
    expect(upload.statusCode).toBe(503);
  });
});
