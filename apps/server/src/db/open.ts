/**
 * Open the store's database: DATABASE_URL when set, else an embedded PostgreSQL under
 * DATA_DIR/postgres. Applies migrations. `close()` ends the pool and stops an embedded server.
 */
import path from "node:path";
import type { Config } from "../config.js";
import { createDb, type Db } from "./client.js";
import { startEmbeddedPostgres } from "./embedded.js";
import { runMigrations } from "./migrate.js";

export async function openDatabase(config: Config): Promise<{ db: Db; url: string; embedded: boolean; close: () => Promise<void> }> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const pg = await startEmbeddedPostgres({ dataDir: path.join(config.DATA_DIR, "postgres"), port: config.EMBEDDED_PG_PORT });
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
    close: async () => {
      await db.$client.end();
      await stopEmbedded?.();
    },
  };
}
