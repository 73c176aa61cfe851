/**
 * The store's one cache module (ADR 0100): named in-process LRU caches (`lru-cache`, each with its
 * entry bound and TTL) whose invalidations reach every store process through an invalidation bus
 * (bus.ts: Redis pub/sub with REDIS_URL, else PostgreSQL LISTEN/NOTIFY).
 *
 * - `hub.define(name, options)` creates a named cache. Entries may carry tags; a cache may give
 *   every entry the same tags (`options.tags`).
 * - `hub.invalidate(tags)`, `cache.delete(key)` and `cache.clear()` apply in this process at once
 *   (synchronously: this process's next read sees the change) and are sent to every other process,
 *   which applies them when the message arrives.
 * - `cache.stamp()` before a slow read and `set(..., { stamp })` after it: the value is not stored
 *   when an invalidation that may concern it arrived in between (a stale read never outlives the
 *   write that made it stale).
 * - When the bus loses its connection, and again once it is back, every cache is emptied: a message
 *   sent meanwhile may have been lost. Between the two, the TTL bounds how stale an entry can be.
 *
 * `localCache()` is the same cache without a hub: for values only a TTL ever expires (listing
 * counts), which have nothing to broadcast.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import type { InvalidationBus } from "./bus.js";

export type { InvalidationBus } from "./bus.js";
export { createPgBus, createRedisBus } from "./bus.js";

/** Options of a named cache. */
export type CacheOptions<V> = {
  /** Most entries kept; the least recently used go first. */
  max: number;
  /** Longest life of an entry, in ms (> 0). */
  ttlMs: number;
  /** With `sizeOf`: most total size kept (e.g. characters of JSON); the least recently used go first. */
  maxSize?: number;
  /** Size of one value, for `maxSize`; a value larger than `maxSize / 8` is not kept. */
  sizeOf?: (value: V) => number;
  /** Tags every entry carries: `invalidate([tag])` empties the whole cache. */
  tags?: readonly string[];
};

/** Options of one `set`. */
export type SetOptions = {
  /** Tags of this entry (besides the cache's own). */
  tags?: readonly string[];
  /** This entry's life in ms, at most the cache's `ttlMs` (default: the cache's). */
  ttlMs?: number;
  /** When the value was read, in ms since the epoch (default now): its life counts from then. */
  readAt?: number;
  /** `stamp()` taken before the value was read: refused (false) if an invalidation came since. */
  stamp?: number;
};

/** One invalidation, as applied locally and sent to the other processes. */
export type Invalidation =
  | { op: "tags"; tags: string[] }
  | { op: "delete"; cache: string; keys: string[] }
  | { op: "clear"; cache: string }
  | { op: "all" };

const InvalidationSchema = z.discriminatedUnion("op", [
  z.object({ op: z.literal("tags"), tags: z.array(z.string()) }),
  z.object({ op: z.literal("delete"), cache: z.string(), keys: z.array(z.string()) }),
  z.object({ op: z.literal("clear"), cache: z.string() }),
  z.object({ op: z.literal("all") }),
]);
/** A message on the bus: the sending hub's id and the invalidations of one tick, in order. */
const EnvelopeSchema = z.object({ o: z.string(), m: z.array(InvalidationSchema) });

/**
 * Largest message sent as is, in bytes (PostgreSQL's NOTIFY refuses 8,000); a longer batch is sent
 * as `{ op: "all" }`, which empties every cache of every process: rare and always correct.
 */
const MAX_MESSAGE_BYTES = 7_000;

/** Longest wait for the bus to take a message before `invalidate()` resolves anyway, in ms. */
const SEND_WAIT_MS = 500;

type Slot<V> = { value: V; tags: readonly string[] };

/**
 * A named LRU cache (lru-cache) with tags. Times use `Date.now()` (so tests can move the clock).
 * Create it with `hub.define()` (invalidations broadcast) or `localCache()` (this process only).
 */
export class NamedCache<V> {
  readonly #lru: LRUCache<string, Slot<V>>;
  readonly #byTag = new Map<string, Set<string>>();
  readonly #ownTags: readonly string[];
  readonly #ttlMs: number;
  readonly #maxEntrySize: number;
  readonly #sizeOf: ((value: V) => number) | undefined;
  #epoch = 0;

  /** @internal Use `hub.define()` or `localCache()`. */
  constructor(
    readonly name: string,
    options: CacheOptions<V>,
    /** Sends an invalidation already applied here to the other processes (see `CacheHub.invalidate`). */
    private readonly announce: (m: Invalidation) => Promise<void>,
  ) {
    if (!(options.ttlMs > 0)) throw new Error(`cache ${name}: ttlMs must be > 0`);
    this.#ttlMs = options.ttlMs;
    this.#ownTags = options.tags ?? [];
    this.#maxEntrySize = options.maxSize ? Math.floor(options.maxSize / 8) : 0;
    const sizeOf = options.sizeOf;
    this.#sizeOf = options.maxSize ? sizeOf : undefined;
    this.#lru = new LRUCache<string, Slot<V>>({
      max: options.max,
      ttl: options.ttlMs,
      ttlResolution: 0,
      perf: { now: () => Date.now() },
      ...(options.maxSize && sizeOf
        ? { maxSize: options.maxSize, sizeCalculation: (slot: Slot<V>) => Math.max(1, sizeOf(slot.value)) }
        : {}),
      dispose: (slot, key) => {
        for (const tag of slot.tags) {
          const keys = this.#byTag.get(tag);
          keys?.delete(key);
          if (keys?.size === 0) this.#byTag.delete(tag);
        }
      },
    });
  }

  /** The fresh value of `key` (now the most recently used), or undefined. */
  get(key: string): V | undefined {
    return this.#lru.get(key)?.value;
  }

  /**
   * Store `value` under `key`. Answers false (nothing stored) when `options.stamp` is older than
   * the latest invalidation that may concern this cache, or the value is over `maxSize / 8`.
   */
  set(key: string, value: V, options: SetOptions = {}): boolean {
    if (options.stamp !== undefined && options.stamp !== this.#epoch) return false;
    const tags = options.tags ?? [];
    const ttl = Math.min(options.ttlMs ?? this.#ttlMs, this.#ttlMs);
    const start = options.readAt;
    const slot: Slot<V> = { value, tags };
    if (this.#sizeOf && this.#maxEntrySize && this.#sizeOf(value) > this.#maxEntrySize) {
      this.#lru.delete(key);
      return false;
    }
    this.#lru.set(key, slot, start === undefined ? { ttl } : { ttl, start });
    for (const tag of tags) {
      const keys = this.#byTag.get(tag);
      if (keys) keys.add(key);
      else this.#byTag.set(tag, new Set([key]));
    }
    return true;
  }

  /**
   * A number that changes whenever an invalidation may concern this cache (its `clear`/`delete`, any
   * `invalidate(tags)`, a bus reset). Take it before a slow read and pass it to `set`.
   */
  stamp(): number {
    return this.#epoch;
  }

  /** Forget `key` in every process (this one at once); resolves as `CacheHub.invalidate`. */
  delete(key: string): Promise<void> {
    this.forgetLocal([key]);
    return this.announce({ op: "delete", cache: this.name, keys: [key] });
  }

  /** Empty this cache in every process (this one at once); resolves as `CacheHub.invalidate`. */
  clear(): Promise<void> {
    this.clearLocal();
    return this.announce({ op: "clear", cache: this.name });
  }

  /**
   * `compute()`'s promise for `key`, computed at most once per TTL: concurrent callers share it, and
   * a failed computation is forgotten (in this process only) so the next call tries again.
   */
  memo<T>(this: NamedCache<Promise<T>>, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.get(key);
    if (hit) return hit;
    const value = compute();
    this.set(key, value);
    value.catch(() => {
      if (this.#lru.peek(key)?.value === value) this.#lru.delete(key);
    });
    return value;
  }

  /** Entries held (expired ones may count until touched or evicted). */
  get size(): number {
    return this.#lru.size;
  }

  /** Total size by `sizeOf` (0 without `maxSize`). */
  get totalSize(): number {
    return this.#lru.calculatedSize ?? 0;
  }

  /** @internal Drop `keys` here only. */
  forgetLocal(keys: readonly string[]): void {
    this.#epoch++;
    for (const key of keys) this.#lru.delete(key);
  }

  /** @internal Empty here only. */
  clearLocal(): void {
    this.#epoch++;
    this.#emptyLru();
    this.#byTag.clear();
  }

  /** lru-cache's clear() refills its arrays of `max` slots even when empty: skipped then (a write invalidates often). */
  #emptyLru(): void {
    if (this.#lru.size > 0) this.#lru.clear();
  }

  /** @internal Drop the entries carrying any of `tags`, here only. */
  invalidateLocal(tags: readonly string[]): void {
    // Any tag may be on a value being read right now (not stored yet): every tag moves the stamp.
    this.#epoch++;
    if (tags.some((t) => this.#ownTags.includes(t))) {
      this.#emptyLru();
      this.#byTag.clear();
      return;
    }
    for (const tag of tags) {
      const keys = this.#byTag.get(tag);
      if (!keys) continue;
      for (const key of [...keys]) this.#lru.delete(key);
    }
  }
}

/** A named cache of this process only, that nothing but its TTL and bounds expire. */
export function localCache<V>(name: string, options: CacheOptions<V>): NamedCache<V> {
  return new NamedCache<V>(name, options, () => Promise.resolve());
}

/**
 * The caches of one store process (one per app) and its invalidation bus. `bus` null: this
 * process alone (a plugin tested on its own).
 */
export class CacheHub {
  /** This hub's id on the bus: its own messages come back and are skipped. */
  readonly id = randomUUID();
  readonly #caches = new Map<string, NamedCache<unknown>>();
  readonly #bus: InvalidationBus | null;
  readonly #log: FastifyBaseLogger | undefined;
  #outbox: Invalidation[] = [];
  /** Settles once the queued batch was handed to the bus; undefined while nothing is queued. */
  #sent: Promise<void> | undefined;

  constructor(options: { bus: InvalidationBus | null; log?: FastifyBaseLogger }) {
    this.#bus = options.bus;
    this.#log = options.log;
  }

  /** Connect the bus (rejects when it cannot connect at start). */
  async start(): Promise<void> {
    await this.#bus?.start({ message: (payload) => this.#receive(payload), reset: () => this.#reset() });
  }

  async close(): Promise<void> {
    await this.#flush();
    await this.#bus?.close();
  }

  /** Create the named cache `name` (a name is defined once per hub). */
  define<V>(name: string, options: CacheOptions<V>): NamedCache<V> {
    if (this.#caches.has(name)) throw new Error(`cache ${name} is already defined`);
    const cache = new NamedCache<V>(name, options, (m) => this.#send(m));
    this.#caches.set(name, cache as NamedCache<unknown>);
    return cache;
  }

  /**
   * Drop every entry carrying any of `tags`, in every cache of every process: in this one at once
   * (synchronously), in the others when the bus delivers it. The promise resolves once the bus's
   * server took the message (or sending failed, which is logged), at most `SEND_WAIT_MS` later and
   * never rejects: a write that awaits it before answering knows the other processes were told.
   */
  invalidate(tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return Promise.resolve();
    this.#apply({ op: "tags", tags: [...tags] });
    return this.#send({ op: "tags", tags: [...tags] });
  }

  /** Which bus carries invalidations, and is it connected ("none": this process alone). */
  status(): { bus: "redis" | "postgres" | "none"; connected: boolean } {
    return this.#bus ? { bus: this.#bus.kind, connected: this.#bus.connected() } : { bus: "none", connected: true };
  }

  #apply(m: Invalidation): void {
    switch (m.op) {
      case "tags":
        for (const cache of this.#caches.values()) cache.invalidateLocal(m.tags);
        break;
      case "delete":
        this.#caches.get(m.cache)?.forgetLocal(m.keys);
        break;
      case "clear":
        this.#caches.get(m.cache)?.clearLocal();
        break;
      case "all":
        this.#reset();
        break;
    }
  }

  #reset(): void {
    for (const cache of this.#caches.values()) cache.clearLocal();
  }

  /** Queue `m` for the other processes: one message per tick carries everything queued in it. */
  #send(m: Invalidation): Promise<void> {
    if (!this.#bus) return Promise.resolve();
    this.#outbox.push(m);
    this.#sent ??= new Promise<void>((resolve) => queueMicrotask(() => this.#flush().then(resolve)));
    return this.#sent;
  }

  #flush(): Promise<void> {
    this.#sent = undefined;
    const batch = this.#outbox;
    this.#outbox = [];
    if (!this.#bus || batch.length === 0) return Promise.resolve();
    let payload = JSON.stringify({ o: this.id, m: batch });
    if (Buffer.byteLength(payload) > MAX_MESSAGE_BYTES) payload = JSON.stringify({ o: this.id, m: [{ op: "all" }] });
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      this.#bus.send(payload),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SEND_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  #receive(payload: string): void {
    let parsed: z.infer<typeof EnvelopeSchema>;
    try {
      parsed = EnvelopeSchema.parse(JSON.parse(payload));
    } catch {
      this.#log?.warn("cache bus: a malformed message was ignored");
      return;
    }
    // This process applied its own invalidations when they were made.
    if (parsed.o === this.id) return;
    for (const m of parsed.m) this.#apply(m);
  }
}
