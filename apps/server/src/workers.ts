/**
 * The store's processes on one machine when WORKERS is above 1 (ADR 0229). The primary process has
 * prepared the database once (embedded PostgreSQL, migrations, demo seed: main.ts); it then runs
 * WORKERS store processes with node:cluster, which share the port (the primary hands out
 * connections round robin) and otherwise share nothing but what every store process shares
 * (PostgreSQL, Redis). A store process that ends while serving is replaced; one that ends before it
 * listened stops them all (its own message says why), as a start-up fault of a single process does.
 * SIGINT and SIGTERM are passed on: each store process drains as it does alone (ADR 0053), and the
 * primary ends once they all have.
 */
import cluster, { type Worker } from "node:cluster";

export type WorkerOptions = {
  count: number;
  /** Settings for every store process, over the primary's environment (e.g. the embedded PostgreSQL's URL). */
  env: Record<string, string>;
  /** After a stop signal, how long (ms) the store processes may take before they are killed. */
  stopWithinMs: number;
  /** Once every first store process listens: the port they share. */
  onListening: (port: number) => void;
  /** Once every store process has ended after a stop (or a failed start): 0, or 1 when one failed. */
  onEnded: (code: number) => Promise<void>;
  /** Where to say that a store process ended and was replaced. */
  log: (line: string) => void;
};

/** Start `count` store processes (this must be the cluster's primary) and keep them running until a stop signal. */
export function runWorkers(o: WorkerOptions): void {
  const live = new Set<Worker>();
  const served = new Set<Worker>();
  let stopping = false;
  let failed = false;
  let reported = false;

  const start = () => {
    const worker = cluster.fork(o.env);
    live.add(worker);
    worker.on("listening", (address) => {
      served.add(worker);
      if (!reported && served.size >= o.count) {
        reported = true;
        o.onListening(address.port);
      }
    });
    worker.on("exit", (code, signal) => {
      live.delete(worker);
      const wasServing = served.delete(worker);
      if (stopping) {
        // Ended by the signal passed on (one still starting has no handler for it yet): not a failure.
        if (code !== null && code !== 0) failed = true;
        if (!live.size) void o.onEnded(failed ? 1 : 0);
        return;
      }
      if (!wasServing) {
        o.log(`A store process ended before it could serve (${signal ?? `exit code ${code}`}): stopping the others.`);
        stop("SIGTERM", true);
        return;
      }
      o.log(`Store process ${worker.process.pid} ended (${signal ?? `exit code ${code}`}): starting another.`);
      start();
    });
  };

  const stop = (signal: NodeJS.Signals, fault: boolean) => {
    if (stopping) return;
    stopping = true;
    failed = fault;
    for (const worker of live) worker.process.kill(signal);
    const force = setTimeout(() => {
      if (live.size) failed = true;
      for (const worker of live) worker.process.kill("SIGKILL");
    }, o.stopWithinMs);
    force.unref();
    if (!live.size) void o.onEnded(failed ? 1 : 0);
  };

  process.on("SIGINT", () => stop("SIGINT", false));
  process.on("SIGTERM", () => stop("SIGTERM", false));
  for (let i = 0; i < o.count; i++) start();
}
