/**
 * Background jobs (ADR 0110): decorates `app.jobs` and runs each job of `JOBS` on its own timer in
 * every server process, each run under the job's cluster lock (job.ts), so one process does it at a
 * time and the others take over when it stops. Timers are unref'd (they never keep a process alive)
 * and stop when the app closes, which waits for a run in progress.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { expirySweep } from "./expiry-sweep.js";
import { idempotencyPrune } from "./idempotency-prune.js";
import { type Job, type JobOutcome, runJobOnce } from "./job.js";
import { outboxDelivery } from "./outbox-delivery.js";
import { protectionTimers } from "./protection-timers.js";
import { sellerScoresJob } from "./seller-scores.js";
import { throttlePrune } from "./throttle-prune.js";

/** Every background job of the server. */
export const JOBS = [
  expirySweep,
  throttlePrune,
  idempotencyPrune,
  outboxDelivery,
  protectionTimers,
  sellerScoresJob,
] as const satisfies readonly Job[];

type JobName = (typeof JOBS)[number]["name"];

declare module "fastify" {
  interface FastifyInstance {
    jobs: {
      /**
       * Run the named job now, as its timer does: `busy` when this process is already running it,
       * else what `runJobOnce` answers (`ran`, or `skipped` when another process holds its lock).
       * @throws the run's error (the timer logs it instead).
       */
      run(name: JobName): Promise<JobOutcome | "busy">;
    };
  }
}

async function jobsPlugin(app: FastifyInstance): Promise<void> {
  const running = new Map<string, Promise<JobOutcome>>();
  const run = (job: Job): Promise<JobOutcome | "busy"> => {
    if (running.has(job.name)) return Promise.resolve("busy");
    const once = runJobOnce(app, job).finally(() => running.delete(job.name));
    running.set(job.name, once);
    return once;
  };
  app.decorate("jobs", {
    run: (name: JobName) => run(JOBS.find((job) => job.name === name)!),
  });
  const timers = JOBS.map((job) => {
    // Named, so a test can tell these timers from the app's others.
    const tick = function runJobOnTimer() {
      return run(job).catch((err) => app.log.warn({ err: (err as Error).message, job: job.name }, "background job failed"));
    };
    const timer = setInterval(tick, job.everyMs);
    timer.unref();
    return timer;
  });
  app.addHook("onClose", async () => {
    for (const timer of timers) clearInterval(timer);
    await Promise.allSettled(running.values());
  });
}

export default fp(jobsPlugin, { name: "jobs" });
