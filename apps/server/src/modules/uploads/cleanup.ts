/**
 * Removal of unused uploads (ADR 0084). A seller may upload pictures and never save the form, or
 * replace a product's pictures: those files would stay on disk for ever. An upload that, 24 hours
 * after it was made, is not used by any product, service (post), profile picture or order line
 * (the picture kept with a past order) is deleted from the table and from the picture storage (disk
 * or bucket, storage.ts). Categories have no pictures (spec §3 "Category"). Files with no row at all
 * (a transaction that rolled back after writing them) are removed once they are 24 hours old.
 *
 * Several server processes share one database: the work runs under a PostgreSQL advisory lock
 * (`pg_try_advisory_xact_lock`), so at most one process does it at a time; the others skip.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db, Executor } from "../../db/client.js";
import { STORED_NAME, type UploadStorage } from "./storage.js";

/** An upload unused for this long (ms) after it was made is removed. */
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** How often each server process tries the removal (ms); the lock lets one of them run it. */
export const REMOVE_UNUSED_EVERY_MS = 60 * 60 * 1000;
/** Name of the advisory lock (hashed to the 64-bit key PostgreSQL takes). */
export const REMOVE_UNUSED_LOCK = "uploads:remove-unused";
/** Rows looked at per statement, and statements per run: bounds one run's work. */
const BATCH = 500;
const MAX_BATCHES = 40;

export type RemovalResult = {
  /** False when another process held the lock (nothing was done). */
  ran: boolean;
  /** Upload rows deleted (each with its two files). */
  removed: number;
  /** Files deleted that had no row. */
  orphanFiles: number;
};

/**
 * `uploads` rows (alias u) that nothing references: product and service pictures, variants'
 * pictures (ADR 0215), profile pictures, pictures kept on order lines, a buyer's photos of a problem (ADR 0195). One anti-join over every reference (hashed once), not a
 * scan per upload.
 */
const unreferenced = sql`not exists (
  select 1 from (
    select unnest(image_urls) as url from products
    union all select image_url from product_variants where image_url is not null
    union all select unnest(image_urls) from posts
    union all select profile from users where profile is not null
    union all select image_url from order_lines where image_url is not null
    union all select jsonb_array_elements_text(image_urls) from order_problems
  ) r where r.url = '/uploads/' || u.key || '.webp')`;

/** Take the run's lock for the current transaction; false when another process holds it. */
async function tryLock(tx: Executor): Promise<boolean> {
  const res = await tx.execute<{ ok: boolean }>(sql`select pg_try_advisory_xact_lock(hashtextextended(${REMOVE_UNUSED_LOCK}, 0)) as ok`);
  return res.rows[0]?.ok === true;
}

/**
 * Delete the uploads made before `now` - 24 h that nothing references, rows and files, then the
 * files of `storage` that have no row and are older than that. Runs under the advisory
 * lock; answers `ran: false` at once when another process is running it.
 *
 * Race with a writer saving an item that uses an old upload: candidates are locked
 * `FOR UPDATE SKIP LOCKED` (a writer checking ownership holds `FOR KEY SHARE` on them, see
 * catalog/rules.ts and the profile picture check, so those are skipped), then deleted by a second
 * statement that sees every reference committed meanwhile. A writer that comes later waits for
 * this transaction and then finds the upload gone (400 "upload them again"), never a broken image.
 * @param now the clock of the run (tests pass a later time instead of waiting a day).
 */
export async function removeUnusedUploads(db: Db, storage: UploadStorage, now: Date = new Date()): Promise<RemovalResult> {
  const cutoff = new Date(now.getTime() - UNUSED_UPLOAD_MAX_AGE_MS);
  const keys = await db.transaction(async (tx) => {
    if (!(await tryLock(tx))) return null;
    const removed: string[] = [];
    for (let i = 0; i < MAX_BATCHES; i++) {
      const candidates = await tx.execute<{ id: string }>(
        sql`select u.id from uploads u where u.created_at < ${cutoff} and ${unreferenced}
            order by u.created_at limit ${BATCH} for update of u skip locked`,
      );
      if (candidates.rows.length === 0) break;
      const ids = candidates.rows.map((r) => r.id);
      const deleted = await tx.execute<{ key: string }>(
        sql`delete from uploads u where u.id = any(${sql.param(ids)}::uuid[]) and ${unreferenced} returning u.key`,
      );
      removed.push(...deleted.rows.map((r) => r.key));
      if (candidates.rows.length < BATCH) break;
    }
    return removed;
  });
  if (keys === null) return { ran: false, removed: 0, orphanFiles: 0 };
  // Files go only after the rows' deletion committed: a failed commit leaves rows and files in place.
  await storage.remove(keys.flatMap((k) => [`${k}.webp`, `${k}-thumb.webp`]));
  const orphanFiles = await removeOrphanFiles(db, storage, cutoff);
  return { ran: true, removed: keys.length, orphanFiles: orphanFiles ?? 0 };
}

/**
 * Delete the `<uuid>.webp` / `<uuid>-thumb.webp` files of `storage` that have no `uploads` row and
 * were last written before `cutoff` (a file being stored right now is newer, its row not yet
 * committed). Other names are left alone. Each page of the listing is done under the same lock;
 * null when another process holds it.
 */
async function removeOrphanFiles(db: Db, storage: UploadStorage, cutoff: Date): Promise<number | null> {
  let count = 0;
  for await (const page of storage.list()) {
    const keyOf = new Map<string, string>();
    for (const name of page) {
      const key = STORED_NAME.exec(name)?.[1];
      if (key) keyOf.set(name, key);
    }
    if (keyOf.size === 0) continue;
    const removed = await db.transaction(async (tx) => {
      if (!(await tryLock(tx))) return null;
      const rows = await tx.execute<{ key: string }>(
        sql`select key from uploads where key = any(${sql.param([...new Set(keyOf.values())])}::text[])`,
      );
      const known = new Set(rows.rows.map((r) => r.key));
      const old: string[] = [];
      for (const [name, key] of keyOf) {
        if (known.has(key)) continue;
        const modified = await storage.modifiedAt(name);
        if (modified && modified.getTime() < cutoff.getTime()) old.push(name);
      }
      return storage.remove(old);
    });
    if (removed === null) return null;
    count += removed;
  }
  return count;
}

/**
 * Every REMOVE_UNUSED_EVERY_MS, run `removeUnusedUploads` for `app` (an unref'd timer: it never
 * keeps the process alive; cleared when the app closes). A run never throws: failures are logged.
 * Answers the timer's callback (tests call it directly instead of waiting an hour).
 */
export function scheduleUnusedUploadsRemoval(app: FastifyInstance, everyMs = REMOVE_UNUSED_EVERY_MS): () => Promise<void> {
  let running = false;
  // Named, so a test can tell this timer from the app's other hourly ones.
  const run = async function removeUnusedUploadsOnTimer(): Promise<void> {
    if (running) return;
    running = true;
    try {
      const res = await removeUnusedUploads(app.db, app.uploads);
      if (res.removed || res.orphanFiles) app.log.info(res, "unused uploads removed");
    } catch (err) {
      app.log.warn({ err: (err as Error).message }, "removing unused uploads failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  return run;
}
