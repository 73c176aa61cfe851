/** Applies the generated SQL migrations (src/db/migrations) to a database. */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Db } from "./client.js";

const here = path.dirname(fileURLToPath(import.meta.url));

/** Folder of the migrations, both from source (src/db) and from the bundle (dist). */
export function migrationsFolder(): string {
  const candidates = [path.join(here, "migrations"), path.join(here, "db/migrations"), path.join(here, "../src/db/migrations")];
  return candidates.find((c) => existsSync(path.join(c, "meta/_journal.json"))) ?? candidates[0]!;
}

import { existsSync } from "node:fs";

/** Run every pending migration. Idempotent. */
export async function runMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder: migrationsFolder() });
}
