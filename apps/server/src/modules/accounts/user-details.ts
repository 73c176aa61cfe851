/** The signed-in user as GET /api/me answers it (spec §3 "User", "Address"; brief "Accounts" contract). */
import type { Address, UserDetails } from "@market/contract";
import { asc, eq } from "drizzle-orm";
import { allOf, type Executor } from "../../db/client.js";
import { addresses, follows, sellerBusinesses, userCategories, users } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { bankChoice } from "../wallet/banks.js";
import { toBusiness } from "./seller.service.js";

type AddressRow = typeof addresses.$inferSelect;

/** Address row -> API shape; `index` is its 0-based position in the user's list (= `address_id`). */
export function toAddress(row: AddressRow, index: number): Address {
  return {
    _id: row.id,
    address_id: index,
    first_name: row.firstName,
    last_name: row.lastName,
    company: row.company,
    address1: row.address1,
    address2: row.address2,
    state: row.state,
    city: row.city,
    country: row.country,
    zip: row.zip,
    phone: row.phone,
    default: row.isDefault,
  };
}

/** The user's address rows in list order (oldest first): the order that gives each its `address_id`. */
export function addressRows(db: Executor, userId: string): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt), asc(addresses.id));
}

/** The user's addresses in API shape. */
export async function listAddresses(db: Executor, userId: string): Promise<Address[]> {
  return (await addressRows(db, userId)).map(toAddress);
}

/** Load everything GET /api/me answers for `userId`. Throws 404 when the user does not exist. */
export async function loadUserDetails(db: Executor, userId: string): Promise<UserDetails> {
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound("User not found");
  const [cats, followerRows, addressList, business] = await allOf(db, [
    () =>
      db
        .select({ id: userCategories.categoryId })
        .from(userCategories)
        .where(eq(userCategories.userId, userId))
        .orderBy(asc(userCategories.position)),
    () => db.select({ id: follows.followerId }).from(follows).where(eq(follows.sellerId, userId)).orderBy(asc(follows.createdAt)),
    () => listAddresses(db, userId),
    () => db.select().from(sellerBusinesses).where(eq(sellerBusinesses.userId, userId)),
  ]);
  return {
    _id: u.id,
    names: u.names,
    username: u.username,
    email: u.email,
    phone: u.phone,
    whatsapp: u.whatsapp,
    profile: u.profile,
    desc: u.desc,
    accType: u.accType,
    active: u.active,
    status: u.status,
    verified: { blue_tick: u.blueTick, email: u.emailVerified, phone: u.phoneVerified },
    account_no: u.accountNo,
    bank_code: bankChoice(u.bankCode),
    account_name: u.accountName,
    bank_account_verified: u.bankAccountVerified,
    must_change_password: u.passwordMustChange,
    category_ids: cats.map((c) => c.id),
    business: business[0] ? toBusiness(business[0]) : null,
    followers: followerRows.map((f) => f.id),
    addresses: addressList,
    createdAt: u.createdAt.toISOString(),
  };
}
