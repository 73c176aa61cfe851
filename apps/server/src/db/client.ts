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
 * Independent reads, as `Promise.all` of `work`'s answers: at once on the database's pool, one after
 * another on anything else (a transaction, or `drizzleOn`'s one connection). One connection runs one
 * statement at a time; node-postgres deprecates queueing a second one on a busy client (its version 9
 * drops the queue).
 */
export async function allOf<T extends readonly unknown[]>(
  db: Executor,
  work: readonly [...{ [K in keyof T]: () => PromiseLike<T[K]> }],
): Promise<T> {
  if ((db as { $client?: unknown }).$client instanceof pg.Pool) return (await Promise.all(work.map((w) => w()))) as unknown as T;
  const out: unknown[] = [];
  for (const w of work) out.push(await w());
  return out as unknown as T;
}

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

/** Drizzle on a connection inside `inPgTransaction`, for a service written with Drizzle to join that transaction. */
export function drizzleOn(client: pg.PoolClient): Db {
  return drizzle(client, { schema, casing: "snake_case" }) as unknown as Db;
}

/** A node-postgres connection to run a `NamedStatement` on: the pool (`db.$client`) or a transaction's connection. */
export type PgClient = pg.Pool | pg.PoolClient;

/**
 * A SQL statement with named parameters, run as a node-postgres NAMED prepared statement
 * (`{ name, text, values }`): PostgreSQL parses and plans it once per connection and then only binds
 * the values and executes (ADR 0071: the busiest statements skip parsing and planning on every
 * call). Rows come back as node-postgres parses them (int8 as text, timestamps as Date).
 */
type NamedStatement<P, R extends QueryResultRow> = {
  readonly name: string;
  /** The text as sent, each distinct parameter name replaced by `$n` in order of first use. */
  readonly text: string;
  /** Run with `params` on the pool (a statement of its own) or a transaction's connection (`inPgTransaction`). */
  run(client: PgClient, params: P): Promise<QueryResult<R>>;
};

/**
 * Tag that makes a `NamedStatement` from SQL whose interpolations are parameter names of `P`:
 * ``namedStatement<{ buyerId: string }, Row>("checkout_read")`select ... where buyer_id = ${"buyerId"}::uuid` ``.
 * A name may appear several times (one `$n`). `name` must be unique per distinct text in the whole
 * app (PostgreSQL refuses a second text under a name already prepared on the connection).
 */
export function namedStatement<P extends Record<string, unknown>, R extends QueryResultRow = QueryResultRow>(name: string) {
  return (strings: TemplateStringsArray, ...keys: Array<keyof P & string>): NamedStatement<P, R> => {
    const order: Array<keyof P & string> = [];
    let text = strings[0] ?? "";
    keys.forEach((key, i) => {
      const known = order.indexOf(key);
      const n = known >= 0 ? known + 1 : order.push(key);
      text += `$${n}${strings[i + 1] ?? ""}`;
    });
    return { name, text, run: (client, params) => client.query<R>({ name, text, values: order.map((key) => params[key]) }) };
  };
}

/**
 * Run `work` in one transaction on a connection of `db`'s pool, for `NamedStatement`s: COMMIT when
 * it resolves, ROLLBACK when it throws (the error is rethrown). A connection whose ROLLBACK fails
 * (PostgreSQL went away) is dropped from the pool instead of being lent again.
 */
export async function inPgTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query("begin");
    const result = await work(client);
    await client.query("commit");
    return result;
  } catch (err) {
    await client.query("rollback").catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw err;
  } finally {
    client.release(broken);
  }
}
