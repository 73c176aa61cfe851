/**
 * `npx tsx bench/security-headers.ts`: what setting helmet's security headers costs per request
 * (ADR 0089). A bare Fastify hello-world, the same with helmet's middleware built once at start-up
 * (plugins/security-headers.ts) and with @fastify/helmet (which builds helmet's middleware for every
 * request), each measured 3 times with autocannon (10 connections, 5 s after 1 s of warm-up),
 * interleaved so background load touches all three alike. Prints req/s per run and the median.
 */

import { createRequire } from "node:module";
import fastifyHelmet from "@fastify/helmet";
import Fastify, { type FastifyInstance } from "fastify";
import helmet from "helmet";

// autocannon ships no types: the little used here is typed here.
const autocannon = createRequire(import.meta.url)("autocannon") as (o: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<{ requests: { average: number } }>;

import { HELMET_OPTIONS } from "../apps/server/src/app.js";

const variants: Record<string, (app: FastifyInstance) => Promise<unknown>> = {
  "no headers": async () => {},
  "helmet() built once (ours)": async (app) => {
    const middleware = helmet(HELMET_OPTIONS);
    app.addHook("onRequest", (request, reply, done) =>
      middleware(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
    );
  },
  "@fastify/helmet": async (app) => app.register(fastifyHelmet, HELMET_OPTIONS),
};

const results: Record<string, number[]> = {};
for (let round = 0; round < 3; round++) {
  for (const [name, setup] of Object.entries(variants)) {
    const app = Fastify();
    await setup(app);
    app.get("/", async () => ({ hello: "world" }));
    await app.listen({ port: 0, host: "127.0.0.1" });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/`;
    await autocannon({ url, connections: 10, duration: 1 });
    const run = await autocannon({ url, connections: 10, duration: 5 });
    results[name] = [...(results[name] ?? []), run.requests.average];
    await app.close();
  }
}
for (const [name, runs] of Object.entries(results)) {
  const median = [...runs].sort((a, b) => a - b)[1];
  console.log(`${name.padEnd(28)} ${runs.map((r) => Math.round(r)).join(" / ")} req/s, median ${Math.round(median)}`);
}
