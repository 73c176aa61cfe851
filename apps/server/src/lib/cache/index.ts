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
 *   when an invalidation that concerns it (one of its tags or the cache's, its key, a clear) arrived
 *   in between (a stale read never outlives the write that made it stale).
 * - One bus message on its way at a time per process; what is queued meanwhile goes next, merged
 *   (ADR 0144).
 * - When the bus loses its connection, and again once it is back, every cache is emptied: a message
 *   sent meanwhile may have been lost. Between the two, the TTL bounds how stale an entry can be.
 *
 * `localCache()` is the same cache without a hub: for values only a TTL ever expires (listing
 * counts), which have nothing to broadcast.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import type { z } from "zod";
import type { InvalidationBus } from "./bus.js";
import { EnvelopeSchema, type Invalidation, messages } from "./messages.js";

export type { InvalidationBus } from "./bus.js";
export { createPgBus, createRedisBus } from "./bus.js";
export type { Invalidation } from "./messages.js";

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

/** Longest wait for the bus to take a message before `invalidate()` resolves anyway, in ms. */
const SEND_WAIT_MS = 500;

/**
 * How many recent tag and key invalidations a cache remembers for `set(..., { stamp })`: a stamp
 * older than the oldest one it still remembers is refused whatever its tags (always correct).
 */
const RECENT_INVALIDATIONS = 4_096;

type Slot<V> = { value: V; tags: readonly string[] };
/** Prefix of a deleted key among the remembered invalidations (tags never start with it). */
const KEY_MARK = "\u0000key:";

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
  /** Moves with every invalidation that may concern this cache (`stamp()`). */
  #epoch = 0;
  /** Epoch of the last invalidation of every entry (clear, a reset, one of the cache's own tags). */
  #wholeAt = 0;
  /** Epoch of the latest invalidation of each recent tag, or key (`KEY_MARK` + key), oldest first. */
  readonly #recent = new Map<string, number>();
  /** Epoch of the newest invalidation no longer in `#recent`: older stamps are refused. */
  #forgottenAt = 0;

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
    const tags = options.tags ?? [];
    if (options.stamp !== undefined && options.stamp !== this.#epoch && this.#staleSince(options.stamp, key, tags)) return false;
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

  /**
   * Was an invalidation that concerns `key` with `tags` applied after `stamp` was taken? Only the
   * entry's own tags and key count, so a write to one product does not keep every other answer
   * read meanwhile out of the cache.
   */
  #staleSince(stamp: number, key: string, tags: readonly string[]): boolean {
    if (this.#wholeAt > stamp || this.#forgottenAt > stamp) return true;
    if ((this.#recent.get(KEY_MARK + key) ?? 0) > stamp) return true;
    return tags.some((t) => (this.#recent.get(t) ?? 0) > stamp);
  }

  /** Remember that `name` (a tag, or `KEY_MARK` + a key) was invalidated at the current epoch. */
  #remember(name: string): void {
    this.#recent.delete(name);
    this.#recent.set(name, this.#epoch);
    if (this.#recent.size <= RECENT_INVALIDATIONS) return;
    const [oldest, at] = this.#recent.entries().next().value as [string, number];
    this.#recent.delete(oldest);
    this.#forgottenAt = at;
  }

  /** @internal Drop `keys` here only. */
  forgetLocal(keys: readonly string[]): void {
    this.#epoch++;
    for (const key of keys) {
      this.#remember(KEY_MARK + key);
      this.#lru.delete(key);
    }
  }

  /** @internal Empty here only. */
  clearLocal(): void {
    this.#epoch++;
    this.#wholeAt = this.#epoch;
    this.#emptyLru();
    this.#byTag.clear();
  }

  /** lru-cache's clear() refills its arrays of `max` slots even when empty: skipped then (a write invalidates often). */
  #emptyLru(): void {
    if (this.#lru.size > 0) this.#lru.clear();
  }

  /** @internal Drop the entries carrying any of `tags`, here only. */
  invalidateLocal(tags: readonly string[]): void {
    // Any tag may be on a value being read right now (not stored yet): every tag moves the stamp,
    // and `set` refuses a value read before it that carries one of `tags`.
    this.#epoch++;
    if (tags.some((t) => this.#ownTags.includes(t))) {
      this.#wholeAt = this.#epoch;
      this.#emptyLru();
      this.#byTag.clear();
      return;
    }
    for (const tag of tags) {
      this.#remember(tag);
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
  /** Invalidations waiting for the bus, and what their callers await (settles once sent or late). */
  #outbox: { batch: Invalidation[]; sent: Promise<void>; done: () => void } | undefined;
  /** Resolves once the message on its way is sent; undefined while none is. */
  #sending: Promise<void> | undefined;

  constructor(options: { bus: InvalidationBus | null; log?: FastifyBaseLogger }) {
    this.#bus = options.bus;
    this.#log = options.log;
  }

  /** Connect the bus (rejects when it cannot connect at start). */
  async start(): Promise<void> {
    await this.#bus?.start({ message: (payload) => this.#receive(payload), reset: () => this.#reset() });
  }

  async close(): Promise<void> {
    while (this.#sending || this.#outbox) await (this.#sending ?? this.#outbox?.sent);
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

  /**
   * Queue `m` for the other processes. One message is on its way at a time (a PostgreSQL client
   * runs one query at a time): whatever is queued meanwhile, within a tick or while the previous
   * message is sent, goes as the next one, merged. Resolves once that message was sent, or after
   * `SEND_WAIT_MS` at most.
   */
  #send(m: Invalidation): Promise<void> {
    if (!this.#bus) return Promise.resolve();
    if (!this.#outbox) {
      let done!: () => void;
      const sent = new Promise<void>((resolve) => {
        done = resolve;
      });
      // Its callers wait at most SEND_WAIT_MS, even behind a message that hangs.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, SEND_WAIT_MS);
      });
      this.#outbox = { batch: [], sent: Promise.race([sent, late]).finally(() => clearTimeout(timer)), done };
      if (!this.#sending) queueMicrotask(() => this.#pump());
    }
    this.#outbox.batch.push(m);
    return this.#outbox.sent;
  }

  /** Send the queued invalidations, one message after the other, until none is left. */
  #pump(): void {
    const bus = this.#bus;
    const next = this.#outbox;
    this.#outbox = undefined;
    if (!bus || !next) return;
    const payloads = messages(this.id, next.batch);
    const sending = payloads.reduce((previous, payload) => previous.then(() => bus.send(payload)), Promise.resolve());
    this.#sending = sending.then(() => {
      next.done();
      this.#sending = undefined;
      if (this.#outbox) this.#pump();
    });
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
