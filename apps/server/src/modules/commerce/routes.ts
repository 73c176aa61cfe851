/** HTTP routes of the commerce area (see docs/ARCHITECTURE.md). Filled in by its issue. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
