/**
 * The store's Redis client (REDIS_URL, ADR 0100): one ioredis connection shared by the rate
 * limits (@fastify/rate-limit's Redis store) and the cache module's invalidation bus (which
 * subscribes on a duplicate of it).
 *
 * Commands fail fast while Redis is unreachable (no offline queue, one retry, 1 s timeout), so a
 * request that needs Redis answers 503 at once instead of waiting (plugins/errors.ts); ioredis
 * keeps reconnecting in the background. 'error' events are handled (logged once per outage).
 */
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";

/** Longest wait for Redis to answer at start and for one command, in ms. */
const CONNECT_TIMEOUT_MS = 3_000;
const COMMAND_TIMEOUT_MS = 1_000;

/** `url` without its user name and password, for messages and logs. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return "(an invalid URL)";
  }
}

/** Does `err` say that Redis is unreachable (connection refused, closed, timed out)? Used for 503s. */
export function isRedisDown(err: unknown): boolean {
  const e = err as { name?: string; message?: string } | undefined;
  if (!e || typeof e.message !== "string") return false;
  return (
    e.name === "MaxRetriesPerRequestError" ||
    /Stream isn't writeable and enableOfflineQueue|Connection is closed|Command timed out|Reached the max retries per request/.test(
      e.message,
    )
  );
}

/**
 * Connect to the Redis at `url` and check that it answers PING.
 * @throws Error naming REDIS_URL when Redis does not answer within CONNECT_TIMEOUT_MS (the start
 *   stops with that message); the half-open client is closed first.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  let down = false;
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // Reconnect forever, waiting at most 2 s between tries.
    retryStrategy: (times) => Math.min(times * 100, 2_000),
  });
  client.on("error", (err: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: err.message }, "Redis is not answering (REDIS_URL): requests that need it answer 503 until it is back");
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log.info("Redis answers again (REDIS_URL)");
  });
  try {
    await withTimeout(client.connect(), CONNECT_TIMEOUT_MS);
    await withTimeout(client.ping(), CONNECT_TIMEOUT_MS);
  } catch (err) {
    client.disconnect();
    throw new Error(
      `REDIS_URL: Redis at ${redactUrl(url)} did not answer (${err instanceof Error ? err.message : String(err)}). ` +
        "Start Redis there, correct REDIS_URL, or unset it to run a single process without Redis.",
    );
  }
  return client;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
