/**
 * The wire format of the cache bus (ADR 0100, 0144): one message carries the sending hub's id and
 * the invalidations of one tick, cut to fit what PostgreSQL's NOTIFY takes.
 */
import { z } from "zod";

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
export const EnvelopeSchema = z.object({ o: z.string(), m: z.array(InvalidationSchema) });

/**
 * Largest message sent as is, in bytes (PostgreSQL's NOTIFY refuses 8,000); a longer batch is sent
 * as `{ op: "all" }`, which empties every cache of every process: rare and always correct.
 */
const MAX_MESSAGE_BYTES = 7_000;

/**
 * The bus messages of `batch` (in order of sending): its tag invalidations merged into one, then
 * cut to fit `MAX_MESSAGE_BYTES`; a single invalidation too large even alone becomes `{ op: "all" }`.
 * Invalidations only remove entries, so their order within a batch does not matter.
 */
export function messages(origin: string, batch: readonly Invalidation[]): string[] {
  const tags = new Set<string>();
  // The merged tag invalidations take the place of the first one.
  const ops: Invalidation[] = [];
  let at = -1;
  for (const m of batch) {
    if (m.op !== "tags") ops.push(m);
    else {
      if (at < 0) at = ops.length;
      for (const t of m.tags) tags.add(t);
    }
  }
  const budget = MAX_MESSAGE_BYTES - JSON.stringify({ o: origin, m: [] }).length - 64;
  const chunks: Invalidation[] = [];
  let chunk: string[] = [];
  let size = 0;
  for (const t of tags) {
    const bytes = Buffer.byteLength(t) + 3;
    if (chunk.length > 0 && size + bytes > budget) {
      chunks.push({ op: "tags", tags: chunk });
      chunk = [];
      size = 0;
    }
    chunk.push(t);
    size += bytes;
  }
  if (chunk.length > 0) chunks.push({ op: "tags", tags: chunk });
  if (at >= 0) ops.splice(at, 0, ...chunks);
  const out: string[] = [];
  let current: Invalidation[] = [];
  const payload = (m: Invalidation[]) => JSON.stringify({ o: origin, m });
  for (const op of ops) {
    const alone = payload([op]);
    const one: Invalidation = Buffer.byteLength(alone) > MAX_MESSAGE_BYTES ? { op: "all" } : op;
    if (current.length > 0 && Buffer.byteLength(payload([...current, one])) > MAX_MESSAGE_BYTES) {
      out.push(payload(current));
      current = [];
    }
    current.push(one);
  }
  if (current.length > 0) out.push(payload(current));
  return out;
}
