/**
 * Keyset pagination for the public listings (ADR 0020): a deep page costs what the first one does.
 *
 * A listing is ordered by `(key, id)` in one direction (newest: created_at desc; price_asc: price
 * asc; ...). A cursor is opaque to clients: base64url JSON of the sort it belongs to, the sort key
 * and id of the row it continues from, the 0-based offset of the page it opens (so the answer can
 * say "Showing 13-24 of N") and its direction (next page or previous page). A page fetched through a
 * cursor is an index range scan starting at that row, so page 8,000 costs the same as page 1.
 */
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { localCache } from "../../lib/cache/index.js";
import { type CursorKeyType, invalidCursor, isCursorKey, isUuid, parseCursorJson } from "../../lib/cursor.js";

type Direction = "next" | "prev";

export type Cursor = {
  /** The sort this cursor belongs to (a cursor of another sort is refused). */
  sort: string;
  /** Sort key of the row to continue from, as text (timestamps keep their microseconds). */
  key: string;
  /** Id of that row (the tie-breaker). */
  id: string;
  /** 0-based offset of the page this cursor opens. */
  offset: number;
  dir: Direction;
};

/** Encode a cursor as an opaque URL-safe string. */
export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.sort, c.key, c.id, c.offset, c.dir === "next" ? 1 : 0])).toString("base64url");
}

/**
 * Decode and check a cursor for `sort`, whose key is cast to `keyType` in SQL. Every value is
 * checked here (lib/cursor.ts), so a forged key or id is a 400 and never a database cast error.
 * @throws HttpError 400 "Invalid cursor" when it is malformed, carries a key or id PostgreSQL
 * would refuse, or was made for another sort.
 */
export function decodeCursor(raw: string, sort: string, keyType: CursorKeyType): Cursor {
  const parsed = parseCursorJson(raw);
  if (!Array.isArray(parsed) || parsed.length !== 5) throw invalidCursor();
  const [s, key, id, offset, dir] = parsed as unknown[];
  const ok =
    s === sort &&
    typeof key === "string" &&
    key.length <= 64 &&
    isCursorKey(key, keyType) &&
    isUuid(id) &&
    Number.isSafeInteger(offset) &&
    (offset as number) >= 0 &&
    (dir === 0 || dir === 1);
  if (!ok) throw invalidCursor();
  return { sort: s as string, key: key as string, id: id as string, offset: offset as number, dir: dir === 1 ? "next" : "prev" };
}

/**
 * How a listing is ordered: `keyExpr` is the SQL of the sort key, `keyText` the same as text for
 * the cursor, `keyType` the type a cursor's text is cast back to (and checked against when the
 * cursor is decoded), `desc` the direction.
 */
export type SortSpec = {
  name: string;
  keyExpr: SQL;
  keyText: SQL;
  keyType: CursorKeyType;
  idExpr: SQL;
  /** Display direction. */
  desc: boolean;
  /**
   * Direction of the btree index that serves this sort: true for `(key DESC NULLS LAST, id DESC
   * NULLS LAST)`, false for `(key, id)` ascending. The columns are NOT NULL, but PostgreSQL only
   * uses an index when ORDER BY names the same NULLS placement, so `orderBy` writes it out.
   */
  indexDesc: boolean;
};

/**
 * ORDER BY for a sort, walked forward (`reverse` false) or backward (to fetch the page before a
 * cursor, or the tail of the list from its end).
 */
function orderBy(spec: SortSpec, reverse: boolean): SQL {
  const desc = spec.desc !== reverse;
  // Forward over the index: its own NULLS LAST; backward: the mirror image, NULLS FIRST.
  const nulls = desc === spec.indexDesc ? sql.raw("nulls last") : sql.raw("nulls first");
  const dir = sql.raw(desc ? "desc" : "asc");
  return sql`${spec.keyExpr} ${dir} ${nulls}, ${spec.idExpr} ${dir} ${nulls}`;
}

/**
 * The WHERE condition of a cursor: rows strictly after the cursor's row in the walking direction.
 * A row comparison `(key, id) < (k, i)` is what lets PostgreSQL start the index scan at the cursor.
 */
function afterCursor(spec: SortSpec, cursor: Cursor): SQL {
  const reverse = cursor.dir === "prev";
  const desc = spec.desc !== reverse;
  const left = sql`(${spec.keyExpr}, ${spec.idExpr})`;
  const right = sql`(${cursor.key}::${sql.raw(spec.keyType)}, ${cursor.id}::uuid)`;
  return desc ? sql`${left} < ${right}` : sql`${left} > ${right}`;
}

/** Page facts for an answer: 1-based page number and "from-to" positions. */
function pageFacts(offset: number, count: number, total: number, limit: number) {
  return {
    total,
    limit,
    page: Math.floor(offset / limit) + 1,
    from: count ? offset + 1 : 0,
    to: offset + count,
  };
}

/**
 * The cursors of a fetched page (rows in display order): `next` continues after the last row when
 * more rows follow, `prev` goes back before the first row when this is not the first page.
 */
function pageCursors<R extends { cursorKey: string; id: string }>(
  spec: SortSpec,
  rows: R[],
  offset: number,
  limit: number,
  total: number,
): { nextCursor: string | null; prevCursor: string | null } {
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = !!last && offset + rows.length < total;
  const hasPrev = !!first && offset > 0;
  return {
    nextCursor: hasNext
      ? encodeCursor({ sort: spec.name, key: last.cursorKey, id: last.id, offset: offset + rows.length, dir: "next" })
      : null,
    prevCursor: hasPrev
      ? encodeCursor({ sort: spec.name, key: first.cursorKey, id: first.id, offset: Math.max(0, offset - limit), dir: "prev" })
      : null,
  };
}

/** What `runListing` needs to know about one listing. */
export type ListingPlan<R> = {
  spec: SortSpec;
  /** The filter (visibility, category, seller, search) without any cursor condition. */
  where: SQL;
  limit: number;
  cursor?: string;
  page?: number;
  /** Count rows matching `where`. */
  count: (where: SQL) => Promise<number>;
  /** Fetch rows matching `where` in `order`, skipping `offset`, at most `limit`. */
  fetch: (where: SQL, order: SQL, limit: number, offset: number) => Promise<R[]>;
};

/**
 * Run one page of a listing: by cursor (keyset range scan), by page number (OFFSET counted from the
 * nearer end of the list, so the last page is as cheap as the first), or the first page.
 * Answers the rows in display order, the page facts and the cursors around the page.
 */
export async function runListing<R extends { cursorKey: string; id: string }>(plan: ListingPlan<R>) {
  const { spec, where, limit } = plan;
  let rows: R[];
  let offset: number;
  let total: number;
  if (plan.cursor) {
    const cursor = decodeCursor(plan.cursor, spec.name, spec.keyType);
    const reverse = cursor.dir === "prev";
    const [found, n] = await Promise.all([
      plan.fetch(sql`${where} and ${afterCursor(spec, cursor)}`, orderBy(spec, reverse), limit, 0),
      plan.count(where),
    ]);
    rows = reverse ? found.reverse() : found;
    total = n;
    // A "previous" page that came back short means we reached the start of the list.
    offset = reverse && rows.length < limit ? 0 : cursor.offset;
  } else if (plan.page && plan.page > 1) {
    total = await plan.count(where);
    offset = (plan.page - 1) * limit;
    if (offset >= total) rows = [];
    else if (offset > total / 2) {
      // Walk from the end: skip the rows after this page instead of the rows before it.
      const end = Math.min(offset + limit, total);
      const found = await plan.fetch(where, orderBy(spec, true), end - offset, total - end);
      rows = found.reverse();
    } else rows = await plan.fetch(where, orderBy(spec, false), limit, offset);
  } else {
    offset = 0;
    [rows, total] = await Promise.all([plan.fetch(where, orderBy(spec, false), limit, 0), plan.count(where)]);
  }
  return { rows, ...pageFacts(offset, rows.length, total, limit), ...pageCursors(spec, rows, offset, limit, total) };
}

/** Counts at or above this are cached (counting a large listing reads all of it on every page; small lists stay exact). */
const COUNT_CACHE_MIN = 5_000;
/** How long a cached large count is reused. */
const COUNT_CACHE_TTL_MS = 30_000;
const COUNT_CACHE_MAX = 1_000;
/**
 * Large counts, per table and filter: a named cache of this process only (lib/cache, ADR 0100).
 * Nothing invalidates a count (ADR 0020 accepts its age), so there is nothing to broadcast.
 */
const countCache = localCache<number>("listing-counts", { max: COUNT_CACHE_MAX, ttlMs: COUNT_CACHE_TTL_MS });
const dialect = new PgDialect({ casing: "snake_case" });

/**
 * Count rows of `table` matching `where`, reusing a recent answer when the list is large
 * (ADR 0020): "Showing 1-12 of 100,000 results" may be up to COUNT_CACHE_TTL_MS old, while a
 * small list (a category, a search, a seller's own items) is always counted exactly.
 */
export async function cachedCount(table: string, where: SQL, count: () => Promise<number>): Promise<number> {
  const q = dialect.sqlToQuery(where);
  const key = `${table}|${q.sql}|${JSON.stringify(q.params)}`;
  const hit = countCache.get(key);
  if (hit !== undefined) return hit;
  const n = await count();
  if (n >= COUNT_CACHE_MIN) countCache.set(key, n);
  return n;
}
