/**
 * Keeps `products.listed` and `posts.listed` in step with the owner: true exactly while the owner
 * is an approved, active business account (design brief: only approved, active sellers' listings
 * are public; ADR 0004). Call it inside the same transaction that changes a user's accType,
 * status or active flag.
 */
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { posts, products, users } from "../../db/schema/index.js";

/** Recompute `listed` on every product and post of `userId`. Answers the new value. */
export async function syncSellerListings(db: Executor, userId: string): Promise<boolean> {
  const [u] = await db
    .select({ accType: users.accType, status: users.status, active: users.active })
    .from(users)
    .where(eq(users.id, userId));
  const listed = !!u && u.accType === "business" && u.status === "approved" && u.active;
  await db.update(products).set({ listed }).where(sql`${products.userId} = ${userId} and ${products.listed} <> ${listed}`);
  await db.update(posts).set({ listed }).where(sql`${posts.userId} = ${userId} and ${posts.listed} <> ${listed}`);
  return listed;
}
