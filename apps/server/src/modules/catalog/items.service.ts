/**
 * Catalog items: products and services (spec §3 "Product", "Service (post)", §7 /api/product,
 * /api/posts) are one module with the kind as data (`ItemKind`, item-kinds.ts). It answers the
 * public listing (only listed items: approved, active sellers, ADR 0004), the seller's own list,
 * one item with its seller, and the owner's writes; what differs by kind (columns, sorts, API
 * shape, writable fields, category rule, reviews of services) comes from the kind.
 */
import { TEXT } from "@market/contract";
import { and, count, eq, getTableName, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { allOf, type Executor, type Tx } from "../../db/client.js";
import { categories, type posts, type products } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { runListing, type SortSpec } from "../../lib/keyset.js";
import type { AuthUser } from "../auth/sessions.js";
import type { SearchIndex } from "../search/memory-index.js";
import { listingMatch } from "../search/search.service.js";
import type { Synonyms } from "../search/synonyms.service.js";
import { type DetailCaches, personalDetail, publicDetail } from "./detail-cache.js";
import { cachedCount } from "./listing-count.js";
import { assertOwnUploads, assertSeller, isListedSeller, listingWhere } from "./rules.js";
import { getSeller } from "./sellers.service.js";

/** The tables that hold catalog items. */
export type ItemTable = typeof products | typeof posts;

/** The columns every kind's row has (the rest is the kind's). */
type ItemRow = { id: string; userId: string; listed: boolean };

/** The fields every create and update body may carry (the rest is the kind's). */
type CommonInput = { category_id?: string; image_urls?: string[] };

/** A listing query as the contract's ProductListQuery / PostListQuery answer it. */
export type ItemListQuery<Sort extends string> = {
  sort: Sort;
  limit: number;
  cursor?: string;
  page?: number;
  mine?: boolean;
  category_id?: string;
  user_id?: string;
  search?: string;
};

/**
 * What makes one kind of catalog item: its table, its columns and API shape, its sorts, its
 * writable fields and its rules. `Row` is what `columns` selects (plus the category name).
 */
export type ItemKind<Row extends ItemRow, Item, Sort extends string, Create extends CommonInput, Update extends CommonInput> = {
  /** Prefix of the item's detail cache key ("product:<id>", "post:<id>", detail-cache.ts). */
  key: "product" | "post";
  table: ItemTable;
  /** The kind's name in the search index (search_items.kind). */
  searchKind: "product" | "service";
  /** The words of a row, for searching a seller's own list (unlisted items are not in the index). */
  searchText: SQL;
  /** What `assertSeller` names in its 403. */
  plural: "products" | "services";
  notFound: string;
  created: string;
  updated: string;
  /** Sort orders, each matching an index of db/schema/catalog.ts; "newest" is every kind's default. */
  sorts: Record<Sort, SortSpec> & { newest: SortSpec };
  /** The kind's selected columns, apart from the category name and the cursor key. */
  columns: Record<string, SQLWrapper>;
  /** Row -> API shape. */
  toItem(row: Row): Item;
  /** Column values of the kind's own fields that `input` carries (absent fields: none). */
  values(input: Partial<Create>): Partial<ItemTable["$inferInsert"]>;
  /** The id an update body names. */
  updateId(input: Update): string;
  /** @throws HttpError 400 with `errors.category_id` when `categoryId` is not one the kind allows `userId`. */
  assertCategory(db: Executor, userId: string, categoryId: string): Promise<void>;
  /**
   * Write what the kind keeps beside the item's row (a product's options and variants), in the
   * create's or update's transaction, after the row.
   */
  saveParts?(tx: Tx, id: string, userId: string, input: Partial<Create>): Promise<void>;
  /** The items of a listing page, when the kind adds to `toItem` (the newest reviews of services). */
  listItems?(db: Executor, rows: Row[]): Promise<Item[]>;
  /** The item of a detail, when the kind adds to `toItem`; `viewer` may see their own unlisted item. */
  detailItem?(db: Executor, row: Row, viewer: AuthUser | null): Promise<Item>;
};

// biome-ignore lint/suspicious/noExplicitAny: a kind of any row, item and input shape
export type AnyKind = ItemKind<any, any, any, any, any>;
/** The sort names of kind `K`. */
export type SortOf<K extends AnyKind> = keyof K["sorts"] & string;
/** The create body of kind `K` (validated by its contract schema). */
export type CreateOf<K> = K extends ItemKind<infer _R, infer _I, infer _S, infer C, infer _U> ? C : never;
type RowOf<K> = K extends ItemKind<infer R, infer _I, infer _S, infer _C, infer _U> ? R : never;
type ItemOf<K> = K extends ItemKind<infer _R, infer I, infer _S, infer _C, infer _U> ? I : never;

/** The kind's rows (with category name and cursor key) from `where`, in the kind's columns. */
function selectRows<K extends AnyKind>(db: Executor, kind: K, spec: SortSpec) {
  return db
    .select({ ...kind.columns, categoryName: categories.name, cursorKey: sql<string>`${spec.keyText}` })
    .from(kind.table)
    .innerJoin(categories, eq(categories.id, kind.table.categoryId));
}

async function findItem<K extends AnyKind>(db: Executor, kind: K, id: string): Promise<RowOf<K> | undefined> {
  const [row] = await selectRows(db, kind, kind.sorts.newest).where(eq(kind.table.id, id));
  return row as RowOf<K> | undefined;
}

/**
 * One page of items of `kind`. Public: listed items only. `mine`: the viewer's own items (any
 * state). Filters: category, seller, and the words of `q.search` read by the one search (typos,
 * synonyms, stems: search.service.ts). Sorted by `q.sort`, paged by cursor or page number.
 * @throws HttpError 401 for `mine` without a signed-in user; 400 for a bad cursor.
 */
export async function listItems<K extends AnyKind>(
  db: Executor,
  kind: K,
  q: ItemListQuery<SortOf<K>>,
  viewer: AuthUser | null,
  search: { index: SearchIndex; synonyms: Synonyms } | null,
) {
  const spec: SortSpec = kind.sorts[q.sort];
  const textMatch = search
    ? await listingMatch(search.index, kind.searchKind, q.search, search.synonyms, sql`${kind.table.id}`, q.mine ? kind.searchText : null)
    : undefined;
  const page = await runListing({
    spec,
    where: listingWhere(kind.table, q, viewer, textMatch),
    limit: q.limit,
    cursor: q.cursor,
    page: q.page,
    count: (w: SQL) =>
      cachedCount(getTableName(kind.table), w, async () => (await db.select({ n: count() }).from(kind.table).where(w))[0]?.n ?? 0),
    fetch: async (w, order, limit, offset) =>
      (await selectRows(db, kind, spec).where(w).orderBy(order).limit(limit).offset(offset)) as (RowOf<K> & { cursorKey: string })[],
  });
  const items: ItemOf<K>[] = kind.listItems ? await kind.listItems(db, page.rows) : page.rows.map(kind.toItem);
  return { ...page, products: items };
}

/**
 * One item of `kind` with its seller (spec §3 "Detail response"), its public part from `caches`
 * (detail-cache.ts). An unlisted item is visible only to its owner; to anyone else it does not exist.
 * @throws HttpError 404 with the kind's "not found" message.
 */
export async function getItemDetail<K extends AnyKind>(
  db: Executor,
  kind: K,
  id: string,
  viewer: AuthUser | null,
  caches: DetailCaches | null,
) {
  const read = async (row: RowOf<K>) => {
    const [item, user] = await allOf(db, [
      () => (kind.detailItem ? kind.detailItem(db, row, viewer) : kind.toItem(row)),
      () => getSeller(db, row.userId, null),
    ]);
    return { products: item as ItemOf<K>, user };
  };
  const base = await publicDetail(caches, `${kind.key}:${id}`, async () => {
    const row = await findItem(db, kind, id);
    return row?.listed ? read(row) : null;
  });
  if (base) return personalDetail(db, caches, base, viewer?.id ?? null);
  const row = viewer ? await findItem(db, kind, id) : undefined;
  if (!viewer || !row || row.userId !== viewer.id) throw notFound(kind.notFound);
  return personalDetail(db, caches, await read(row), viewer.id);
}

/**
 * Create an item of `kind` owned by `user` (a business account). The category must be one the kind
 * allows; images must be the seller's uploads. Public at once when the seller is approved and active.
 * @throws HttpError 403 for non-business accounts, 400 for a bad category or images.
 */
export async function createItem<K extends AnyKind>(db: Executor, kind: K, user: AuthUser, input: CreateOf<K>) {
  assertSeller(user, kind.plural);
  return db.transaction(async (tx) => {
    await kind.assertCategory(tx, user.id, input.category_id);
    await assertOwnUploads(tx, user.id, input.image_urls);
    const [created] = await tx
      .insert(kind.table)
      .values({
        ...kind.values(input),
        userId: user.id,
        categoryId: input.category_id,
        imageUrls: input.image_urls,
        listed: await isListedSeller(tx, user.id),
      } as ItemTable["$inferInsert"])
      .returning({ id: kind.table.id });
    await kind.saveParts?.(tx, created!.id, user.id, input);
    const row = await findItem(tx, kind, created!.id);
    return { message: kind.created, data: kind.toItem(row!) as ItemOf<K> };
  });
}

/**
 * Update the owner's item of `kind`: only the fields given change.
 * @throws HttpError 404 when it does not exist or belongs to someone else (nothing changes).
 */
export async function updateItem<K extends AnyKind>(db: Executor, kind: K, user: AuthUser, input: Parameters<K["updateId"]>[0]) {
  assertSeller(user, kind.plural);
  const id = kind.updateId(input);
  return db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: kind.table.id })
      .from(kind.table)
      .where(and(eq(kind.table.id, id), eq(kind.table.userId, user.id)))
      .for("update");
    if (!own) throw notFound(kind.notFound);
    if (input.category_id) await kind.assertCategory(tx, user.id, input.category_id);
    if (input.image_urls) await assertOwnUploads(tx, user.id, input.image_urls);
    await tx
      .update(kind.table)
      .set({
        ...kind.values(input),
        ...(input.category_id !== undefined ? { categoryId: input.category_id } : {}),
        ...(input.image_urls !== undefined ? { imageUrls: input.image_urls } : {}),
        updatedAt: new Date(),
      })
      .where(eq(kind.table.id, id));
    await kind.saveParts?.(tx, id, user.id, input);
    const row = await findItem(tx, kind, id);
    return { message: kind.updated, data: kind.toItem(row!) as ItemOf<K> };
  });
}

/**
 * Delete the owner's item of `kind` (what hangs on it goes by the foreign keys' cascade: a
 * product's cart lines, a service's reactions and reviews; past order lines keep their snapshot).
 * @throws HttpError 404 when it does not exist or belongs to someone else.
 */
export async function deleteItem(db: Executor, kind: AnyKind, user: AuthUser, id: string) {
  assertSeller(user, kind.plural);
  const gone = await db
    .delete(kind.table)
    .where(and(eq(kind.table.id, id), eq(kind.table.userId, user.id)))
    .returning({ id: kind.table.id });
  if (!gone.length) throw notFound(kind.notFound);
  return { message: TEXT.success.deleted };
}
