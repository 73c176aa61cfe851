/**
 * `POST /api/uploads` (multipart, one or more `file` parts): images for products and services
 * (spec §2 back-office forms, §5 "only image files") and a buyer's photos of a problem with an
 * order (ADR 0195). Approved, active sellers and active customers (ADR 0084, 0195): admins have no
 * form that needs it (profile pictures travel as data URLs in sign-up and PUT /api/me), and a
 * seller still pending approval sells nothing yet. Limits:
 * UPLOAD_MAX_BYTES per file (413), MAX_IMAGES_PER_ITEM files per request (413), the account's quota
 * (429 per day, 413 for the stored bytes). Each file goes through `storeImage()`: magic-byte check,
 * pixel limit, WebP re-encode, server-generated name. The client's file name and type are never
 * trusted. All files of a request are stored or none: if one fails, the ones already written are
 * removed and their rows rolled back. The plugin also schedules the removal of unused uploads.
 */
import multipart from "@fastify/multipart";
import { ErrorAnswer, MAX_IMAGES_PER_ITEM, UPLOAD_MAX_BYTES, UploadAnswer } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest, forbidden, HttpError } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { scheduleUnusedUploadsRemoval } from "./cleanup.js";
import { assertUploadQuota, type StoredImage, storeImage, uploadQuotaOf } from "./images.js";

export const NOT_APPROVED_MESSAGE = "Your seller account must be approved before you can upload images";

const routes: FastifyPluginAsyncZod = async (app) => {
  const quota = uploadQuotaOf(app.config);
  scheduleUnusedUploadsRemoval(app);

  // Registered inside this plugin's scope: no other route accepts multipart bodies.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: MAX_IMAGES_PER_ITEM, fields: 0, parts: MAX_IMAGES_PER_ITEM, fieldNameSize: 50 },
  });

  app.post(
    "/uploads",
    {
      preHandler: requireRole("business", "customer"),
      config: { cache: NO_CACHE_EFFECT, rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: {
        tags: ["uploads"],
        summary: `Upload 1..${MAX_IMAGES_PER_ITEM} images (multipart 'file' parts); each is re-encoded to WebP`,
        security: [{ bearer: [] }],
        consumes: ["multipart/form-data"],
        response: { 200: UploadAnswer, 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 413: ErrorAnswer, 429: ErrorAnswer },
      },
    },
    async (request) => {
      const owner = currentUser(request);
      if (!owner.active || (owner.accType === "business" && owner.status !== "approved")) throw forbidden(NOT_APPROVED_MESSAGE);
      if (!request.isMultipart()) throw badRequest("Send the images as multipart/form-data");
      // Over quota: refused before the files are read (checked again, under a lock, per file).
      await assertUploadQuota(app.db, owner.id, quota);
      // Read every part first, so a size or count error stops the request before anything is stored.
      const buffers: Buffer[] = [];
      try {
        for await (const part of request.files()) {
          if (part.fieldname !== "file") throw badRequest("Send each image in a part named 'file'");
          buffers.push(await part.toBuffer());
        }
      } catch (err) {
        throw toHttpError(err);
      }
      if (buffers.length === 0) throw badRequest("Choose at least one image");

      const written: StoredImage[] = [];
      try {
        await app.db.transaction(async (tx) => {
          for (const buf of buffers) written.push(await storeImage(tx, app.uploads, buf, owner.id, quota));
        });
      } catch (err) {
        // Left over, the hourly removal of unused uploads would take them a day later.
        await app.uploads.remove(written.flatMap((img) => [img.url, img.thumbUrl].map((u) => u.slice("/uploads/".length)))).catch(() => {});
        throw err;
      }
      return { statusCode: 200, data: written.map(({ url, thumbUrl, width, height }) => ({ url, thumbUrl, width, height })) };
    },
  );
};

/** Map @fastify/multipart's limit errors to our answers (413 with a readable message). */
function toHttpError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new HttpError(413, `Each image must be at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`);
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT")
    return new HttpError(413, `Upload at most ${MAX_IMAGES_PER_ITEM} images at a time`);
  if (code === "FST_FIELDS_LIMIT") return badRequest("Send only image files");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return badRequest("Send the images as multipart/form-data");
  return err;
}

export default routes;
