/**
 * Health and readiness (ADR 0100): GET /api/health answers 200 while the database answers and,
 * with REDIS_URL, while Redis answers and the cache bus is subscribed; 503 naming what is down
 * (`db: "down"`, `redis: "down"`) otherwise, so a load balancer takes the process out of rotation
 * and it comes back by itself once they answer again; 503 while the process drains before shutting
 * down. GET /api/health/live answers 200 while the process serves at all (liveness: restart it only
 * when that fails).
 */

import { ErrorAnswer } from "@market/contract";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorAnswer, unavailable } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";

/**
 * The health query may not hang a load balancer's probe: it answers "down" after this long (ms),
 * under 2 s (ADR 0160) even where the DB_* time-outs are set longer.
 */
const HEALTH_TIMEOUT_MS = 1_500;

const UpDown = z.enum(["up", "down"]);

/** `probe` settled within HEALTH_TIMEOUT_MS: up; failed or too slow: down. */
async function answers(probe: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const up = await Promise.race([
    probe().then(
      () => true,
      () => false,
    ),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
  return up;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { cache: NO_CACHE_EFFECT },
      schema: {
        tags: ["system"],
        summary: "Readiness: the database and, with REDIS_URL, Redis answer",
        response: {
          200: z.object({ statusCode: z.literal(200), status: z.literal("ok"), db: z.literal("up"), redis: z.literal("up").optional() }),
          // The error answer (with spec §7's data.message), plus what is down.
          503: ErrorAnswer.extend({ db: UpDown.optional(), redis: UpDown.optional() }),
        },
      },
    },
    async (_request, reply) => {
      if (app.draining) throw unavailable("Shutting down");
      const redis = app.redis;
      const [dbUp, redisUp] = await Promise.all([
        answers(() => app.db.execute(sql`select 1`)),
        redis ? answers(() => redis.ping()).then((up) => up && app.cache.status().connected) : Promise.resolve(null),
      ]);
      const status = {
        db: dbUp ? ("up" as const) : ("down" as const),
        ...(redisUp === null ? {} : { redis: redisUp ? ("up" as const) : ("down" as const) }),
      };
      if (!dbUp || redisUp === false) {
        const message = !dbUp ? "The database is not answering" : "Redis is not answering (REDIS_URL)";
        return reply.status(503).send({ ...errorAnswer(503, message), ...status });
      }
      return { statusCode: 200 as const, status: "ok" as const, db: "up" as const, ...(redisUp ? { redis: "up" as const } : {}) };
    },
  );

  app.get(
    "/health/live",
    {
      config: { cache: NO_CACHE_EFFECT },
      schema: {
        tags: ["system"],
        summary: "Liveness: the process serves (no dependency is checked)",
        response: { 200: z.object({ statusCode: z.literal(200), status: z.literal("ok") }) },
      },
    },
    async () => ({ statusCode: 200 as const, status: "ok" as const }),
  );
};

export default routes;
