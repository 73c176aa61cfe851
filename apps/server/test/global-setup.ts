/**
 * Vitest global setup for the server: one PostgreSQL for the whole run (embedded in a temporary
 * folder, or the server at DATABASE_URL), and a template database with every migration applied.
 * Each test file clones the template (`CREATE DATABASE ... TEMPLATE`), which takes milliseconds.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../src/db/client.js";
import { startEmbeddedPostgres } from "../src/db/embedded.js";
import { runMigrations } from "../src/db/migrate.js";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/** Replace the database name in a PostgreSQL URL. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  let adminUrl = process.env.DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  let tmp: string | undefined;
  if (!adminUrl) {
    tmp = await mkdtemp(path.join(os.tmpdir(), "market-test-pg-"));
    const port = 55000 + Math.floor(Math.random() * 5000);
    const embedded = await startEmbeddedPostgres({ dataDir: tmp, port, dbName: "postgres" });
    adminUrl = embedded.url;
    stop = embedded.stop;
  }
  const template = `market_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists "${template}"`);
  await admin.query(`create database "${template}"`);
  const db = createDb(withDatabase(adminUrl, template), 1);
  await runMigrations(db);
  await db.$client.end();
  project.provide("pgAdminUrl", adminUrl);
  project.provide("pgTemplate", template);

  return async () => {
    // Drop databases left by crashed test files, then the template.
    const left = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${template}_%`]);
    for (const { datname } of left.rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.query(`drop database if exists "${template}" with (force)`);
    await admin.end();
    await stop?.();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  };
}
