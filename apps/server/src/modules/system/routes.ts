/** Health check: 200 while the database answers; 503 while the process drains before shutting down. */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { unavailable } from "../../lib/errors.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      schema: {
        tags: ["system"],
        summary: "Liveness and database check",
        response: { 200: z.object({ statusCode: z.literal(200), status: z.literal("ok"), db: z.literal("up") }) },
      },
    },
    async () => {
      if (app.draining) throw unavailable("Shutting down");
      await app.db.execute(sql`select 1`);
      return { statusCode: 200 as const, status: "ok" as const, db: "up" as const };
    },
  );
};

export default routes;
