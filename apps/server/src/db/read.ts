/**
 * Which pool a catalog read uses (ADR 0106). With DATABASE_READ_URL the public catalog reads
 * (listing, search, categories, reviews, item pages, sitemap) of a caller who is not signed in go
 * to the replica, with two exceptions that keep every answer as fresh as the primary's once the
 * writer has had their answer:
 * - a signed-in caller reads from the primary: every catalog write needs a session, so the
 *   writer's next request sees the write however far the replica lags;
 * - after any cache invalidation reaches this process (a write here or in another process, ADR
 *   0100), anonymous reads also go to the primary until the replica has replayed everything the
 *   primary had at a moment after it (WAL positions compared, `lsnCaughtUp`). The answers they
 *   fill are shared with signed-in callers (the public answers cache, ADR 0125), so they must not
 *   come from a replica that lacks the write.
 * A DATABASE_READ_URL server that is not a standby (not in recovery) counts as always caught up.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "./client.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Picks the pool of each catalog read (see `catalogReader`). */
    readRouting: ReadRouting;
  }
}

export type ReadRouting = {
  /** The pool for a catalog read: the primary for a signed-in caller, else as the module says. */
  pool(signedIn: boolean): Db;
  /** Resolves once no replica check is running (tests). */
  settled(): Promise<void>;
  /** Stop checking (the app's onClose). */
  close(): void;
};

/** Has the replica replayed everything the primary had committed when this check began? */
export type CaughtUp = () => Promise<boolean>;

/** Between two checks of a replica that still lags, in ms. */
const RECHECK_MS = 100;

/**
 * The replica check of `db` and `readDb`: the primary's current WAL position first, then whether
 * the replica's replay position has reached it. A server that is not in recovery is caught up.
 * Rejects when either server does not answer.
 */
function lsnCaughtUp(db: Db, readDb: Db): CaughtUp {
  return async () => {
    const primary = await db.$client.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
    const replica = await readDb.$client.query<{ ok: boolean }>(
      "select not pg_is_in_recovery() or coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) as ok",
      [primary.rows[0]!.lsn],
    );
    return replica.rows[0]?.ok === true;
  };
}

/**
 * Routing of catalog reads between `db` (primary) and `readDb`. `stamp()` changes whenever an
 * invalidation reached this process (a cache's stamp, lib/cache); `caughtUp` checks the replica.
 * Without a separate `readDb` every read uses `db`.
 */
export function createReadRouting(db: Db, readDb: Db, stamp: () => number, caughtUp: CaughtUp): ReadRouting {
  if (readDb === db) return { pool: () => db, settled: async () => {}, close() {} };
  let seen = stamp();
  /** When (performance.now(), ms) this process noticed a write the replica may lack; null: none. */
  let pendingSince: number | null = null;
  let checking: Promise<void> | null = null;
  let closed = false;

  const check = async () => {
    while (pendingSince !== null && !closed) {
      const began = performance.now();
      const ok = await caughtUp().catch(() => false);
      // Caught up with everything committed before `began`: every write noticed before it is there.
      if (ok && pendingSince !== null && pendingSince <= began) pendingSince = null;
      else await new Promise((r) => setTimeout(r, RECHECK_MS).unref());
    }
  };

  return {
    pool(signedIn) {
      if (signedIn) return db;
      const now = stamp();
      if (now !== seen) {
        seen = now;
        pendingSince = performance.now();
      }
      if (pendingSince === null) return readDb;
      checking ??= check().finally(() => {
        checking = null;
      });
      return db;
    },
    settled: async () => {
      while (checking) await checking;
    },
    close() {
      closed = true;
    },
  };
}

/** `app.readRouting` on `app.db` and `app.readDb`, fed by the cache hub's invalidations (needs the cache plugin). */
export const readRoutingPlugin = fp(
  async function readRoutingPlugin(app: FastifyInstance) {
    // A cache that holds nothing: its stamp moves with every invalidation this process applies.
    const signal = app.cache.define<never>("read-routing", { max: 1, ttlMs: 60_000 });
    const routing = createReadRouting(app.db, app.readDb, () => signal.stamp(), lsnCaughtUp(app.db, app.readDb));
    app.decorate("readRouting", routing);
    app.addHook("onClose", async () => {
      routing.close();
      await routing.settled();
    });
  },
  { name: "read-routing", dependencies: ["cache"] },
);

/** The pool for a catalog read by `request`'s caller (see the module's rules). */
export function catalogReader(request: FastifyRequest): Db {
  return request.server.readRouting.pool(!!request.user);
}
