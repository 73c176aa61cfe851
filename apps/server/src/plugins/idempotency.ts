/**
 * `Idempotency-Key` on the writes that move money or stock (ADR 0155; as Stripe and Paystack):
 * payout requests, refunds and checkout sessions list `idempotent` after their guard. A caller who
 * lost the answer retries with the same key and gets the first answer again instead of a second
 * payout, refund or order.
 *
 * The key is claimed in PostgreSQL before the handler runs: one INSERT into `idempotency_keys`,
 * whose primary key (account, key) lets exactly one request of all the store's processes claim it.
 * Then, in `onSend` (after the handler's transaction committed, before the answer leaves), the
 * answer is stored on the row: status, content type and the serialized body; an answer of 500 or
 * more (an outage, a bug: nothing was promised) deletes the row, so a retry runs the write again.
 * - same account, same key, same request, answer stored: that answer again (same status and body,
 *   header `Idempotent-Replayed: true`), and nothing runs;
 * - same key, another request (method, route or body): 422;
 * - same key while the first request still runs (no answer yet): 409 with Retry-After, nothing runs;
 * - a key whose row is older than IDEMPOTENCY_KEY_TTL_MS is free again (taken over by the same
 *   INSERT); the idempotency-prune job deletes such rows.
 * A process that dies between the write's commit and storing the answer leaves the row without an
 * answer: retries with that key answer 409 until it expires; never is the write done twice.
 */
import { createHash } from "node:crypto";
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_TTL_MS } from "@market/contract";
import { and, eq, lte } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Executor } from "../db/client.js";
import { idempotencyKeys } from "../db/schema/index.js";
import { HttpError } from "../lib/errors.js";
import { currentUser } from "./auth.js";

/** The time keys are claimed and expire by; tests move it instead of waiting. */
export const idempotencyClock = { now: (): Date => new Date() };

declare module "fastify" {
  interface FastifyRequest {
    /** The key this request claimed (its answer is stored in onSend), else undefined. */
    idempotencyClaim: { accountId: string; key: string } | undefined;
  }
}

/** JSON with object keys sorted, so the same body written in another key order is the same request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const requestHash = (request: FastifyRequest) =>
  createHash("sha256")
    .update(`${request.method} ${request.routeOptions.url}\n${canonicalJson(request.body)}`)
    .digest("hex");

/**
 * preHandler of a write that takes an `Idempotency-Key` (after its guard, so the caller is known).
 * Without the header, or with input the handler will refuse (`attachValidation`), it does nothing.
 * @throws 422 the key was used with another request; 409 the key's first request is still running.
 */
export async function idempotent(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const key = request.headers[IDEMPOTENCY_HEADER];
  if (typeof key !== "string" || request.validationError) return;
  const accountId = currentUser(request).id;
  const db = request.server.db;
  const hash = requestHash(request);
  const now = idempotencyClock.now();
  const expiredBy = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  // A first attempt that failed (500) deletes its row between our INSERT and SELECT: claim again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ accountId, key, requestHash: hash, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.accountId, idempotencyKeys.key],
        set: { requestHash: hash, statusCode: null, contentType: null, body: null, createdAt: now },
        setWhere: lte(idempotencyKeys.createdAt, expiredBy),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed.length > 0) {
      request.idempotencyClaim = { accountId, key };
      return;
    }
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)));
    if (!row) continue;
    if (row.requestHash !== hash) {
      const message = "This Idempotency-Key was already used for a different request. Use a new key for a new request.";
      throw new HttpError(422, message, { [IDEMPOTENCY_HEADER]: message });
    }
    if (row.statusCode === null || row.body === null) {
      throw new HttpError(409, "A request with this Idempotency-Key is still in progress. Try again in a moment.", undefined, {
        "retry-after": "1",
      });
    }
    // The write is not done again: a "stock" route drops nothing on a replay (its handler names
    // the products it changed, ADR 0166), a "catalog" one empties the catalog once more (harmless).
    reply
      .code(row.statusCode)
      .header("content-type", row.contentType ?? "application/json; charset=utf-8")
      .header("idempotent-replayed", "true");
    return reply.send(row.body);
  }
  throw new HttpError(409, "A request with this Idempotency-Key is still in progress. Try again in a moment.", undefined, {
    "retry-after": "1",
  });
}

/** Store the answer of a claimed key, or free the key when the answer is a 5xx (or not text). */
async function settleClaim(db: Executor, claim: { accountId: string; key: string }, reply: FastifyReply, payload: unknown) {
  const where = and(eq(idempotencyKeys.accountId, claim.accountId), eq(idempotencyKeys.key, claim.key));
  if (reply.statusCode >= 500 || typeof payload !== "string") {
    await db.delete(idempotencyKeys).where(where);
    return;
  }
  const contentType = String(reply.getHeader("content-type") ?? "application/json; charset=utf-8");
  await db.update(idempotencyKeys).set({ statusCode: reply.statusCode, contentType, body: payload }).where(where);
}

/**
 * Delete the keys older than IDEMPOTENCY_KEY_TTL_MS at `now` (the idempotency-prune job); answers
 * how many. A key still without an answer that old is deleted too: its request ended long ago.
 */
export async function pruneIdempotencyKeys(db: Executor, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/**
 * Registers the onSend hook that stores each claimed key's answer. Registered before
 * @fastify/compress, so it sees the JSON string, not a compressed stream. If storing fails (the
 * database went away) the answer still leaves; the key then stays without an answer (409) until it
 * expires, which never repeats the write.
 */
export default fp(
  async function idempotencyPlugin(app: FastifyInstance) {
    app.decorateRequest("idempotencyClaim", undefined);
    app.addHook("onSend", async (request, reply, payload) => {
      const claim = request.idempotencyClaim;
      if (!claim) return payload;
      request.idempotencyClaim = undefined;
      try {
        await settleClaim(app.db, claim, reply, payload);
      } catch (err) {
        request.log.warn({ err: (err as Error).message }, "idempotency key answer not stored");
      }
      return payload;
    });
  },
  { name: "idempotency" },
);
