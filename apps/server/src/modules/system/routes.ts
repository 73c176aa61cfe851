/**
 * Health check: 200 while the database answers; 503 with `db: "down"` while it does not (a load
 * balancer takes the process out of rotation, and it comes back by itself once PostgreSQL answers
 * again); 503 while the process drains before shutting down.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unavailable } from "../../lib/errors.js";

/** The health query may not hang a load balancer's probe: it answers "down" after this long (ms). */
const HEALTH_TIMEOUT_MS = 2_000;

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: {
          200: z.object({ statusCode: z.literal(200), status: z.literal("ok"), db: z.literal("up") }),
          503: z.object({ statusCode: z.literal(503), message: z.string(), db: z.enum(["up", "down"]).optional() }),
        },
      },
    },
    async (_request, reply) => {
      if (app.draining) throw unavailable("Shutting down");
      let timer: NodeJS.Timeout | undefined;
      const up = await Promise.race([
        app.db.execute(sql`select 1`).then(
          () => true,
          () => false,
        ),
        new Promise<false>((resolve) => {
          timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timer);
      if (!up) return reply.status(503).send({ statusCode: 503 as const, message: "The database is not answering", db: "down" as const });
      return { statusCode: 200 as const, status: "ok" as const, db: "up" as const };
    },
  );
};

export default routes;
