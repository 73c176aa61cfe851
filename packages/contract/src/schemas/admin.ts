/**
 * Shapes of the back office (spec §2 "Back-office screens", §4 "Seller status" / "Account active",
 * §6, §7 `GET /api/admin/users`, `POST /api/admin/user/`, the admin action helper), plus the image
 * upload answer and the dashboard figures. Money is in naira (numbers), as everywhere in the API.
 */
import { z } from "zod";
import { ACCOUNT_TYPES, MAX_PAGE_SIZE, MAX_SELLER_CATEGORIES, SELLER_STATUSES } from "../constants.js";
import { Address, BankChoice } from "./accounts.js";
import { Id } from "./common.js";
import { NewPassword } from "./password.js";
import { phoneField } from "./phone.js";
import { plainText } from "./plain-text.js";
import { SellerBusiness } from "./seller.js";

/* ------------------------------------------------------------------ users list (admin) */

/** `GET /api/admin/users?account_type=customer|business` (spec §7), keyset-paginated, newest first. */
export const AdminUsersQuery = z.object({
  account_type: z.enum(["customer", "business"], { message: "account_type must be customer or business" }),
  /** Optional search in names, username, email or phone. */
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuery>;

/** One row of the Users / Sellers tables (spec §3 "User" fields an admin needs). */
export const AdminUserRow = z.object({
  _id: z.string(),
  names: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  profile: z.string().nullable(),
  accType: z.enum(ACCOUNT_TYPES),
  status: z.enum(SELLER_STATUSES),
  active: z.boolean(),
  verified: z.object({ blue_tick: z.boolean(), email: z.boolean(), phone: z.boolean() }),
  /** Number of followers (sellers are followed; a customer's count is normally 0). */
  followers: z.number().int(),
  /** The payout account (null fields when none) and whether it is verified (ADR 0082). */
  bank_code: BankChoice.nullable(),
  bank_name: z.string().nullable(),
  account_no: z.string().nullable(),
  account_name: z.string().nullable(),
  bank_account_verified: z.boolean(),
  /** The rest of spec §3 "User": WhatsApp number, the seller's description, categories (in the seller's order), addresses. */
  whatsapp: z.string().nullable(),
  desc: z.string(),
  category_ids: z.array(z.string()),
  /** A seller's business details (ADR 0184), what the admin checks before approving; null until given. */
  business: SellerBusiness.nullable(),
  addresses: z.array(Address),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof AdminUserRow>;

export const AdminUsersAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(AdminUserRow),
  /** Cursor for the next page, or null on the last page. */
  nextCursor: z.string().nullable(),
  /** How many accounts of this type match (all pages). */
  total: z.number().int(),
});
export type AdminUsersAnswer = z.infer<typeof AdminUsersAnswer>;

/* ------------------------------------------------------------------ admin action helper */

/** The admin action helper's request types (spec §4, §7). */
export const ADMIN_ACTIONS = ["block", "unblock", "status_approved", "blue_tick_verify", "blue_tick_remove"] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** `PUT /api/admin/users {account_id, req_type}`. */
export const AdminActionBody = z.object({
  account_id: Id,
  req_type: z.enum(ADMIN_ACTIONS, { message: `req_type must be one of ${ADMIN_ACTIONS.join(", ")}` }),
});
export type AdminActionBody = z.infer<typeof AdminActionBody>;

export const AdminActionAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: AdminUserRow });
export type AdminActionAnswer = z.infer<typeof AdminActionAnswer>;

/* ------------------------------------------------------------------ admin creates a user */

/** `POST /api/admin/user/` (spec §6 "An admin call to create a user exists"). */
export const AdminCreateUserBody = z
  .object({
    names: plainText("Name").min(2, "Enter the full name").max(100, "Name is too long"),
    username: plainText("Username")
      .min(3, "Username must have at least 3 characters")
      .max(30, "Username is too long")
      .regex(/^[A-Za-z0-9_.]+$/, "Use letters, digits, _ or . only"),
    email: z.string().trim().toLowerCase().max(200, "Email is too long").pipe(z.email("Enter a valid email address")),
    /** Nigerian number in any usual form (0803..., +234803...); stored as E.164. */
    phone: phoneField("Enter a valid phone number", { nigerianOnly: true }),
    /** The same rule as every new password (schemas/password.ts, ADR 0083). */
    password: NewPassword,
    accType: z.enum(ACCOUNT_TYPES, { message: "Choose customer, business or admin" }).default("customer"),
    /** Sellers created by an admin are approved unless `pending` is asked for. */
    status: z.enum(SELLER_STATUSES).optional(),
    desc: z.string().trim().max(1000).default(""),
    category_ids: z.array(Id).max(MAX_SELLER_CATEGORIES, `Pick at most ${MAX_SELLER_CATEGORIES} categories`).default([]),
  })
  .strict();
/** The parsed body (defaults applied). */
export type AdminCreateUserBody = z.infer<typeof AdminCreateUserBody>;

export const AdminCreateUserAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: AdminUserRow });
export type AdminCreateUserAnswer = z.infer<typeof AdminCreateUserAnswer>;

/* ------------------------------------------------------------------ uploads */

/** One stored image: full-size and thumbnail URLs (both WebP, server-named). */
export const UploadedImage = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type UploadedImage = z.infer<typeof UploadedImage>;

/** `POST /api/uploads` (multipart, one or more `file` parts). */
export const UploadAnswer = z.object({ statusCode: z.number().int(), data: z.array(UploadedImage) });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/* ------------------------------------------------------------------ dashboard */

/** One month of a series: `month` is "YYYY-MM"; `revenue` in naira. */
export const MonthPoint = z.object({ month: z.string(), revenue: z.number(), orders: z.number().int() });
export type MonthPoint = z.infer<typeof MonthPoint>;

/** A line of the payment history (naira). */
export const PaymentRow = z.object({
  _id: z.string(),
  date: z.string(),
  label: z.string(),
  amount: z.number(),
  status: z.string(),
});
export type PaymentRow = z.infer<typeof PaymentRow>;

/** An entry of the recent-activity feed. */
export const ActivityRow = z.object({
  kind: z.enum(["order", "follow", "review", "signup", "transfer"]),
  text: z.string(),
  at: z.string(),
});
export type ActivityRow = z.infer<typeof ActivityRow>;

/** A to-do derived from the data (e.g. "3 order lines to ship"), with the back-office path to act. */
export const TaskRow = z.object({ key: z.string(), title: z.string(), count: z.number().int(), link: z.string() });
export type TaskRow = z.infer<typeof TaskRow>;

/**
 * `GET /api/dashboard` figures. `scope` says whose they are: the signed-in seller's own, or the
 * whole store's (admin). Leads and conversion are defined in ADR 0041.
 */
export const DashboardData = z.object({
  scope: z.enum(["seller", "store"]),
  /** Paid revenue in naira: all time, this calendar month, the previous month. */
  revenue: z.object({ total: z.number(), thisMonth: z.number(), lastMonth: z.number() }),
  /** Paid orders: all time, this month, last month. */
  orders: z.object({ total: z.number().int(), thisMonth: z.number().int(), lastMonth: z.number().int() }),
  /** Leads (ADR 0041) and the share of leads who bought, in percent with one decimal. */
  leads: z.object({ total: z.number().int(), converted: z.number().int(), conversionRate: z.number() }),
  /** Followers (seller) or followers of all sellers (store); `newThisMonth` gained since the 1st. */
  followers: z.object({ total: z.number().int(), newThisMonth: z.number().int() }),
  /** Listing counts. */
  listings: z.object({ products: z.number().int(), services: z.number().int(), outOfStock: z.number().int() }),
  /** Store only (zeros for a seller): new users this month, pending sellers, transfers awaiting confirmation. */
  store: z.object({ newUsersThisMonth: z.number().int(), pendingSellers: z.number().int(), transfersAwaiting: z.number().int() }),
  /** The last 12 calendar months, oldest first, including the current one. */
  monthly: z.array(MonthPoint),
  payments: z.array(PaymentRow),
  activity: z.array(ActivityRow),
  tasks: z.array(TaskRow),
});
export type DashboardData = z.infer<typeof DashboardData>;

export const DashboardAnswer = z.object({ statusCode: z.number().int(), data: DashboardData });
export type DashboardAnswer = z.infer<typeof DashboardAnswer>;
