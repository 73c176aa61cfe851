/**
 * A seller's details after sign-up (ADR 0184): the categories they sell in (1 to
 * MAX_SELLER_CATEGORIES, as at sign-up, changed by the seller or an admin) and the business
 * details the admin reviews before approving the seller. Products and services already listed keep
 * their category; new and edited services choose among the seller's categories of the moment.
 */
import { SELLER_MESSAGES, type SellerBusiness, type SellerBusinessBody } from "@market/contract";
import { eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.js";
import { categories, sellerBusinesses, userCategories, users } from "../../db/schema/index.js";
import { conflict, invalidInput, notFound } from "../../lib/errors.js";
import { sellerReviewed } from "../notifications/events.js";

/**
 * Replace the seller's categories by `ids` (already checked: 1 to 3, distinct), positions 1..n in
 * the given order, inside `tx`. The categories are locked FOR KEY SHARE so none is deleted meanwhile.
 * @throws 400 `category_ids` when one of them does not exist.
 */
export async function replaceSellerCategories(tx: Executor, userId: string, ids: string[]): Promise<void> {
  const found = await tx.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids)).for("key share");
  if (found.length !== ids.length) throw invalidInput({ category_ids: SELLER_MESSAGES.categoryUnknown });
  await tx.delete(userCategories).where(eq(userCategories.userId, userId));
  await tx.insert(userCategories).values(ids.map((categoryId, i) => ({ userId, categoryId, position: i + 1 })));
}

/**
 * An admin sets a seller's categories (ADR 0184), in one transaction with the seller's row locked.
 * @throws 404 unknown account, 409 not a seller account, 400 unknown category.
 */
export async function setCategoriesOfSeller(db: Db, userId: string, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ accType: users.accType }).from(users).where(eq(users.id, userId)).for("update");
    if (!target) throw notFound("Account not found");
    if (target.accType !== "business") throw conflict(SELLER_MESSAGES.notASeller);
    await replaceSellerCategories(tx, userId, ids);
  });
}

/**
 * The admin does not approve a pending seller yet (ADR 0184): the seller stays pending and is told
 * `reason` by the notifications (in-app, e-mail, SMS per their choices, sent after commit, ADR 0181).
 * @throws 404 unknown account, 409 not a seller or not pending.
 */
export async function declineSeller(db: Db, userId: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ accType: users.accType, status: users.status })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) throw notFound("Account not found");
    if (target.accType !== "business") throw conflict(SELLER_MESSAGES.notASeller);
    if (target.status !== "pending") throw conflict(SELLER_MESSAGES.notPending);
    await sellerReviewed(tx, userId, { approved: false, reason });
  });
}

/** The seller's own categories (ADR 0184), in one transaction. @throws 400 unknown category. */
export async function setOwnCategories(db: Db, userId: string, ids: string[]): Promise<void> {
  await db.transaction((tx) => replaceSellerCategories(tx, userId, ids));
}

/** Store (insert or replace) the seller's business details; `cac_number` "" is stored as null. */
export async function saveBusiness(db: Executor, userId: string, b: z.output<typeof SellerBusinessBody>): Promise<void> {
  const values = {
    businessName: b.business_name,
    cacNumber: b.cac_number || null,
    address: b.address,
    state: b.state,
    city: b.city,
    updatedAt: new Date(),
  };
  await db
    .insert(sellerBusinesses)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: sellerBusinesses.userId, set: values });
}

type BusinessRow = typeof sellerBusinesses.$inferSelect;

/** A stored row in API shape. */
export function toBusiness(r: BusinessRow): SellerBusiness {
  return {
    business_name: r.businessName,
    cac_number: r.cacNumber,
    address: r.address,
    state: r.state,
    city: r.city,
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The business details of each of `ids` that has given them, in one query. */
export async function businessesOf(db: Executor, ids: string[]): Promise<Map<string, SellerBusiness>> {
  const map = new Map<string, SellerBusiness>();
  if (!ids.length) return map;
  const rows = await db.select().from(sellerBusinesses).where(inArray(sellerBusinesses.userId, ids));
  for (const r of rows) map.set(r.userId, toBusiness(r));
  return map;
}
