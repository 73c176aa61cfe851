/**
 * Where uploaded pictures are kept (ADR 0105): one interface, two implementations chosen by the
 * configuration. Without S3_BUCKET the files live on the local disk (DATA_DIR/uploads, or
 * UPLOADS_DIR), the one-command default; with it they live in an S3-compatible bucket
 * (@aws-sdk/client-s3), so every store process sees every picture. Objects are named as the files
 * always were: `<key>.webp` and `<key>-thumb.webp`. The store itself serves them at
 * `/uploads/<name>` from either place (serve.ts), so picture URLs never change.
 */
import { createReadStream } from "node:fs";
import { mkdir, readdir, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Config, S3Settings } from "../../config.js";
import { HttpError } from "../../lib/errors.js";

/** Names the store ever writes: `<key>.webp` and `<key>-thumb.webp`, the key a UUID (images.ts); group 1 is the key. */
export const STORED_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb)?\.webp$/;

/** One stored picture, ready to be sent. */
type StoredObject = {
  body: Readable;
  /** Bytes. */
  size: number;
  contentType: string;
  /** A strong validator of these bytes (quoted, as in an ETag header). */
  etag: string;
  lastModified: Date;
};

export type UploadStorage = {
  /** Where the pictures are, for log lines ("disk /path" or "s3://bucket"). */
  readonly location: string;
  /** Store `data` under `name`, replacing any object of that name. */
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The object `name`, or null when there is none. */
  get(name: string): Promise<StoredObject | null>;
  /** When `name` was last written, or null when there is none. */
  modifiedAt(name: string): Promise<Date | null>;
  /** Delete these objects; a missing one is not an error. Answers how many were deleted (S3 also counts one already gone). */
  remove(names: string[]): Promise<number>;
  /** Every object name, a page at a time (order unspecified). */
  list(): AsyncIterable<string[]>;
  /** Throws an Error naming the setting to fix when the storage cannot be used (start-up check). */
  check(): Promise<void>;
  /** Release connections (the app's onClose). */
  close(): void;
};

/** The storage the configuration asks for: S3 when S3_BUCKET is set, else the uploads directory. */
export function createUploadStorage(config: Pick<Config, "s3" | "uploadsDir">): UploadStorage {
  return config.s3 ? s3Storage(config.s3) : diskStorage(config.uploadsDir);
}

const PICTURES_DOWN = "Pictures are temporarily unavailable. Please try again.";
/** 503 for a storage fault (every outage is a 503); the cause is logged by the error handler. */
const unavailable = (cause: unknown) => Object.assign(new HttpError(503, PICTURES_DOWN), { cause });

const isMissing = (err: unknown) => (err as { code?: string }).code === "ENOENT";

/** Files in one directory (created on the first write). */
export function diskStorage(dir: string): UploadStorage {
  const file = (name: string) => path.join(dir, path.basename(name));
  return {
    location: `disk ${dir}`,
    async put(name, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(file(name), data);
    },
    async get(name) {
      const info = await stat(file(name)).catch((err) => (isMissing(err) ? null : Promise.reject(err)));
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(file(name)),
        size: info.size,
        contentType: name.endsWith(".webp") ? "image/webp" : "application/octet-stream",
        etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
        lastModified: info.mtime,
      };
    },
    async modifiedAt(name) {
      const info = await stat(file(name)).catch(() => null);
      return info ? info.mtime : null;
    },
    async remove(names) {
      const done = await Promise.all(
        names.map((n) =>
          unlink(file(n)).then(
            () => 1,
            (err) => (isMissing(err) ? 0 : Promise.reject(err)),
          ),
        ),
      );
      return done.reduce<number>((a, b) => a + b, 0);
    },
    async *list() {
      const names = await readdir(dir).catch((err) => (isMissing(err) ? [] : Promise.reject(err)));
      for (let i = 0; i < names.length; i += 1000) yield names.slice(i, i + 1000);
    },
    async check() {
      await mkdir(dir, { recursive: true }).catch((err) => {
        throw new Error(`UPLOADS_DIR: cannot create ${dir}: ${(err as Error).message}`);
      });
    },
    close() {},
  };
}

/** Status of an S3 error (404 for a missing key or bucket), or undefined for a network fault. */
const s3Status = (err: unknown) => (err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined);

/** An S3-compatible bucket (AWS S3, MinIO, Ceph RGW, R2...). */
export function s3Storage(s3: S3Settings): UploadStorage {
  const client = new S3Client({
    region: s3.region,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    forcePathStyle: s3.forcePathStyle,
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    // A bucket that stops answering must not hold a request (or the start) for minutes.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = s3.bucket;
  /** Run one command; faults of the storage become 503. */
  const send = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw unavailable(err);
    }
  };
  return {
    location: `s3://${Bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ""}`,
    async put(name, data, contentType) {
      await send(() => client.send(new PutObjectCommand({ Bucket, Key: name, Body: data, ContentType: contentType })));
    },
    async get(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return {
          body: res.Body as Readable,
          size: res.ContentLength ?? 0,
          contentType: res.ContentType ?? "application/octet-stream",
          etag: res.ETag ?? `"${name}"`,
          lastModified: res.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (s3Status(err) === 404) return null;
        throw unavailable(err);
      }
    },
    async modifiedAt(name) {
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: name }))).LastModified ?? null;
      } catch (err) {
        if (s3Status(err) === 404) return null;
        throw unavailable(err);
      }
    },
    async remove(names) {
      let removed = 0;
      // DeleteObjects takes at most 1,000 keys.
      for (let i = 0; i < names.length; i += 1000) {
        const res = await send(() =>
          client.send(
            new DeleteObjectsCommand({ Bucket, Delete: { Objects: names.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: false } }),
          ),
        );
        removed += res.Deleted?.length ?? 0;
      }
      return removed;
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const res = await send(() => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken, MaxKeys: 1000 })));
        yield (res.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : []));
        ContinuationToken = res.IsTruncated ? res.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        throw new Error(describeS3Fault(s3, err));
      }
    },
    close() {
      client.destroy();
    },
  };
}

/** A start-up message naming the setting to change for a bucket that cannot be used. */
function describeS3Fault(s3: S3Settings, err: unknown): string {
  const where = s3.endpoint ? `at S3_ENDPOINT ${s3.endpoint}` : `in AWS_REGION ${s3.region}`;
  const status = s3Status(err);
  if (status === 404) return `S3_BUCKET: there is no bucket "${s3.bucket}" ${where}; create it first.`;
  if (status === 401 || status === 403)
    return `AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY: refused (${status}) for bucket "${s3.bucket}" ${where}; check the key and its rights on the bucket.`;
  if (status === 301 || status === 400)
    return `AWS_REGION: bucket "${s3.bucket}" answered ${status}; it is probably in another region than ${s3.region}.`;
  const reason = err instanceof Error ? `${(err as { code?: string }).code ?? err.name}: ${err.message}` : String(err);
  return `S3_BUCKET: bucket "${s3.bucket}" ${where} did not answer (${reason}).${s3.endpoint ? "" : " Set S3_ENDPOINT for a storage other than AWS."}`;
}
