/**
 * The cache module's own rules (lib/cache, ADR 0100), without a server: two hubs joined by an
 * in-memory bus stand for two processes. Tags, stamps, the message batching, the oversized-message
 * fallback and the reset a bus asks for. The real buses are exercised by shared-state.test.ts.
 */
import { describe, expect, it } from "vitest";
import { CacheHub, type InvalidationBus } from "../src/lib/cache/index.js";

type Handlers = Parameters<InvalidationBus["start"]>[0];

/** An in-memory bus: every payload sent by one hub reaches every hub (the sender's own included). */
function memoryBus() {
  const hubs: Handlers[] = [];
  const sent: string[] = [];
  const bus = (): InvalidationBus => ({
    kind: "postgres",
    async start(h) {
      hubs.push(h);
    },
    async send(payload) {
      sent.push(payload);
      for (const h of hubs) h.message(payload);
    },
    connected: () => true,
    async close() {},
  });
  const reset = () => {
    for (const h of hubs) h.reset();
  };
  return { bus, sent, reset };
}

async function twoHubs() {
  const wire = memoryBus();
  const a = new CacheHub({ bus: wire.bus() });
  const b = new CacheHub({ bus: wire.bus() });
  await a.start();
  await b.start();
  return { wire, a, b };
}

describe("cache module", () => {
  it("applies an invalidation here at once and in the other hub once the message is delivered", async () => {
    const { a, b } = await twoHubs();
    const ca = a.define<string>("items", { max: 10, ttlMs: 60_000 });
    const cb = b.define<string>("items", { max: 10, ttlMs: 60_000 });
    ca.set("x", "1", { tags: ["item:x"] });
    cb.set("x", "1", { tags: ["item:x"] });
    cb.set("y", "2", { tags: ["item:y"] });
    const sent = a.invalidate(["item:x"]);
    expect(ca.get("x")).toBeUndefined(); // synchronously, here
    expect(cb.get("x")).toBe("1"); // not yet there: the message leaves at the end of the tick
    await sent;
    expect(cb.get("x")).toBeUndefined();
    expect(cb.get("y")).toBe("2");
  });

  it("sends the invalidations of one tick as one message and skips its own", async () => {
    const { wire, a, b } = await twoHubs();
    const ca = a.define<string>("items", { max: 10, ttlMs: 60_000, tags: ["catalog"] });
    const cb = b.define<string>("items", { max: 10, ttlMs: 60_000, tags: ["catalog"] });
    cb.set("k", "v");
    ca.set("k", "mine");
    const done = Promise.all([a.invalidate(["catalog"]), ca.delete("k"), ca.clear()]);
    ca.set("k", "after"); // written after the invalidations: its own echo must not drop it
    await done;
    expect(wire.sent).toHaveLength(1);
    expect(JSON.parse(wire.sent[0]!).m).toEqual([
      { op: "tags", tags: ["catalog"] },
      { op: "delete", cache: "items", keys: ["k"] },
      { op: "clear", cache: "items" },
    ]);
    expect(cb.get("k")).toBeUndefined();
    expect(ca.get("k")).toBe("after");
  });

  it("refuses a value read before an invalidation that came while it was read (stamp)", async () => {
    const { a, b } = await twoHubs();
    const cb = b.define<number>("counts", { max: 10, ttlMs: 60_000 });
    a.define<number>("counts", { max: 10, ttlMs: 60_000 });
    const stamp = cb.stamp();
    await a.invalidate(["user:1"]); // arrives at B while B was reading
    expect(cb.stamp()).not.toBe(stamp);
    expect(cb.set("n", 41, { stamp, tags: ["user:1"] })).toBe(false);
    expect(cb.get("n")).toBeUndefined();
    // A value that does not carry the tag is not concerned: a write to one item does not keep
    // every other answer read meanwhile out of the cache (ADR 0144).
    expect(cb.set("m", 7, { stamp, tags: ["user:2"] })).toBe(true);
    expect(cb.set("n", 42, { stamp: cb.stamp(), tags: ["user:1"] })).toBe(true);
    expect(cb.get("n")).toBe(42);
    // A delete of the key, a clear, and the cache's own tags concern every value read before them.
    const before = cb.stamp();
    await b.define<number>("other", { max: 1, ttlMs: 1_000 }).clear();
    expect(cb.set("p", 1, { stamp: before })).toBe(true);
    const s2 = cb.stamp();
    await cb.delete("p");
    expect(cb.set("p", 2, { stamp: s2 })).toBe(false);
    expect(cb.set("q", 2, { stamp: s2 })).toBe(true);
    const s3 = cb.stamp();
    await cb.clear();
    expect(cb.set("q", 3, { stamp: s3 })).toBe(false);
  });

  it("sends one message at a time, merging what is queued meanwhile", async () => {
    const sent: string[] = [];
    let inFlight = 0;
    let most = 0;
    const release: Array<() => void> = [];
    const slow: InvalidationBus = {
      kind: "postgres",
      async start() {},
      send(payload) {
        sent.push(payload);
        most = Math.max(most, ++inFlight);
        return new Promise<void>((resolve) =>
          release.push(() => {
            inFlight--;
            resolve();
          }),
        );
      },
      connected: () => true,
      async close() {},
    };
    const a = new CacheHub({ bus: slow });
    await a.start();
    const first = a.invalidate(["item:1"]);
    await new Promise((r) => setImmediate(r)); // the first message is on its way
    expect(sent).toHaveLength(1);
    const queued = [a.invalidate(["item:2"]), a.invalidate(["item:3"])];
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(1); // waits for the first
    release.shift()!();
    await first;
    await new Promise((r) => setImmediate(r));
    expect(sent).toHaveLength(2);
    expect(JSON.parse(sent[1]!).m).toEqual([{ op: "tags", tags: ["item:2", "item:3"] }]);
    release.shift()!();
    await Promise.all(queued);
    expect(most).toBe(1);
  });

  it("cuts a large batch into messages under the limit; an invalidation too large alone empties everything", async () => {
    const { wire, a, b } = await twoHubs();
    a.define<string>("items", { max: 10, ttlMs: 60_000 });
    const cb = b.define<string>("items", { max: 10, ttlMs: 60_000 });
    const other = b.define<string>("other", { max: 10, ttlMs: 60_000 });
    cb.set("k", "v", { tags: ["a-rather-long-tag-name:499"] });
    other.set("o", "v");
    await a.invalidate(Array.from({ length: 500 }, (_, i) => `a-rather-long-tag-name:${i}`));
    expect(wire.sent.length).toBeGreaterThan(1);
    for (const p of wire.sent) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(7_000);
    expect(wire.sent.flatMap((p) => JSON.parse(p).m.flatMap((m: { tags: string[] }) => m.tags))).toHaveLength(500);
    expect(cb.get("k")).toBeUndefined();
    expect(other.get("o")).toBe("v");
    await a.define<string>("many", { max: 10, ttlMs: 60_000 }).delete("x".repeat(8_000));
    expect(JSON.parse(wire.sent.at(-1)!).m).toEqual([{ op: "all" }]);
    expect(other.get("o")).toBeUndefined();
    other.set("o", "again");
    wire.reset();
    expect(other.get("o")).toBeUndefined();
  });

  it("ignores a malformed message", async () => {
    const wire = memoryBus();
    const b = new CacheHub({ bus: wire.bus() });
    await b.start();
    const cb = b.define<string>("items", { max: 10, ttlMs: 60_000 });
    cb.set("k", "v");
    const other = wire.bus();
    await other.start({ message: () => {}, reset: () => {} });
    await other.send("not json");
    await other.send(JSON.stringify({ o: "x", m: [{ op: "drop-table" }] }));
    await other.send(JSON.stringify({ o: "x", m: [{ op: "tags", tags: "catalog" }] }));
    await other.send(JSON.stringify({ o: "x", m: { op: "all" } }));
    expect(cb.get("k")).toBe("v");
  });

  it("keeps an entry at most its TTL, counted from when it was read", () => {
    const hub = new CacheHub({ bus: null });
    const c = hub.define<string>("short", { max: 10, ttlMs: 1_000 });
    c.set("old", "v", { readAt: Date.now() - 1_500 });
    expect(c.get("old")).toBeUndefined();
    c.set("new", "v", { readAt: Date.now() - 500 });
    expect(c.get("new")).toBe("v");
  });
});
