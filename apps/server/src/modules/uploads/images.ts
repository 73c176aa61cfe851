/**
 * Image storage: every upload is type-checked by its magic bytes (never the client's name or type),
 * decoded with a pixel limit, re-encoded to WebP by sharp (which drops any embedded script or
 * metadata), and stored under a server-generated name. Each image is kept in two sizes:
 * `<key>.webp` (full view, longest side <= 1600 px) and `<key>-thumb.webp` (<= 400 px).
 * URLs look like `/uploads/<key>.webp`; `thumbUrl()` maps one to its thumbnail.
 */
import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_PIXELS } from "@market/contract";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import type { Executor } from "../../db/client.js";
import { uploads } from "../../db/schema/index.js";
import { HttpError } from "../../lib/errors.js";

export const FILE_TYPE_ERROR = "File type not supported";

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
 * Check, re-encode and store one image. Throws HttpError 400 "File type not supported" for a
 * non-image (or a script named .jpg), 413 for more than UPLOAD_MAX_BYTES, 400 for an image over
 * UPLOAD_MAX_PIXELS pixels.
 */
export async function storeImage(db: Executor, uploadsDir: string, input: Buffer, ownerId: string | null): Promise<StoredImage> {
  if (input.length > UPLOAD_MAX_BYTES) throw new HttpError(413, `Image is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
  if (!sniffImageType(input)) throw new HttpError(400, FILE_TYPE_ERROR);
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS }).metadata();
  } catch {
    throw new HttpError(400, FILE_TYPE_ERROR);
  }
  if (!meta.width || !meta.height || meta.width * meta.height > UPLOAD_MAX_PIXELS) {
    throw new HttpError(400, "Image dimensions are too large");
  }
  const key = randomUUID();
  await mkdir(uploadsDir, { recursive: true });
  let full: { data: Buffer; info: OutputInfo };
  try {
    const base = sharp(input, { limitInputPixels: UPLOAD_MAX_PIXELS }).rotate();
    full = await base
      .clone()
      .resize(1600, 1600, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await base.clone().resize(400, 400, { fit: "inside", withoutEnlargement: true }).webp({ quality: 72 }).toBuffer();
    await writeFile(path.join(uploadsDir, `${key}.webp`), full.data);
    await writeFile(path.join(uploadsDir, `${key}-thumb.webp`), thumb);
  } catch {
    throw new HttpError(400, FILE_TYPE_ERROR);
  }
  const [row] = await db
    .insert(uploads)
    .values({ ownerId, key, mime: "image/webp", width: full.info.width, height: full.info.height, bytes: full.data.length })
    .returning({ id: uploads.id });
  const url = `/uploads/${key}.webp`;
  return { id: row!.id, url, thumbUrl: thumbUrl(url), width: full.info.width, height: full.info.height };
}
