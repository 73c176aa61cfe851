/**
 * Users, addresses, sessions and one-time codes
 * (spec §3 "User", "Address"; design brief "Auth").
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accountType, codePurpose, sellerStatus } from "./enums.js";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    names: text("names").notNull(),
    username: text("username").notNull(),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    /** E.164, e.g. +2348031234567. */
    phone: text("phone").notNull(),
    whatsapp: text("whatsapp"),
    /** URL of the profile picture (an upload), or null for the default picture. */
    profile: text("profile"),
    desc: text("desc").notNull().default(""),
    accType: accountType("acc_type").notNull().default("customer"),
    /** false = blocked: cannot sign in, sessions ended (spec §4 "Account active"). */
    active: boolean("active").notNull().default(true),
    /** Sellers start pending; customers and admins are approved. */
    status: sellerStatus("status").notNull().default("approved"),
    blueTick: boolean("blue_tick").notNull().default(false),
    emailVerified: boolean("email_verified").notNull().default(false),
    phoneVerified: boolean("phone_verified").notNull().default(false),
    /**
     * Payout account (NUBAN, 10 digits), its bank code and the account name: the lookup provider's
     * answer, or what the seller typed when no provider is configured (ADR 0033, 0082).
     */
    accountNo: text("account_no"),
    bankCode: text("bank_code"),
    accountName: text("account_name"),
    /**
     * The name is confirmed: by the lookup provider, or by an admin (ADR 0082). Any change of the
     * three fields above resets it; payouts go only to a verified account.
     */
    bankAccountVerified: boolean("bank_account_verified").notNull().default(false),
    /** When it was verified, and by which admin (null when the lookup provider confirmed it). */
    bankAccountVerifiedAt: timestamp("bank_account_verified_at", { withTimezone: true }),
    bankAccountVerifiedBy: uuid("bank_account_verified_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    passwordHash: text("password_hash").notNull(),
    /**
     * The password was set by someone else (the one-time password of `npm run admin:create`): until
     * the user changes it, the session reaches only GET/PUT /api/me and sign-out.
     */
    passwordMustChange: boolean("password_must_change").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_uq").on(t.email),
    uniqueIndex("users_username_uq").on(sql`lower(${t.username})`),
    uniqueIndex("users_phone_uq").on(t.phone),
    index("users_acc_type_idx").on(t.accType, t.createdAt),
    // Only a complete account can be verified.
    check(
      "users_bank_account_verified_ck",
      sql`not ${t.bankAccountVerified} or (${t.bankCode} is not null and ${t.accountNo} is not null and ${t.accountName} is not null)`,
    ),
  ],
);

/** Address book. `address_id` in the API is the position in the user's list (ordered by created_at, id). */
export const addresses = pgTable(
  "addresses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    company: text("company").notNull().default(""),
    address1: text("address1").notNull(),
    address2: text("address2").notNull().default(""),
    state: text("state").notNull().default(""),
    city: text("city").notNull().default(""),
    country: text("country").notNull(),
    zip: text("zip").notNull().default(""),
    phone: text("phone").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("addresses_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("addresses_one_default_uq").on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** Opaque bearer sessions: only the SHA-256 of the token is stored (design brief "Auth"). */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sessions_token_uq").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

/** One-time codes (2FA, password reset): hashed, expiring, single-use, limited tries. */
export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: codePurpose("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("one_time_codes_user_idx").on(t.userId, t.purpose, t.createdAt)],
);

/**
 * Sign-in throttle (ADR 0083): tries per account key and source, counted before the password is
 * checked. `account_key` is the user's id, or `login:<sha256>` of a login that matches no account
 * (so unknown accounts are throttled exactly like real ones, and the table holds no foreign key).
 * `source` is a hash of the client address, or `*` for the account-wide row that counts the tries
 * of every source the account does not know. `retry_at`: no try is counted or checked before it.
 */
export const signInThrottle = pgTable(
  "sign_in_throttle",
  {
    accountKey: text("account_key").notNull(),
    source: text("source").notNull(),
    attempts: integer("attempts").notNull().default(0),
    retryAt: timestamp("retry_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.source] }), index("sign_in_throttle_updated_idx").on(t.updatedAt)],
);

/** Sources (hashed client addresses) a user signed in from: others' failures never throttle them (ADR 0083). */
export const signInKnownSources = pgTable(
  "sign_in_known_sources",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    source: text("source").notNull(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source] }), index("sign_in_known_sources_seen_idx").on(t.lastSignInAt)],
);

/**
 * A seller's business details (spec §3 "User" extension): what the admin checks before approving
 * the seller. One row per seller, written from the back office Settings. `state` is one of the
 * contract's NIGERIAN_STATES; `cac_number` the CAC registration number ("RC123456", "BN..." or
 * "IT..."), null when the business is not registered.
 */
export const sellerBusinesses = pgTable("seller_businesses", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  businessName: text("business_name").notNull(),
  cacNumber: text("cac_number"),
  address: text("address").notNull(),
  state: text("state").notNull(),
  city: text("city").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
