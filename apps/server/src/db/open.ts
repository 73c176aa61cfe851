/**
 * Open the store's database: DATABASE_URL when set, else an embedded PostgreSQL under
 * DATA_DIR/postgres. Applies migrations. `close()` ends the pool and stops an embedded server.
 */
import path from "node:path";
import type { Config } from "../config.js";
import { createDb, type Db } from "./client.js";
import { startEmbeddedPostgres } from "./embedded.js";
import { runMigrations } from "./migrate.js";

export async function openDatabase(
  config: Config,
): Promise<{ db: Db; url: string; embedded: boolean; dataDir?: string; close: () => Promise<void> }> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const dataDir = path.resolve(config.DATA_DIR, "postgres");
  if (!url) {
    // Supervised: a PostgreSQL that stops under the running store is started again (requests answer 503 meanwhile).
    const pg = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, supervise: true });
    url = pg.url;
    stopEmbedded = pg.stop;
  }
  const db = createDb(url, 20);
  try {
    await runMigrations(db);
  } catch (err) {
    await db.$client.end();
    await stopEmbedded?.();
    throw err;
  }
  return {
    db,
    url,
    embedded: !!stopEmbedded,
    ...(stopEmbedded ? { dataDir } : {}),
    close: async () => {
      await db.$client.end();
      await stopEmbedded?.();
    },
  };
}
