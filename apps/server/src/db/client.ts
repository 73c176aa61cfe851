/** The database handle: a node-postgres pool wrapped by Drizzle, with the whole schema. */
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg, { type QueryResult, type QueryResultRow } from "pg";
import type { Config } from "../config.js";
import * as schema from "./schema/index.js";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction handle, as passed to `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Anything that can run a query: the database or a transaction. */
export type Executor = Db | Tx;

/**
 * How long a request's pool waits on PostgreSQL before it gives up (ms, ADR 0160): `connectMs` for
 * a connection (opening one, or waiting for a free one in a full pool), `statementMs` for one
 * statement (client side, so a frozen server is noticed; the same limit is PostgreSQL's
 * statement_timeout, so the server stops work nobody waits for any more), and
 * `idleInTransactionMs` for a transaction left open between statements (PostgreSQL ends that
 * session and its locks, e.g. when a store process is frozen mid-transaction).
 */
export type DbTimeouts = { connectMs: number; statementMs: number; idleInTransactionMs: number };

/** The request pools' time-outs from the configuration (DB_CONNECT_TIMEOUT_MS and the two beside it). */
export function requestTimeouts(
  config: Pick<Config, "DB_CONNECT_TIMEOUT_MS" | "DB_STATEMENT_TIMEOUT_MS" | "DB_IDLE_IN_TRANSACTION_TIMEOUT_MS">,
): DbTimeouts {
  return {
    connectMs: config.DB_CONNECT_TIMEOUT_MS,
    statementMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * A connection that is dropped as soon as one of its statements times out (pg's "Query read
 * timeout"). pg keeps waiting for the lost answer on that connection otherwise, so the next
 * statement on it (a transaction's rollback) would wait its whole time-out again, and the pool
 * would lend the blocked connection to the next request.
 */
class DroppedOnTimeoutClient extends pg.Client {
  // pg's query has many overloads; this wraps whichever was called and keeps its answer.
  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg.Client#query unchanged
  override query(...args: any[]): any {
    const last = args.at(-1);
    if (typeof last === "function") {
      args[args.length - 1] = (err: Error | null, res: unknown) => {
        this.dropOnTimeout(err);
        last(err, res);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result instanceof Promise)
      return result.catch((err: Error) => {
        this.dropOnTimeout(err);
        throw err;
      });
    return result;
  }

  private dropOnTimeout(err: Error | null) {
    if (err?.message === "Query read timeout")
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }
}

/**
 * Open a pool on `url`. Pool size defaults to 10. bigint columns (int8) come back as JS numbers
 * (our kobo amounts stay far below 2^53). With `timeouts` (the pools that serve requests, from
 * config.ts's DB_* settings) a frozen or unreachable PostgreSQL fails a request within those limits
 * and the error handler answers 503 (ADR 0088, 0160); without them (migrations, seeding, tools)
 * statements run as long as they need and a connection is waited for 5 s.
 */
export function createDb(url: string, max = 10, timeouts?: DbTimeouts): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: timeouts?.connectMs ?? 5_000,
    ...(timeouts
      ? {
          Client: DroppedOnTimeoutClient,
          query_timeout: timeouts.statementMs,
          statement_timeout: timeouts.statementMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        }
      : {}),
  });
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
