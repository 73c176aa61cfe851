/**
 * Rules shared by products and services: who may write listings, which images an item may use,
 * whether a new item is public, and the text-search condition.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.js";
import { categories, type posts, type products, uploads, users } from "../../db/schema/index.js";
import { badRequest, forbidden, unauthorized } from "../../lib/errors.js";
import type { AuthUser } from "../auth/sessions.js";

/** Only business (seller) accounts write products and services (spec §6). */
export function assertSeller(user: AuthUser, what: "products" | "services"): void {
  if (user.accType !== "business") throw forbidden(`Only business accounts can manage ${what}`);
}

/** True while `userId` is an approved, active business: their new items are public at once (ADR 0004). */
export async function isListedSeller(db: Executor, userId: string): Promise<boolean> {
  const [u] = await db
    .select({ accType: users.accType, status: users.status, active: users.active })
    .from(users)
    .where(eq(users.id, userId));
  return !!u && u.accType === "business" && u.status === "approved" && u.active;
}

/**
 * Every image URL must name an upload that exists and belongs to `userId` (or to nobody, as the
 * demo's generated pictures may). URLs are already shape-checked by the contract (`/uploads/<key>.webp`).
 * The rows are held FOR KEY SHARE until the caller's transaction ends, so the removal of unused
 * uploads (uploads/cleanup.ts) cannot delete a picture an item is being saved with.
 * @throws HttpError 400 with `errors.image_urls` otherwise.
 */
export async function assertOwnUploads(db: Executor, userId: string, urls: string[]): Promise<void> {
  if (!urls.length) return;
  const keys = [...new Set(urls.map((u) => u.slice("/uploads/".length, -".webp".length)))];
  const found = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(inArray(uploads.key, keys), or(eq(uploads.ownerId, userId), isNull(uploads.ownerId))))
    .for("key share");
  if (found.length !== keys.length) {
    const msg = "Some images were not found: upload them again";
    throw badRequest(msg, { image_urls: msg });
  }
}

/**
 * The category `id` when it exists and has `type`.
 * @throws HttpError 400 with `errors.category_id` otherwise.
 */
export async function assertCategory(db: Executor, id: string, type: "market-place" | "services", message: string) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id));
  if (!row || row.type !== type) throw badRequest(message, { category_id: message });
  return row;
}

/**
 * Full-text condition on a `search` tsvector column: every word must match, each as a prefix
 * ("tec cam" finds "Tecno Camon"). Words are reduced to letters and digits, so the query text
 * cannot inject tsquery syntax. Answers undefined when the search has no word.
 */
function searchCondition(column: AnyPgColumn, search: string | undefined): SQL | undefined {
  const words =
    (search ?? "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  if (!words.length) return undefined;
  const query = words.map((w) => `${w}:*`).join(" & ");
  return sql`${column} @@ to_tsquery('simple', ${query})`;
}

/**
 * The WHERE of a product or service listing: public lists show listed items only (ADR 0004); `mine`
 * shows the viewer's own items in any state. Filters: category ("001" = all, spec §2), seller, text.
 * @throws HttpError 401 for `mine` without a signed-in user.
 */
export function listingWhere(
  table: typeof products | typeof posts,
  q: { mine?: boolean; category_id?: string; user_id?: string; search?: string },
  viewer: AuthUser | null,
): SQL {
  const where: SQL[] = [];
  if (q.mine) {
    if (!viewer) throw unauthorized();
    where.push(eq(table.userId, viewer.id));
  } else where.push(sql`${table.listed}`);
  if (q.category_id && q.category_id !== "001") where.push(eq(table.categoryId, q.category_id));
  if (q.user_id) where.push(eq(table.userId, q.user_id));
  const search = searchCondition(table.search, q.search);
  if (search) where.push(search);
  return and(...where) as SQL;
}
