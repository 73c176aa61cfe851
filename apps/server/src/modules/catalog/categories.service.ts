/** Categories (spec §3 "Category", §7 GET/POST/PUT /api/category; writes are the admin's). */

import { type Category, type CategoryType, TEXT } from "@market/contract";
import { and, asc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { categories, userCategories } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";

type CategoryRow = typeof categories.$inferSelect;

/** Row -> API shape (`_id`, `is_default`). */
function toCategory(row: CategoryRow): Category {
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

/** A category of `type` already named `name` (case-insensitive), other than `exceptId`. */
async function sameName(db: Executor, name: string, type: CategoryType, exceptId?: string) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(eq(categories.type, type), sql`lower(${categories.name}) = lower(${name})`, exceptId ? ne(categories.id, exceptId) : undefined),
    );
  return row;
}

function duplicate(name: string, type: CategoryType) {
  const msg = `A ${type} category named "${name}" already exists`;
  return conflict(msg, { name: msg });
}

/** Is this a unique-violation from PostgreSQL (a concurrent insert of the same name)? */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return (e?.cause?.code ?? e?.code) === "23505";
}

/**
 * Create a category (admin; spec §2 "Add/Update Category"). Names are unique per type, ignoring case.
 * @throws HttpError 409 with `errors.name` for a duplicate name.
 */
export async function createCategory(db: Executor, input: { name: string; type: CategoryType; is_default?: boolean }) {
  if (await sameName(db, input.name, input.type)) throw duplicate(input.name, input.type);
  try {
    const [row] = await db
      .insert(categories)
      .values({ name: input.name, type: input.type, isDefault: input.is_default ?? false })
      .returning();
    return { message: TEXT.success.categoryCreated, data: toCategory(row!) };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input.name, input.type);
    throw err;
  }
}

/**
 * Rename or retype a category (admin). Items already filed under it keep it.
 * @throws HttpError 404 for an unknown id; 409 with `errors.name` for a duplicate name.
 */
export async function updateCategory(db: Executor, id: string, input: { name: string; type: CategoryType; is_default?: boolean }) {
  if (await sameName(db, input.name, input.type, id)) throw duplicate(input.name, input.type);
  try {
    const [row] = await db
      .update(categories)
      .set({ name: input.name, type: input.type, ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}) })
      .where(eq(categories.id, id))
      .returning();
    if (!row) throw notFound("Category not found");
    return { message: TEXT.success.categoryUpdated, data: toCategory(row) };
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate(input.name, input.type);
    throw err;
  }
}
