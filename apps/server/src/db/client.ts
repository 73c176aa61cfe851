/** The database handle: a node-postgres pool wrapped by Drizzle, with the whole schema. */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg, { type QueryResult, type QueryResultRow } from "pg";
import * as schema from "./schema/index.js";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle, as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run a query: the database or a transaction. */
export type Executor = Db | Tx;

/**
 * Open a pool on `url`. Pool size defaults to 10. bigint columns (int8) come back as JS numbers
 * (our kobo amounts stay far below 2^53).
 */
export function createDb(url: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  // A broken idle connection (e.g. PostgreSQL restarting) must not crash the process.
  pool.on("error", () => {});
  // Neither may a connection that is checked out between two statements (a transaction waiting on
  // the app): the pool removes its own listener while a client is lent, so PostgreSQL's
  // "terminating connection" (57P01) would be an unhandled 'error' event. The query in progress, or
  // the next one, fails with the error and the request answers 503 (plugins/errors.ts); the pool
  // drops the broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  return drizzle(pool, { schema, casing: "snake_case" }) as Db;
}

/**
 * Run `text` as a NAMED prepared statement on `db` (the pool, or a transaction's connection):
 * PostgreSQL parses and plans it once per connection and then only binds `values` and executes
 * (ADR 0071: the busiest statements then skip parsing and planning on every call). `name` must be unique
 * per distinct `text` in the whole app. Answers pg's result, with Drizzle's type parsing (timestamps
 * as strings), exactly like `db.execute(sql...)`.
 */
export function queryNamed<T extends QueryResultRow>(db: Executor, name: string, text: string, values: unknown[]): Promise<QueryResult<T>> {
  return db._.session.prepareQuery({ sql: text, params: values }, undefined, name, false).execute() as Promise<QueryResult<T>>;
}
