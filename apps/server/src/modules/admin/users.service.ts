/**
 * The admin's user management (spec §2 "View Users / View Sellers", §4 "Seller status", "Account
 * active/inactive", §6 admin role, §7 `GET /api/admin/users`, `POST /api/admin/user/` and the admin
 * action helper). Every write runs in one transaction; a change of status or active flag re-syncs
 * the seller's public listings in that same transaction (ADR 0004, listing-visibility.ts).
 */
import {
  type Address,
  type AdminAction,
  type AdminCreateUserBody,
  type AdminUserRow,
  type AdminUsersQuery,
  normalizePhone,
  type SellerBusiness,
} from "@market/contract";
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { allOf, type Db, type Executor } from "../../db/client.js";
import { addresses, categories, follows, userCategories, users } from "../../db/schema/index.js";
import { badRequest, conflict, notFound } from "../../lib/errors.js";
import { newestFirst } from "../../lib/keyset.js";
import { businessesOf } from "../accounts/seller.service.js";
import { toAddress } from "../accounts/user-details.js";
import { hashPassword } from "../auth/passwords.js";
import { revokeUserSessions, type SessionCaches } from "../auth/sessions.js";
import { syncSellerListings } from "../catalog/listing-visibility.js";
import { sellerReviewed } from "../notifications/events.js";
import { bankChoice, findBank } from "../wallet/banks.js";

/** Users newest first (served by users_acc_type_idx); ties by id. */
const USERS = newestFirst(users.createdAt, "timestamptz", users.id);

/** Columns of a table row, with the follower count and the keyset's columns for the list's cursor. */
const rowColumns = {
  id: users.id,
  names: users.names,
  username: users.username,
  email: users.email,
  phone: users.phone,
  profile: users.profile,
  accType: users.accType,
  status: users.status,
  active: users.active,
  blueTick: users.blueTick,
  emailVerified: users.emailVerified,
  phoneVerified: users.phoneVerified,
  bankCode: users.bankCode,
  accountNo: users.accountNo,
  accountName: users.accountName,
  bankAccountVerified: users.bankAccountVerified,
  whatsapp: users.whatsapp,
  desc: users.desc,
  createdAt: users.createdAt,
  ...USERS.columns,
  followers: sql<number>`(select count(*)::int from ${follows} where ${follows.sellerId} = ${users.id})`,
};

/** Base query of a table row (drizzle infers the row type from it). */
const selectRows = (db: Executor) => db.select(rowColumns).from(users);
type Row = Awaited<ReturnType<typeof selectRows>>[number];

/** Each listed user's categories and addresses: two queries for the whole page. */
type Extras = { categoryIds: Map<string, string[]>; addresses: Map<string, Address[]>; businesses: Map<string, SellerBusiness> };

async function loadExtras(db: Executor, ids: string[]): Promise<Extras> {
  const categoryIds = new Map<string, string[]>();
  const addressesOf = new Map<string, Address[]>();
  if (ids.length === 0) return { categoryIds, addresses: addressesOf, businesses: new Map() };
  const [cats, addressList, businesses] = await allOf(db, [
    () =>
      db
        .select({ userId: userCategories.userId, id: userCategories.categoryId })
        .from(userCategories)
        .where(inArray(userCategories.userId, ids))
        .orderBy(asc(userCategories.userId), asc(userCategories.position)),
    () =>
      db
        .select()
        .from(addresses)
        .where(inArray(addresses.userId, ids))
        .orderBy(asc(addresses.userId), asc(addresses.createdAt), asc(addresses.id)),
    () => businessesOf(db, ids),
  ]);
  for (const c of cats) categoryIds.set(c.userId, [...(categoryIds.get(c.userId) ?? []), c.id]);
  for (const a of addressList) {
    const list = addressesOf.get(a.userId) ?? [];
    list.push(toAddress(a, list.length));
    addressesOf.set(a.userId, list);
  }
  return { categoryIds, addresses: addressesOf, businesses };
}

function toRow(r: Row, extras: Extras): AdminUserRow {
  return {
    _id: r.id,
    names: r.names,
    username: r.username,
    email: r.email,
    phone: r.phone,
    profile: r.profile,
    accType: r.accType,
    status: r.status,
    active: r.active,
    verified: { blue_tick: r.blueTick, email: r.emailVerified, phone: r.phoneVerified },
    followers: Number(r.followers),
    bank_code: bankChoice(r.bankCode),
    bank_name: r.bankCode ? (findBank(r.bankCode)?.bank_name ?? null) : null,
    account_no: r.accountNo,
    account_name: r.accountName,
    bank_account_verified: r.bankAccountVerified,
    whatsapp: r.whatsapp,
    desc: r.desc,
    category_ids: extras.categoryIds.get(r.id) ?? [],
    business: extras.businesses.get(r.id) ?? null,
    addresses: extras.addresses.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
  };
}

/** Table rows in API shape, with their categories and addresses. */
async function toRows(db: Executor, rows: Row[]): Promise<AdminUserRow[]> {
  const extras = await loadExtras(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toRow(r, extras));
}

/** Escape LIKE wildcards in a user's search text. */
function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One page of customers or sellers, newest first (keyset on created_at, id), with the total count.
 * Served by the index users_acc_type_idx.
 */
export async function listUsers(
  db: Db,
  query: AdminUsersQuery,
): Promise<{ data: AdminUserRow[]; nextCursor: string | null; total: number }> {
  const filters: SQL[] = [eq(users.accType, query.account_type)];
  if (query.q) {
    const p = likePattern(query.q);
    filters.push(or(ilike(users.names, p), ilike(users.username, p), ilike(users.email, p), ilike(users.phone, p))!);
  }
  const rows = await selectRows(db)
    .where(and(...filters, USERS.after(query.cursor)))
    .orderBy(...USERS.order)
    .limit(query.limit + 1);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(...filters));
  const page = USERS.page(rows, query.limit);
  return {
    data: await toRows(db, page.rows),
    nextCursor: page.nextCursor,
    total: count?.n ?? 0,
  };
}

/** One user as a table row, or null. */
export async function getUserRow(db: Executor, id: string): Promise<AdminUserRow | null> {
  const [r] = await selectRows(db).where(eq(users.id, id));
  return r ? (await toRows(db, [r]))[0]! : null;
}

/**
 * Apply one admin action to an account (spec §4, §7 admin action helper), in one transaction:
 * - block: active = false, and every session of the user ends, in every process's session cache
 *   too (`caches`: app.cache; design brief "a blocked account cannot sign in and its sessions end");
 * - unblock: active = true;
 * - status_approved: only for a business account whose status is pending;
 * - blue_tick_verify / blue_tick_remove: the verified badge.
 * Listings are re-synced in the same transaction. An admin cannot block themselves.
 * @throws 404 unknown account, 400 self-block, 409 approving a non-pending or non-seller account.
 */
export async function applyAdminAction(
  db: Db,
  caches: SessionCaches,
  adminId: string,
  accountId: string,
  action: AdminAction,
): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, accType: users.accType, status: users.status, active: users.active })
      .from(users)
      .where(eq(users.id, accountId))
      .for("update");
    if (!target) throw notFound("Account not found");
    switch (action) {
      case "block":
        if (target.id === adminId) throw badRequest("You cannot block your own account");
        await tx.update(users).set({ active: false, updatedAt: new Date() }).where(eq(users.id, accountId));
        await revokeUserSessions(tx, caches, accountId);
        break;
      case "unblock":
        await tx.update(users).set({ active: true, updatedAt: new Date() }).where(eq(users.id, accountId));
        break;
      case "status_approved":
        if (target.accType !== "business") throw conflict("Only a seller account can be approved");
        if (target.status !== "pending") throw conflict("This seller is already approved");
        await tx.update(users).set({ status: "approved", updatedAt: new Date() }).where(eq(users.id, accountId));
        // The seller is told; the outbox-delivery job sends it after commit (ADR 0181).
        await sellerReviewed(tx, accountId, { approved: true });
        break;
      case "blue_tick_verify":
      case "blue_tick_remove":
        await tx
          .update(users)
          .set({ blueTick: action === "blue_tick_verify", updatedAt: new Date() })
          .where(eq(users.id, accountId));
        break;
    }
    await syncSellerListings(tx, accountId);
    return (await getUserRow(tx, accountId))!;
  });
}

/**
 * Create an account for the admin (spec §6, §7 `POST /api/admin/user/`). The password is hashed
 * with argon2id; email, username and phone must be unique (answered as field messages). Sellers
 * get 1..3 categories and are approved unless `status: "pending"` is asked for; admins and
 * customers are always approved. Verification flags start true: the admin vouches for the details.
 * @throws 400 with `errors` per field.
 */
export async function createUserByAdmin(
  db: Db,
  input: AdminCreateUserBody,
  /** `passwordMustChange`: the password is a one-time password (`npm run admin:create`). */
  opts: { passwordMustChange?: boolean } = {},
): Promise<AdminUserRow> {
  const errors: Record<string, string> = {};
  // The sign-up rule (a Nigerian number), so every account can sign in with the phone it was given.
  const phone = normalizePhone(input.phone);
  if (!phone) errors.phone = "Enter a valid phone number";
  if (input.accType === "business" && input.category_ids.length === 0) errors.category_ids = "Pick at least one category";
  if (input.accType !== "business" && input.category_ids.length > 0) errors.category_ids = "Only sellers have categories";
  if (new Set(input.category_ids).size !== input.category_ids.length) errors.category_ids = "Each category once";
  if (input.category_ids.length && !errors.category_ids) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, input.category_ids));
    if (found.length !== input.category_ids.length) errors.category_ids = "Unknown category";
  }
  const taken = await db
    .select({ email: users.email, username: users.username, phone: users.phone })
    .from(users)
    .where(
      or(
        eq(users.email, input.email),
        sql`lower(${users.username}) = lower(${input.username})`,
        phone ? eq(users.phone, phone) : sql`false`,
      ),
    );
  for (const t of taken) {
    if (t.email === input.email) errors.email = "Email is already registered";
    if (t.username.toLowerCase() === input.username.toLowerCase()) errors.username = "Username is already taken";
    if (phone && t.phone === phone) errors.phone = "Phone number is already registered";
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);

  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          names: input.names,
          username: input.username,
          email: input.email,
          phone: phone!,
          desc: input.desc,
          accType: input.accType,
          status: input.accType === "business" ? (input.status ?? "approved") : "approved",
          emailVerified: true,
          phoneVerified: true,
          passwordHash,
          passwordMustChange: opts.passwordMustChange ?? false,
        })
        .returning({ id: users.id });
      if (input.category_ids.length) {
        await tx
          .insert(userCategories)
          .values(input.category_ids.map((categoryId, i) => ({ userId: row!.id, categoryId, position: i + 1 })));
      }
      await syncSellerListings(tx, row!.id);
      return (await getUserRow(tx, row!.id))!;
    });
  } catch (err) {
    // A concurrent insert won the race for a unique value: answer it as a field message.
    const constraint =
      (err as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ?? (err as { constraint?: string }).constraint;
    if (constraint === "users_email_uq") throw badRequest("Email is already registered", { email: "Email is already registered" });
    if (constraint === "users_username_uq") throw badRequest("Username is already taken", { username: "Username is already taken" });
    if (constraint === "users_phone_uq")
      throw badRequest("Phone number is already registered", { phone: "Phone number is already registered" });
    throw err;
  }
}
