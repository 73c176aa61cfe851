/**
 * Notifications (issue "everyone is told at every step"; ADRs 0181, 0182): the kinds of event an
 * account is told about, the channels (in-app list, e-mail, SMS), each account's choice of channels
 * per kind, and the API's shapes (`GET /api/notifications`, `POST /api/notifications/read`,
 * `GET/PUT /api/notifications/preferences`). Security messages (one-time codes, password changes)
 * cannot be turned off.
 */
import { z } from "zod";
import type { AccountType } from "../constants.js";
import { MAX_PAGE_SIZE } from "../constants.js";

/** Every kind of notification, in the order the preferences screen lists them. */
export const NOTIFICATION_KINDS = [
  "security",
  "order_placed",
  "payment_confirmed",
  "payment_rejected",
  "line_shipped",
  "line_delivered",
  "refund_made",
  "seller_review",
  "new_order",
  "payout_paid",
  "payout_failed",
  "payout_requested",
  "transfer_flagged",
  "line_cancelled",
  "problem_reported",
  "problem_decided",
  "problem_to_decide",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The channels a notification can go by. */
export const NOTIFICATION_CHANNELS = ["in_app", "email", "sms"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Who a kind is for: every account (as a buyer), sellers, or admins. */
type Audience = "everyone" | "seller" | "admin";

type KindInfo = {
  /** The preferences screen's label. */
  label: string;
  audience: Audience;
  /** The channels on until the account changes them. */
  defaults: Record<NotificationChannel, boolean>;
  /** Security messages: always sent, the choice cannot be changed. */
  locked?: boolean;
};

const ALL_ON = { in_app: true, email: true, sms: true };
const NO_SMS = { in_app: true, email: true, sms: false };

/** Label, audience and default channels of each kind (ADR 0182). */
export const NOTIFICATION_KIND_INFO: Record<NotificationKind, KindInfo> = {
  security: { label: "Security: sign-in codes and password changes", audience: "everyone", defaults: ALL_ON, locked: true },
  order_placed: { label: "Order placed: what to transfer and by when", audience: "everyone", defaults: ALL_ON },
  payment_confirmed: { label: "Payment confirmed", audience: "everyone", defaults: ALL_ON },
  payment_rejected: { label: "Payment not accepted", audience: "everyone", defaults: ALL_ON },
  line_shipped: { label: "Item shipped", audience: "everyone", defaults: ALL_ON },
  line_delivered: { label: "Item delivered", audience: "everyone", defaults: NO_SMS },
  refund_made: { label: "Refund made", audience: "everyone", defaults: NO_SMS },
  seller_review: { label: "Seller account approved or not", audience: "seller", defaults: ALL_ON },
  new_order: { label: "New order to ship", audience: "seller", defaults: ALL_ON },
  payout_paid: { label: "Payout paid", audience: "seller", defaults: ALL_ON },
  payout_failed: { label: "Payout failed", audience: "seller", defaults: ALL_ON },
  payout_requested: { label: "Payout requested by a seller", audience: "admin", defaults: NO_SMS },
  transfer_flagged: { label: "Bank transfer not confirmed in time", audience: "admin", defaults: NO_SMS },
  line_cancelled: { label: "An item of your order cancelled and refunded", audience: "everyone", defaults: ALL_ON },
  problem_reported: { label: "A buyer reported a problem to answer", audience: "seller", defaults: ALL_ON },
  problem_decided: { label: "A problem with an order decided", audience: "everyone", defaults: ALL_ON },
  problem_to_decide: { label: "A dispute waiting for a decision", audience: "admin", defaults: NO_SMS },
};

/** The kinds an account of `accType` is told about (and sees on its preferences screen). */
export function notificationKindsFor(accType: AccountType): NotificationKind[] {
  const audience: Audience | null = accType === "business" ? "seller" : accType === "admin" ? "admin" : null;
  return NOTIFICATION_KINDS.filter((k) => {
    const a = NOTIFICATION_KIND_INFO[k].audience;
    return a === "everyone" || a === audience;
  });
}

/** Messages of the notification answers, defined once. */
export const NOTIFICATION_MESSAGES = {
  securityLocked: "Security messages (sign-in codes and password changes) cannot be turned off",
  idsOrAll: "Send the ids to mark read, or all: true",
  marked: "Marked as read",
  saved: "Notification settings saved",
} as const;

/** One notification of the in-app list. `text` is plain text; `url` a path of the app. */
export const NotificationItem = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  url: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** `GET /api/notifications`: newest first, keyset-paginated. */
export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationsAnswer = z.object({
  statusCode: z.number().int(),
  data: z.object({ items: z.array(NotificationItem), unread: z.number().int() }),
  /** Cursor for the next page, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type NotificationsAnswer = z.infer<typeof NotificationsAnswer>;

/** `GET /api/notifications/unread`: the bell's count alone. */
export const UnreadAnswer = z.object({ statusCode: z.number().int(), data: z.object({ unread: z.number().int() }) });
export type UnreadAnswer = z.infer<typeof UnreadAnswer>;

/** `POST /api/notifications/read`: `{ ids }` (at most 100, the caller's own) or `{ all: true }`. */
export const NotificationsReadBody = z.union(
  [z.object({ ids: z.array(z.string().uuid()).min(1).max(100) }).strict(), z.object({ all: z.literal(true) }).strict()],
  { message: NOTIFICATION_MESSAGES.idsOrAll },
);
export type NotificationsReadBody = z.infer<typeof NotificationsReadBody>;

export const NotificationsReadAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ unread: z.number().int() }),
});
export type NotificationsReadAnswer = z.infer<typeof NotificationsReadAnswer>;

/** One kind's channels as the account chose them (`locked`: security, always on). */
export const NotificationPreference = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  in_app: z.boolean(),
  email: z.boolean(),
  sms: z.boolean(),
});
export type NotificationPreference = z.infer<typeof NotificationPreference>;

export const NotificationPreferenceRow = NotificationPreference.extend({ label: z.string(), locked: z.boolean() });
export type NotificationPreferenceRow = z.infer<typeof NotificationPreferenceRow>;

export const NotificationPreferencesAnswer = z.object({
  statusCode: z.number().int(),
  data: z.object({ items: z.array(NotificationPreferenceRow) }),
});
export type NotificationPreferencesAnswer = z.infer<typeof NotificationPreferencesAnswer>;

/** `PUT /api/notifications/preferences`: the kinds to change (others keep their choice). */
export const NotificationPreferencesBody = z.object({
  items: z.array(NotificationPreference).min(1).max(NOTIFICATION_KINDS.length),
});
export type NotificationPreferencesBody = z.infer<typeof NotificationPreferencesBody>;

export const NotificationPreferencesUpdateAnswer = NotificationPreferencesAnswer.extend({ message: z.string() });
export type NotificationPreferencesUpdateAnswer = z.infer<typeof NotificationPreferencesUpdateAnswer>;
