/**
 * Rules shared by products and services: who may write listings, which images an item may use,
 * whether a new item is public, and the listing's WHERE.
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
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
 * The WHERE of a product or service listing: public lists show listed items only (ADR 0004); `mine`
 * shows the viewer's own items in any state. Filters: category ("001" = all, spec §2), seller, and
 * `textMatch`, the search's condition for the `search` words (search.service.ts `listingMatch`).
 * @throws HttpError 401 for `mine` without a signed-in user.
 */
export function listingWhere(
  table: typeof products | typeof posts,
  q: { mine?: boolean; category_id?: string; user_id?: string },
  viewer: AuthUser | null,
  textMatch?: SQL,
): SQL {
  const where: SQL[] = [];
  if (q.mine) {
    if (!viewer) throw unauthorized();
    where.push(eq(table.userId, viewer.id));
  } else where.push(sql`${table.listed}`);
  if (q.category_id && q.category_id !== "001") where.push(eq(table.categoryId, q.category_id));
  if (q.user_id) where.push(eq(table.userId, q.user_id));
  if (textMatch) where.push(textMatch);
  return and(...where) as SQL;
}
