/**
 * A background job of the cluster: work that a timer starts in every server process but that must
 * run in one process at a time, and keep running when any one process dies (ADR 0110).
 *
 * Each run takes a PostgreSQL advisory lock named after the job (`pg_try_advisory_xact_lock`) in a
 * transaction of its own and does the work while that transaction stays open; the work itself uses
 * other pooled connections with its own transactions. A process that finds the lock taken skips the
 * run. The lock ends with its transaction (commit, rollback) or with its connection (the process
 * died, the network dropped), so a dead holder never stops the others.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

export type Job = {
  /** Unique name: the lock's name (prefixed `job:`) and the name in logs and `app.jobs.run`. */
  name: string;
  /** Milliseconds between two runs in each process. */
  everyMs: number;
  /** The work. Throwing rolls the lock's transaction back (it holds no writes) and is logged. */
  run: (app: FastifyInstance) => Promise<unknown>;
};

/** `ran`: this process did the work; `skipped`: another process holds the lock (so is doing it). */
export type JobOutcome = "ran" | "skipped";

/**
 * Run `job` once if no process of the cluster is running it. Holds one pooled connection for the
 * whole run besides what the work uses, so the pool must allow at least two.
 * @throws whatever the work or the database throws (the lock is then released).
 */
export async function runJobOnce(app: FastifyInstance, job: Job): Promise<JobOutcome> {
  return app.db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${`job:${job.name}`}, 0)) as ok`);
    if (lock.rows[0]?.ok !== true) return "skipped";
    await job.run(app);
    return "ran";
  });
}
