/** Applies the generated SQL migrations (src/db/migrations) to a database. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./client.js";

/** Advisory-lock key held while migrating (any fixed bigint; only this module takes it). */
const MIGRATION_LOCK = 7_246_001;

const here = path.dirname(fileURLToPath(import.meta.url));

/** Folder of the migrations, both from source (src/db) and from the bundle (dist). */
function migrationsFolder(): string {
  const candidates = [path.join(here, "migrations"), path.join(here, "db/migrations"), path.join(here, "../src/db/migrations")];
  return candidates.find((c) => existsSync(path.join(c, "meta/_journal.json"))) ?? candidates[0]!;
}

import { existsSync } from "node:fs";

/**
 * Run every pending migration. Idempotent. Several store processes starting at once (a cluster, a
 * rolling deploy) take turns under a PostgreSQL advisory lock on one connection: the first applies
 * the migrations, the others then find nothing pending (docs/deploy.md).
 */
export async function runMigrations(db: Db): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
