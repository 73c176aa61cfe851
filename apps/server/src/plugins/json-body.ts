/**
 * JSON request bodies with limits a stranger cannot turn against the event loop.
 *
 * - Size: `BODY_LIMIT` (64 KiB) on every route; only the routes where a picture travels as a data
 *   URL (sign-up, profile update: spec §3 "profile (image as data URL)") take `PICTURE_BODY_LIMIT`.
 *   Product and service pictures go through the multipart `/api/uploads` route and arrive here as URLs.
 * - Shape: before `JSON.parse` does any work, one linear pass over the text refuses nesting deeper
 *   than `MAX_JSON_DEPTH` and more than `MAX_JSON_ITEMS` keys and array elements in all (a body of
 *   nested arrays once stalled the process for seconds). Then secure-json-parse (Fastify's own
 *   parser) refuses `__proto__` and `constructor.prototype` keys.
 * Guards run before the body is read (plugins/auth.ts), so an unauthorized caller's body is never parsed.
 */
import { UPLOAD_MAX_BYTES } from "@market/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import sjson from "secure-json-parse";
import { badRequest } from "../lib/errors.js";

/** Default request body limit, in bytes. */
export const BODY_LIMIT = 64 * 1024;
/** Body limit of the routes that carry a picture as a base64 data URL: the largest upload, base64-encoded, plus the form. */
export const PICTURE_BODY_LIMIT = Math.ceil((UPLOAD_MAX_BYTES * 4) / 3) + 64 * 1024;
/** Deepest nesting of objects and arrays a body may have (our deepest schema uses 3). */
export const MAX_JSON_DEPTH = 32;
/** Most keys and array elements a body may hold in all. */
export const MAX_JSON_ITEMS = 10_000;

/**
 * Check the structure of JSON text in one pass, without building anything.
 * @throws HttpError 400 when it nests deeper than `maxDepth` or holds more than `maxItems` members.
 */
function checkJsonShape(text: string, maxDepth = MAX_JSON_DEPTH, maxItems = MAX_JSON_ITEMS): void {
  let depth = 0;
  let items = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > maxDepth) throw badRequest(`The request is nested too deeply (at most ${maxDepth} levels)`);
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
    else if (c === 44 /* , */ && ++items > maxItems) throw badRequest(`The request has too many values (at most ${maxItems})`);
  }
}

/** Fastify plugin: the application/json parser above, for every route. */
export default fp(
  async function jsonBody(app: FastifyInstance) {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      const text = body as string;
      if (text === "") return done(badRequest("The request body is empty"), undefined);
      try {
        checkJsonShape(text);
        done(null, sjson.parse(text, null, { protoAction: "error", constructorAction: "error" }));
      } catch (err) {
        done(err instanceof SyntaxError ? badRequest("The request body is not valid JSON") : (err as Error), undefined);
      }
    });
  },
  { name: "json-body" },
);
