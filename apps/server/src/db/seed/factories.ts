/**
 * Factories that insert real rows: the demo seed is built from them, and tests use them to make
 * exactly the data they need (Documenso/epic-stack style). Every function takes an `Executor`
 * (database or transaction) and answers the inserted row. Money arguments are in naira.
 */
import { randomUUID } from "node:crypto";
import { type AccountType, type CategoryType, nairaToKobo } from "@market/contract";
import { eq } from "drizzle-orm";
import { hashPassword } from "../../modules/auth/passwords.js";
import { createSession } from "../../modules/auth/sessions.js";
import type { Executor } from "../client.js";
import { addresses, categories, follows, posts, products, reactions, reviews, userCategories, users } from "../schema/index.js";

/** One argon2 hash per distinct password, so seeding hundreds of users stays fast. */
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let h = hashCache.get(password);
  if (!h) {
    h = hashPassword(password);
    hashCache.set(password, h);
  }
  return h;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomUUID().slice(0, 4)}`;

export type UserInput = Partial<typeof users.$inferInsert> & { password?: string; categoryIds?: string[] };

/**
 * Insert a user. Defaults: a verified, active customer with a unique email/username/phone and the
 * password "Password1!". A business defaults to status "approved" unless given.
 */
export async function createUser(db: Executor, input: UserInput = {}) {
  const u = unique();
  const { password = "Password1!", categoryIds = [], ...rest } = input;
  const accType: AccountType = rest.accType ?? "customer";
  const [row] = await db
    .insert(users)
    .values({
      names: `Test User ${u}`,
      username: `user_${u}`,
      email: `${u}@example.ng`,
      phone: `+23480${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
      emailVerified: true,
      phoneVerified: true,
      ...rest,
      accType,
      passwordHash: await cachedHash(password),
    })
    .returning();
  if (categoryIds.length) {
    await db.insert(userCategories).values(categoryIds.map((categoryId, i) => ({ userId: row!.id, categoryId, position: i + 1 })));
  }
  return row!;
}

/** Insert a user and open a session for them; answers the user and a bearer token. */
export async function createUserWithToken(db: Executor, input: UserInput = {}) {
  const user = await createUser(db, input);
  const { token } = await createSession(db, user.id, 1);
  return { user, token, auth: { authorization: `Bearer ${token}` } };
}

export async function createCategory(
  db: Executor,
  input: { name?: string; type?: CategoryType; isDefault?: boolean; createdAt?: Date } = {},
) {
  const [row] = await db
    .insert(categories)
    .values({
      name: input.name ?? `Category ${unique()}`,
      type: input.type ?? "market-place",
      isDefault: input.isDefault ?? false,
      createdAt: input.createdAt,
    })
    .returning();
  return row!;
}

/**
 * Insert a product owned by `userId`. `price` is in naira. `listed` defaults to whether the owner
 * is an approved, active seller (the rule kept by syncSellerListings).
 */
export async function createProduct(
  db: Executor,
  input: {
    userId: string;
    categoryId: string;
    name?: string;
    description?: string;
    price?: number;
    countInStock?: number;
    imageUrls?: string[];
    listed?: boolean;
    createdAt?: Date;
  },
) {
  const listed = input.listed ?? (await isListedSeller(db, input.userId));
  const [row] = await db
    .insert(products)
    .values({
      userId: input.userId,
      categoryId: input.categoryId,
      name: input.name ?? `Product ${unique()}`,
      description: input.description ?? "A good product.",
      priceKobo: nairaToKobo(input.price ?? 1000),
      countInStock: input.countInStock ?? 10,
      imageUrls: input.imageUrls ?? [],
      listed,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning();
  return row!;
}

export async function createPost(
  db: Executor,
  input: { userId: string; categoryId: string; body?: string; imageUrls?: string[]; listed?: boolean; createdAt?: Date },
) {
  const listed = input.listed ?? (await isListedSeller(db, input.userId));
  const [row] = await db
    .insert(posts)
    .values({
      userId: input.userId,
      categoryId: input.categoryId,
      body: input.body ?? "A reliable service.",
      imageUrls: input.imageUrls ?? [],
      listed,
      createdAt: input.createdAt,
      updatedAt: input.createdAt,
    })
    .returning();
  return row!;
}

/** Add a star reaction (1..5) and keep the post's rating totals in step. */
export async function createReaction(db: Executor, input: { postId: string; userId: string; stars: number }) {
  await db.insert(reactions).values(input);
  const [post] = await db.select().from(posts).where(eq(posts.id, input.postId));
  await db
    .update(posts)
    .set({ ratingCount: post!.ratingCount + 1, ratingSum: post!.ratingSum + input.stars })
    .where(eq(posts.id, input.postId));
}

export async function createReview(db: Executor, input: { postId: string; userId: string; rating: number; comment: string }) {
  const [row] = await db.insert(reviews).values(input).returning();
  return row!;
}

export async function createFollow(db: Executor, input: { followerId: string; sellerId: string }) {
  await db.insert(follows).values(input).onConflictDoNothing();
}

export async function createAddress(db: Executor, input: Partial<typeof addresses.$inferInsert> & { userId: string }) {
  const [row] = await db
    .insert(addresses)
    .values({
      firstName: "Ada",
      lastName: "Obi",
      address1: "12 Admiralty Way",
      city: "Lekki",
      state: "Lagos",
      country: "Nigeria",
      phone: "+2348031234567",
      ...input,
    })
    .returning();
  return row!;
}

async function isListedSeller(db: Executor, userId: string): Promise<boolean> {
  const [u] = await db
    .select({ accType: users.accType, status: users.status, active: users.active })
    .from(users)
    .where(eq(users.id, userId));
  return !!u && u.accType === "business" && u.status === "approved" && u.active;
}
