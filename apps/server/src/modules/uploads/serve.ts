/**
 * The picture storage of the app (`app.uploads`, storage.ts) and `GET /uploads/<name>`, which
 * serves a stored picture from it (the local disk or the bucket, ADR 0105) under the URL it always
 * had: a stored name is immutable (a new picture gets a new key), so it is cached for a year; ETag
 * and Last-Modified answer conditional requests with 304. Unknown or malformed names are the JSON
 * 404 of every other missing path.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import fresh from "fresh";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { createUploadStorage, STORED_NAME, type UploadStorage } from "./storage.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Where uploaded pictures are kept (S3 bucket or uploads directory, from the configuration). */
    uploads: UploadStorage;
  }
}

/** A stored name never changes content. */
const PICTURE_CACHE = "public, max-age=31536000, immutable";

export default fp(async function picturesPlugin(app: FastifyInstance) {
  const storage = createUploadStorage(app.config);
  app.decorate("uploads", storage);
  app.addHook("onClose", async () => storage.close());

  // HEAD declared here, not derived by Fastify: its derived HEAD would answer Content-Length 0.
  app.route({
    method: ["GET", "HEAD"],
    url: "/uploads/:name",
    config: { cache: NO_CACHE_EFFECT },
    schema: { hide: true },
    handler: async (request, reply) => {
      const { name } = request.params as { name: string };
      const object = STORED_NAME.test(name) ? await storage.get(name) : null;
      if (!object) return reply.callNotFound();
      reply.headers({
        "content-type": object.contentType,
        "cache-control": PICTURE_CACHE,
        etag: object.etag,
        "last-modified": object.lastModified.toUTCString(),
        "x-content-type-options": "nosniff",
      });
      if (fresh(request.headers, { etag: object.etag, "last-modified": object.lastModified.toUTCString() })) {
        object.body.destroy();
        return reply.status(304).send();
      }
      reply.header("content-length", object.size);
      if (request.method === "HEAD") {
        object.body.destroy();
        return reply.send();
      }
      return reply.send(object.body);
    },
  });
});
