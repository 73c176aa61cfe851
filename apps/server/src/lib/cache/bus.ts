/**
 * The invalidation bus of the cache module (ADR 0100): carries small text messages from one store
 * process to every other, over Redis pub/sub when REDIS_URL is set, else over PostgreSQL
 * LISTEN/NOTIFY on the store's own database (so two processes on one database stay correct without
 * Redis). The bus only transports; `CacheHub` (index.ts) decides what a message means.
 *
 * Both buses reconnect by themselves after their connection drops. They never let an 'error' event
 * go unhandled, log an outage once (warn) and its end once (info), and call `handlers.reset()` when
 * the connection drops and again once it is back: a message sent meanwhile may be lost, so the
 * caches are emptied rather than trusted.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Redis } from "ioredis";
import pg from "pg";

/** What a bus tells the cache hub. */
type BusHandlers = {
  /** A message from some process (this one's own included; the hub skips those). */
  message(payload: string): void;
  /** The bus lost, or got back, its connection: messages may have been missed. */
  reset(): void;
};

/** A channel every store process listens on and sends to. */
export interface InvalidationBus {
  readonly kind: "redis" | "postgres";
  /**
   * Connect and subscribe. Resolves once subscribed; rejects when the first connection fails
   * (the start stops). Later drops are handled inside (reconnect, `reset`).
   */
  start(handlers: BusHandlers): Promise<void>;
  /**
   * Send `payload` to every process. Resolves once the server (Redis, PostgreSQL) took it, or once
   * sending failed (logged, never thrown).
   */
  send(payload: string): Promise<void>;
  /** Is the bus subscribed right now? */
  connected(): boolean;
  close(): Promise<void>;
}

/** Longest wait between two reconnection attempts of the PostgreSQL listener, in ms. */
const MAX_BACKOFF_MS = 5_000;
/** First wait before reconnecting the PostgreSQL listener, in ms (doubles up to MAX_BACKOFF_MS). */
const FIRST_BACKOFF_MS = 100;

/** Logs an outage once: `down()` warns only on the first call until `up()`, which then says so once. */
function outageLog(log: FastifyBaseLogger, downMessage: string, upMessage: string) {
  let down = false;
  return {
    down(err: unknown) {
      if (down) return;
      down = true;
      log.warn({ err: err instanceof Error ? err.message : String(err) }, downMessage);
    },
    up() {
      if (!down) return;
      down = false;
      log.info(upMessage);
    },
  };
}

/**
 * The bus on PostgreSQL: one dedicated client (same settings as `pool`) that LISTENs on `channel`
 * and also sends (`pg_notify`), so sending never waits behind the requests' queries for a pooled
 * connection; while it reconnects, messages go through `pool`. NOTIFY payloads must stay under
 * 8,000 bytes (the hub keeps them far below).
 */
export function createPgBus(opts: { pool: pg.Pool; channel: string; log: FastifyBaseLogger }): InvalidationBus {
  const { pool, channel } = opts;
  const outage = outageLog(
    opts.log,
    "cache invalidation listener (PostgreSQL LISTEN) disconnected: caches emptied, reconnecting",
    "cache invalidation listener (PostgreSQL LISTEN) reconnected: caches emptied",
  );
  const sending = outageLog(
    opts.log,
    "sending a cache invalidation (PostgreSQL NOTIFY) failed: other processes drop the entry at its TTL or when their listener reconnects",
    "sending cache invalidations (PostgreSQL NOTIFY) works again",
  );
  let handlers: BusHandlers | undefined;
  let client: pg.Client | undefined;
  let up = false;
  let closed = false;
  let backoff = FIRST_BACKOFF_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...pool.options, keepAlive: true });
    // Every failure of this client ends in `dropped`, once: 'error' and 'end' may both fire.
    let gone = false;
    const dropped = (err: unknown) => {
      if (gone) return;
      gone = true;
      c.removeAllListeners("notification");
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (closed) return;
      if (up) {
        up = false;
        handlers?.reset();
      }
      outage.down(err);
      schedule();
    };
    c.on("error", dropped);
    c.on("end", () => dropped(new Error("connection ended")));
    c.on("notification", (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers?.message(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${c.escapeIdentifier(channel)}`);
    } catch (err) {
      dropped(err);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    up = true;
    backoff = FIRST_BACKOFF_MS;
  };

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          // Anything sent while this process was not listening is lost: start from empty caches.
          handlers?.reset();
          outage.up();
        },
        () => {
          backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        },
      );
    }, backoff);
    timer.unref();
  };

  return {
    kind: "postgres",
    async start(h) {
      handlers = h;
      await connect();
    },
    send(payload) {
      // On the listener's own connection when it is up (no wait for a pooled connection behind
      // the requests' queries), else through the pool.
      const sender = client && up ? client : pool;
      return sender.query("select pg_notify($1, $2)", [channel, payload]).then(
        () => sending.up(),
        (err: unknown) => sending.down(err),
      );
    },
    connected: () => up,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      up = false;
      await c?.end().catch(() => {});
    },
  };
}

/**
 * The bus on Redis pub/sub: a duplicate of `client` subscribes to `channel` (a subscribed
 * connection can do nothing else); messages are published through `client`. ioredis reconnects
 * both by itself; the subscription is renewed on every reconnection before the caches are reset.
 */
export function createRedisBus(opts: { client: Redis; channel: string; log: FastifyBaseLogger }): InvalidationBus {
  const { client, channel } = opts;
  const outage = outageLog(
    opts.log,
    "cache invalidation subscriber (Redis) disconnected: caches emptied, reconnecting",
    "cache invalidation subscriber (Redis) reconnected: caches emptied",
  );
  const sending = outageLog(
    opts.log,
    "sending a cache invalidation (Redis PUBLISH) failed: other processes drop the entry at its TTL or when their subscriber reconnects",
    "sending cache invalidations (Redis PUBLISH) works again",
  );
  // No automatic resubscription: it is done below, so `reset` runs only once it is in place. Named
  // after the channel in Redis's CLIENT LIST.
  const sub = client.duplicate({ autoResubscribe: false, lazyConnect: true, connectionName: channel });
  let handlers: BusHandlers | undefined;
  let up = false;
  let started = false;

  sub.on("error", (err) => outage.down(err));
  sub.on("close", () => {
    if (!up) return;
    up = false;
    handlers?.reset();
    outage.down(new Error("connection closed"));
  });
  sub.on("ready", () => {
    if (!started) return;
    sub.subscribe(channel).then(
      () => {
        up = true;
        // Messages published while this process was not subscribed are lost: start from empty caches.
        handlers?.reset();
        outage.up();
      },
      (err: unknown) => outage.down(err),
    );
  });
  sub.on("message", (ch: string, payload: string) => {
    if (ch === channel) handlers?.message(payload);
  });

  return {
    kind: "redis",
    async start(h) {
      handlers = h;
      await sub.connect();
      await sub.subscribe(channel);
      up = true;
      started = true;
    },
    send(payload) {
      return client.publish(channel, payload).then(
        () => sending.up(),
        (err: unknown) => sending.down(err),
      );
    },
    connected: () => up,
    async close() {
      up = false;
      started = false;
      sub.disconnect();
    },
  };
}
