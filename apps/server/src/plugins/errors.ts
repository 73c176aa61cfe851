/**
 * One central error handler: every failure becomes `errorAnswer(...)`, i.e.
 * `{ statusCode, message, errors?, data: { message } }` (spec §7), with no
 * stack trace and never an HTML page. Bad input is 400 with per-field messages; database outages
 * are 503; anything unexpected is a logged 500 with a generic message.
 */
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isRedisDown } from "../lib/cache/redis.js";
import { errorAnswer, fieldErrors, HttpError, invalidInput } from "../lib/errors.js";

/** PostgreSQL / network error codes that mean "the database is not reachable right now". */
const DB_DOWN = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "57P01",
  "57P02",
  "57P03",
  "08000",
  "08001",
  "08003",
  "08006",
  "53300",
  // statement_timeout or idle_in_transaction_session_timeout (DB_* settings, ADR 0160): too slow to wait for.
  "57014",
  "25P03",
]);

function isDbDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.code && DB_DOWN.has(e.code)) return true;
  // node-postgres's own words for a connection it lost, or one it refuses to use after losing it (a
  // transaction's rollback on a client PostgreSQL terminated mid-transaction), and for a statement
  // or connection that took longer than the DB_* time-outs (a frozen PostgreSQL, ADR 0160).
  if (
    typeof e.message === "string" &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable|Query read timeout/i.test(e.message)
  )
    return true;
  return e.cause ? isDbDown(e.cause) : false;
}

function pgCode(err: unknown): string | undefined {
  const e = err as { code?: string; cause?: { code?: string } };
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export default fp(async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      // An outage of a service behind the answer (e.g. the picture bucket): the operator needs its cause.
      if (err.statusCode >= 500 && err.cause) request.log.warn({ err: String(err.cause) }, err.message);
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send(errorAnswer(err.statusCode, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const invalid = invalidInput(fieldErrors(err.validation, { nested: true }));
      return reply.status(400).send(errorAnswer(400, invalid.message, invalid.errors));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, "response did not match its schema");
      return reply.status(500).send(errorAnswer(500, "Internal Server Error"));
    }
    // Redis (REDIS_URL: rate-limit counters) unreachable is an outage like the database's (ADR 0100).
    if (isDbDown(err) || isRedisDown(err)) {
      request.log.warn({ err: err.message }, "database or Redis unavailable");
      return reply.status(503).send(errorAnswer(503, "Service temporarily unavailable. Please try again."));
    }
    const code = pgCode(err);
    // 22021: a NUL byte or invalid UTF-8 in a text value (found by the abuse suite: ?to=%00).
    if (code === "22P02" || code === "22003" || code === "22001" || code === "22021")
      return reply.status(400).send(errorAnswer(400, "Invalid input"));
    if (code === "23505") return reply.status(409).send(errorAnswer(409, "Already exists"));
    if (code === "23503") return reply.status(400).send(errorAnswer(400, "A referenced item does not exist"));
    if (code === "23514") return reply.status(409).send(errorAnswer(409, "That change is not allowed"));
    const status = typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, "unhandled error");
      return reply.status(500).send(errorAnswer(500, "Internal Server Error"));
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type...): keep its message.
    return reply.status(status).send(errorAnswer(status, err.message));
  });
});
