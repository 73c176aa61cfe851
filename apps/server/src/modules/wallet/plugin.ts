/**
 * The "wallet service" (spec §7: generic calls to a versioned /api/v1 base; banks list and
 * account-name lookup). Its own Fastify plugin, mounted at /api/v1, so it can be deployed apart.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

const walletPlugin: FastifyPluginAsyncZod = async (_app) => {};

export default walletPlugin;
