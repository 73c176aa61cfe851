/**
 * Keeps `products.listed` and `posts.listed` in step with the owner: true exactly while the owner
 * is an approved, active business account (design brief: only approved, active sellers' listings
 * are public; ADR 0004) and the item is not taken down by moderation (`hidden_at`, ADR 0213). Call it inside the same transaction that changes a user's accType,
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
  // An item an admin (or three verified buyers' reports) took down stays down (ADR 0213).
  await db
    .update(products)
    .set({ listed: sql`${listed} and ${products.hiddenAt} is null` })
    .where(sql`${products.userId} = ${userId} and ${products.listed} <> (${listed} and ${products.hiddenAt} is null)`);
  await db
    .update(posts)
    .set({ listed: sql`${listed} and ${posts.hiddenAt} is null` })
    .where(sql`${posts.userId} = ${userId} and ${posts.listed} <> (${listed} and ${posts.hiddenAt} is null)`);
  return listed;
}
