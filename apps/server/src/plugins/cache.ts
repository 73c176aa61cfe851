/**
 * Shared state of a store process (ADR 0100): `app.cache`, the cache hub every cache of the app is
 * defined on (lib/cache), and `app.redis`, the Redis client when REDIS_URL is set (null otherwise).
 * Invalidations travel over Redis pub/sub with REDIS_URL, else over PostgreSQL LISTEN/NOTIFY on
 * the store's own database (a dedicated connection with the pool's settings).
 *
 * Registration fails (and so does the start) when REDIS_URL is set and Redis does not answer, or
 * when the bus cannot subscribe; the message names the setting.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Redis } from "ioredis";
import { CacheHub, createPgBus, createRedisBus } from "../lib/cache/index.js";
import { connectRedis } from "../lib/cache/redis.js";

declare module "fastify" {
  interface FastifyInstance {
    /** The named caches of this process and their invalidation bus (lib/cache, ADR 0100). */
    cache: CacheHub;
    /** The Redis client (REDIS_URL), shared by the rate limits and the cache bus; null without REDIS_URL. */
    redis: Redis | null;
  }
}

/** PostgreSQL channel of the cache invalidations (NOTIFY reaches only the same database). */
const PG_CACHE_CHANNEL = "market_cache_invalidation";

export default fp(
  async function cachePlugin(app: FastifyInstance) {
    const { REDIS_URL, REDIS_PREFIX } = app.config;
    const redis = REDIS_URL ? await connectRedis(REDIS_URL, app.log) : null;
    const bus = redis
      ? createRedisBus({ client: redis, channel: `${REDIS_PREFIX}cache-invalidation`, log: app.log })
      : createPgBus({ pool: app.db.$client, channel: PG_CACHE_CHANNEL, log: app.log });
    const hub = new CacheHub({ bus, log: app.log });
    try {
      await hub.start();
    } catch (err) {
      await hub.close();
      redis?.disconnect();
      const detail = err instanceof Error ? err.message : String(err);
      throw new Error(
        redis
          ? `REDIS_URL: could not subscribe to the cache invalidation channel (${detail})`
          : `could not listen for cache invalidations on the database (${detail})`,
      );
    }
    app.decorate("cache", hub);
    app.decorate("redis", redis);
    app.addHook("onClose", async () => {
      await hub.close();
      await redis?.quit().catch(() => redis.disconnect());
    });
  },
  { name: "cache" },
);
