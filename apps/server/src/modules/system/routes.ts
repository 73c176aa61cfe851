/** Health check (and, in development, the outbox page lives in accounts). */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

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
      await app.db.execute(sql`select 1`);
      return { statusCode: 200 as const, status: "ok" as const, db: "up" as const };
    },
  );
};

export default routes;
