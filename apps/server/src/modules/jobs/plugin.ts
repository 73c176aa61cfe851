/**
 * Background work of the server process: the timers that are not tied to a request.
 */
import type { FastifyPluginAsync } from "fastify";
import { startExpirySweep } from "./expiry-sweep.js";

const jobs: FastifyPluginAsync = async (app) => {
  startExpirySweep(app);
};

export default jobs;
