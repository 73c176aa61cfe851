/**
 * Image storage: every upload is type-checked by its magic bytes (never the client's name or type),
 * decoded with a pixel limit, re-encoded to WebP by sharp (which drops any embedded script or
 * metadata), and stored under a server-generated name. Each image is kept in two sizes:
 * `<key>.webp` (full view, longest side <= 1600 px) and `<key>-thumb.webp` (<= 400 px).
 * URLs look like `/uploads/<key>.webp`; `thumbUrl()` maps one to its thumbnail.
 */
import { randomUUID } from "node:crypto";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "@market/contract";
import { eq, sql } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Executor } from "../../db/client.js";
import { uploads } from "../../db/schema/index.js";
import { HttpError, tooMany } from "../../lib/errors.js";
import type { UploadStorage } from "./storage.js";

const FILE_TYPE_ERROR = "File type not supported";
export const IMAGE_PIXELS_ERROR = `Image is too large: at most ${UPLOAD_MAX_PIXELS / 1_000_000} megapixels`;

/** Sniff the image format from magic bytes: jpeg, png, gif, webp, avif/heic, or null. */
export function sniffImageType(buf: Buffer): string | null {
  if (buf.length < 12) return null;
  if (buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (buf.subarray(0, 6).toString("ascii") === "GIF87a" || buf.subarray(0, 6).toString("ascii") === "GIF89a") return "gif";
  if (buf.subarray(0, 4).toString("ascii") === "RIFF" && buf.subarray(8, 12).toString("ascii") === "WEBP") return "webp";
  if (buf.subarray(4, 8).toString("ascii") === "ftyp" && /avif|avis|heic|heix|mif1/.test(buf.subarray(8, 12).toString("ascii")))
    return "avif";
  return null;
}

/** Decode a `data:image/...;base64,` URL to bytes; null when it is not one. */
export function decodeDataUrl(dataUrl: string): Buffer | null {
  const m = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(dataUrl);
  return m ? Buffer.from(m[1]!, "base64") : null;
}

/** Thumbnail URL for a stored image URL (`/uploads/x.webp` -> `/uploads/x-thumb.webp`); other URLs unchanged. */
export function thumbUrl(url: string): string {
  return url.startsWith("/uploads/") && url.endsWith(".webp") && !url.endsWith("-thumb.webp") ? url.replace(/\.webp$/, "-thumb.webp") : url;
}

export type StoredImage = { id: string; url: string; thumbUrl: string; width: number; height: number };

/**
 * Per-account upload quota (ADR 0084): at most `perDay` images in any 24 hours and at most
 * `maxBytes` bytes of stored images (both sizes) in all. Settings UPLOADS_PER_DAY and
 * UPLOADS_MAX_MB_PER_ACCOUNT (config.ts).
 */
export type UploadQuota = { perDay: number; maxBytes: number };

/** The quota of the configuration (megabytes -> bytes). */
export function uploadQuotaOf(config: { UPLOADS_PER_DAY: number; UPLOADS_MAX_MB_PER_ACCOUNT: number }): UploadQuota {
  return { perDay: config.UPLOADS_PER_DAY, maxBytes: config.UPLOADS_MAX_MB_PER_ACCOUNT * 1024 * 1024 };
}

/** Images uploaded by `ownerId` in the last 24 hours (database clock) and the bytes they keep in all. */
async function uploadUsage(db: Executor, ownerId: string): Promise<{ today: number; bytes: number }> {
  const [row] = await db
    .select({
      today: sql<number>`(count(*) filter (where ${uploads.createdAt} > now() - interval '24 hours'))::int`,
      bytes: sql<number>`coalesce(sum(${uploads.bytes}), 0)::float8`,
    })
    .from(uploads)
    .where(eq(uploads.ownerId, ownerId));
  return row ?? { today: 0, bytes: 0 };
}

const quotaDayMessage = (q: UploadQuota) => `You can upload at most ${q.perDay} images a day. Please try again tomorrow.`;
const quotaBytesMessage = (q: UploadQuota) =>
  `Your images already use the ${Math.round(q.maxBytes / 1024 / 1024)} MB your account may keep. Remove pictures you no longer need first.`;

/**
 * Refuse `incoming` more images from `ownerId` when they would pass the daily count (429) or when
 * the account's stored bytes already reached the cap (413). Cheap: one query, no decoding.
 * @throws HttpError 429 / 413 with a plain sentence.
 */
export async function assertUploadQuota(db: Executor, ownerId: string, quota: UploadQuota, incoming = 1): Promise<void> {
  const used = await uploadUsage(db, ownerId);
  if (used.today + incoming > quota.perDay) throw tooMany(quotaDayMessage(quota));
  if (used.bytes >= quota.maxBytes) throw new HttpError(413, quotaBytesMessage(quota));
}

/** An image re-encoded for storage: the WebP at most 1600 px a side and its 400 px thumbnail. */
type EncodedImage = { full: { data: Buffer; info: OutputInfo }; thumb: Buffer };

/**
 * Check and re-encode one image, storing nothing. Throws HttpError 400 "File type not supported"
 * for a non-image (or a script named .jpg), 413 for more than UPLOAD_MAX_BYTES, 400 "Image is too
 * large" for more than UPLOAD_MAX_PIXELS pixels (read from the header, before any pixel is decoded:
 * a decompression bomb costs nothing). `beforeDecode` runs once the bytes are known to be an image
 * of an accepted type, before any work on them (the upload quota of `storeImage`).
 */
export async function encodeImage(input: Buffer, beforeDecode?: () => Promise<void>): Promise<EncodedImage> {
  if (input.length > UPLOAD_MAX_BYTES) throw new HttpError(413, `Image is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
  if (!sniffImageType(input)) throw new HttpError(400, FILE_TYPE_ERROR);
  await beforeDecode?.();
  let meta: Metadata;
  try {
    // Header only: no pixel is decoded here, so the pixel count is known before any memory is spent.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, FILE_TYPE_ERROR);
  }
  if (!meta.width || !meta.height) throw new HttpError(400, FILE_TYPE_ERROR);
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) throw new HttpError(400, IMAGE_PIXELS_ERROR);
  try {
    // limitInputPixels again: the decoder itself refuses anything the header check let through.
    const base = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS }).rotate();
    const full = await base
      .clone()
      .resize(1600, 1600, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base.clone().resize(400, 400, { fit: "inside", withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
    return { full, thumb };
  } catch {
    throw new HttpError(400, FILE_TYPE_ERROR);
  }
}

/**
 * Check, re-encode (`encodeImage`, whose errors it throws) and store one image.
 * With `quota` (every upload a user makes), the owner's uploads are serialised by an advisory lock
 * held until the caller's transaction ends (so call it inside one), and the quota is checked
 * before decoding (429 / 413) and again with the encoded size (413). Without `quota` (the demo
 * seed) nothing is counted. The row's `bytes` is what both files take in `storage`. The files are
 * written before the row: a caller whose transaction then fails removes them (or the hourly removal
 * of unused uploads does, a day later).
 */
export async function storeImage(
  db: Executor,
  storage: UploadStorage,
  input: Buffer,
  ownerId: string | null,
  quota?: UploadQuota,
): Promise<StoredImage> {
  const counted = ownerId && quota ? { ownerId, quota } : null;
  const { full, thumb } = await encodeImage(
    input,
    counted
      ? async () => {
          await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${counted.ownerId}`}, 0))`);
          await assertUploadQuota(db, counted.ownerId, counted.quota);
        }
      : undefined,
  );
  const key = randomUUID();
  const bytes = full.data.length + thumb.length;
  if (counted && (await uploadUsage(db, counted.ownerId)).bytes + bytes > counted.quota.maxBytes)
    throw new HttpError(413, quotaBytesMessage(counted.quota));
  await Promise.all([storage.put(`${key}.webp`, full.data, "image/webp"), storage.put(`${key}-thumb.webp`, thumb, "image/webp")]);
  const [row] = await db
    .insert(uploads)
    .values({ ownerId, key, mime: "image/webp", width: full.info.width, height: full.info.height, bytes })
    .returning({ id: uploads.id });
  const url = `/uploads/${key}.webp`;
  return { id: row!.id, url, thumbUrl: thumbUrl(url), width: full.info.width, height: full.info.height };
}
