/**
 * Open the store's database: DATABASE_URL when set, else an embedded PostgreSQL under
 * DATA_DIR/postgres. Applies migrations. `db` serves requests, with the DB_* time-outs (ADR 0160);
 * `readDb` is a pool on DATABASE_READ_URL (a replica, for anonymous catalog reads, ADR 0106) with
 * the same time-outs when set, else `db`. `setupDb` is a small pool without statement time-out for
 * the long work before serving (migrations, the demo seed, checks at start). `close()` ends the
 * pools and stops an embedded server.
 * @throws Error naming DATABASE_READ_URL when the replica does not answer.
 */
import path from "node:path";
import type { Config } from "../config.js";
import { createDb, type Db, requestTimeouts } from "./client.js";
import { startEmbeddedPostgres } from "./embedded.js";
import { runMigrations } from "./migrate.js";

export async function openDatabase(
  config: Config,
): Promise<{ db: Db; readDb: Db; setupDb: Db; url: string; embedded: boolean; dataDir?: string; close: () => Promise<void> }> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const dataDir = path.resolve(config.DATA_DIR, "postgres");
  if (!url) {
    // Supervised: a PostgreSQL that stops under the running store is started again (requests answer 503 meanwhile).
    const pg = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, supervise: true });
    url = pg.url;
    stopEmbedded = pg.stop;
  }
  const timeouts = requestTimeouts(config);
  const db = createDb(url, 20, timeouts);
  const readDb = config.DATABASE_READ_URL ? createDb(config.DATABASE_READ_URL, 20, timeouts) : db;
  const setupDb = createDb(url, 2);
  const close = async () => {
    await setupDb.$client.end();
    await db.$client.end();
    if (readDb !== db) await readDb.$client.end();
    await stopEmbedded?.();
  };
  try {
    await runMigrations(setupDb);
    if (readDb !== db)
      await readDb.$client.query("select 1").catch((err: Error) => {
        throw new Error(`DATABASE_READ_URL: the read replica does not answer (${err.message}).`);
      });
  } catch (err) {
    await close();
    throw err;
  }
  return { db, readDb, setupDb, url, embedded: !!stopEmbedded, ...(stopEmbedded ? { dataDir } : {}), close };
}
