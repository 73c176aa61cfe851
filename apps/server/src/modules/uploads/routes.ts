/** HTTP routes for image uploads (POST /api/uploads, multipart). Filled in by the back-office issue. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const routes: FastifyPluginAsyncZod = async (_app) => {};

export default routes;
