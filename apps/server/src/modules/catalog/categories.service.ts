/** Category queries (spec §3 "Category", §7 GET /api/category). */

import type { Category, CategoryType } from "@market/contract";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { categories, userCategories } from "../../db/schema/index.js";

type CategoryRow = typeof categories.$inferSelect;

/** Row -> API shape (`_id`, `is_default`). */
export function toCategory(row: CategoryRow): Category {
  return { _id: row.id, name: row.name, type: row.type, is_default: row.isDefault };
}

/**
 * List categories, oldest first (so "the first four default market-place categories" is stable).
 * Filters: one `id`; a user's own categories (`userId`); a `type`.
 */
export async function listCategories(
  db: Executor,
  filter: { id?: string; userId?: string; type?: CategoryType } = {},
): Promise<Category[]> {
  const where: SQL[] = [];
  if (filter.id) where.push(eq(categories.id, filter.id));
  if (filter.type) where.push(eq(categories.type, filter.type));
  if (filter.userId) {
    const own = db.select({ id: userCategories.categoryId }).from(userCategories).where(eq(userCategories.userId, filter.userId));
    where.push(inArray(categories.id, own));
  }
  const rows = await db
    .select()
    .from(categories)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(categories.createdAt), asc(categories.name));
  return rows.map(toCategory);
}
