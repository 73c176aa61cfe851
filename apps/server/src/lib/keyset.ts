/**
 * Keyset pagination, the one way every paginated list pages (ADR 0020, ADR 0080, ADR 0175).
 *
 * A list is ordered by `(key, id)`; a page continues strictly after the row its cursor names, so a
 * deep page costs what the first one does and a row is never skipped or shown twice. A cursor is
 * opaque to clients: base64url JSON of an array of values. Keys travel as PostgreSQL's own text of
 * the value (`created_at::text` keeps the microseconds the column holds; a `Date` would round them
 * to milliseconds and lose the rows that share the cursor's millisecond). Every value is checked
 * when decoded (lib/cursor.ts), so a forged cursor is a 400 and never a database cast error.
 *
 * Two shapes use the one codec:
 * - `newestFirst`: the back-office and account lists (orders, lines, transfers, users, payouts, the
 *   statement): forward only, `nextCursor` = `[key, id]` of the page's last row; `oldestFirst` is
 *   the same walked upwards (a queue served in arrival order: the reports queue);
 * - `runListing`: the public listings (products, services, reviews) with several sorts, page
 *   numbers, "Showing 13-24 of N" and a previous page: `[sort, key, id, offset, direction]`.
 */
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { type CursorKeyType, invalidCursor, isCursorKey, isUuid, parseCursorJson } from "./cursor.js";

/** A value read from a cursor, and the check it must pass. */
type Check = (value: unknown) => boolean;

/** Encode cursor values as an opaque URL-safe string (base64url JSON). */
function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

/**
 * Decode a cursor made by `encodeCursor`: an array of exactly `checks.length` values, each passing
 * its check.
 * @throws HttpError 400 "Invalid cursor" for anything else.
 */
function decodeCursor(raw: string, checks: readonly Check[]): unknown[] {
  const parsed = parseCursorJson(raw);
  if (!Array.isArray(parsed) || parsed.length !== checks.length || !checks.every((check, i) => check(parsed[i]))) throw invalidCursor();
  return parsed;
}

const keyCheck =
  (type: CursorKeyType): Check =>
  (v) =>
    typeof v === "string" && v.length <= 64 && isCursorKey(v, type);

/* ------------------------------------------------------------------------------------------- */
/* Newest-first lists                                                                           */
/* ------------------------------------------------------------------------------------------- */

/**
 * A list walked in descending `(key, id)` order, or by `key` alone when the key is unique (the
 * statement's ledger entry ids). Fetch `limit + 1` rows with `columns` in the select, `after(cursor)`
 * in the WHERE and `order` in ORDER BY, then `page(rows, limit)`.
 */
export type NewestFirst = {
  /** Select these beside the row's columns: the key and id as text, for the next cursor. */
  columns: { cursorKey: SQL<string>; cursorId: SQL<string> };
  /** ORDER BY terms: key, then id, descending. */
  order: SQL[];
  /**
   * The WHERE condition "after the cursor's row", or undefined without a cursor.
   * @throws HttpError 400 "Invalid cursor" on a malformed or forged cursor.
   */
  after(cursor: string | null | undefined): SQL | undefined;
  /** The page's rows (at most `limit`, from `limit + 1` fetched) and the cursor of the next page. */
  page<R extends { cursorKey: string; cursorId: string }>(rows: R[], limit: number): { rows: R[]; nextCursor: string | null };
};

/**
 * The keyset of a newest-first list ordered by `key` (cast and checked as `keyType`) and then `id`
 * (a uuid); without `id`, `key` must be unique.
 */
export function newestFirst(key: SQLWrapper, keyType: CursorKeyType, id?: SQLWrapper): NewestFirst {
  return forwardKeyset(key, keyType, id, true);
}

/** The keyset of a list walked in ascending `(key, id)` order (oldest first); as `newestFirst` otherwise. */
export function oldestFirst(key: SQLWrapper, keyType: CursorKeyType, id: SQLWrapper): NewestFirst {
  return forwardKeyset(key, keyType, id, false);
}

function forwardKeyset(key: SQLWrapper, keyType: CursorKeyType, id: SQLWrapper | undefined, desc: boolean): NewestFirst {
  const checks: Check[] = id ? [keyCheck(keyType), isUuid] : [keyCheck(keyType)];
  const type = sql.raw(keyType);
  const dir = sql.raw(desc ? "desc" : "asc");
  const cmp = sql.raw(desc ? "<" : ">");
  return {
    columns: { cursorKey: sql<string>`${key}::text`, cursorId: sql<string>`${id ?? key}::text` },
    order: id ? [sql`${key} ${dir}`, sql`${id} ${dir}`] : [sql`${key} ${dir}`],
    after(cursor) {
      if (!cursor) return undefined;
      const [k, i] = decodeCursor(cursor, checks);
      return id ? sql`(${key}, ${id}) ${cmp} (${k}::${type}, ${i}::uuid)` : sql`${key} ${cmp} ${k}::${type}`;
    },
    page(rows, limit) {
      const more = rows.length > limit;
      const kept = more ? rows.slice(0, limit) : rows;
      const last = kept[kept.length - 1];
      const values = id ? [last?.cursorKey ?? "", last?.cursorId ?? ""] : [last?.cursorKey ?? ""];
      return { rows: kept, nextCursor: more && last ? encodeCursor(values) : null };
    },
  };
}

/* ------------------------------------------------------------------------------------------- */
/* Public listings: several sorts, page numbers, both directions                                */
/* ------------------------------------------------------------------------------------------- */

type Direction = "next" | "prev";

/** A listing cursor, decoded. */
type ListingCursor = {
  /** The sort this cursor belongs to (a cursor of another sort is refused). */
  sort: string;
  /** Sort key of the row to continue from, as PostgreSQL's text of it. */
  key: string;
  /** Id of that row (the tie-breaker). */
  id: string;
  /** 0-based offset of the page this cursor opens (for "Showing 13-24 of N"). */
  offset: number;
  dir: Direction;
};

/** Encode a listing cursor (also used by the bench to start deep in a listing). */
export function encodeListingCursor(c: ListingCursor): string {
  return encodeCursor([c.sort, c.key, c.id, c.offset, c.dir === "next" ? 1 : 0]);
}

/**
 * Decode and check a listing cursor for `sort`, whose key is cast to `keyType` in SQL.
 * @throws HttpError 400 "Invalid cursor" when it is malformed, carries a key or id PostgreSQL
 * would refuse, or was made for another sort.
 */
function decodeListingCursor(raw: string, sort: string, keyType: CursorKeyType): ListingCursor {
  const [, key, id, offset, dir] = decodeCursor(raw, [
    (s) => s === sort,
    keyCheck(keyType),
    isUuid,
    (n) => Number.isSafeInteger(n) && (n as number) >= 0,
    (d) => d === 0 || d === 1,
  ]) as [string, string, string, number, number];
  return { sort, key, id, offset, dir: dir === 1 ? "next" : "prev" };
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
function afterCursor(spec: SortSpec, cursor: ListingCursor): SQL {
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
      ? encodeListingCursor({ sort: spec.name, key: last.cursorKey, id: last.id, offset: offset + rows.length, dir: "next" })
      : null,
    prevCursor: hasPrev
      ? encodeListingCursor({ sort: spec.name, key: first.cursorKey, id: first.id, offset: Math.max(0, offset - limit), dir: "prev" })
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
 * @throws HttpError 400 "Invalid cursor" on a malformed or forged cursor, or one of another sort.
 */
export async function runListing<R extends { cursorKey: string; id: string }>(plan: ListingPlan<R>) {
  const { spec, where, limit } = plan;
  let rows: R[];
  let offset: number;
  let total: number;
  if (plan.cursor) {
    const cursor = decodeListingCursor(plan.cursor, spec.name, spec.keyType);
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
