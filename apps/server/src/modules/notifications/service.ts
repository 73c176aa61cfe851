/**
 * Notifications (ADRs 0181, 0182): `notify` records one event's messages for its recipients in the
 * caller's transaction (a rolled-back event makes none): a line in each recipient's in-app list and
 * an e-mail and an SMS in the outbox, each only on the channels the recipient chose for the kind.
 * The event's key makes each (event, recipient, channel) unique, so the same event recorded twice
 * (a retried request, two processes) adds nothing. The outbox is delivered after commit by the
 * messenger and the outbox-delivery job. Also the list, the unread count, marking read and the
 * preferences behind `/api/notifications*`.
 */
import {
  type AccountType,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_MESSAGES,
  type NotificationChannel,
  type NotificationItem,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferenceRow,
  notificationKindsFor,
} from "@market/contract";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { notificationPreferences, notifications, users } from "../../db/schema/index.js";
import { badRequest } from "../../lib/errors.js";
import { newestFirst } from "../../lib/keyset.js";
import { queueOutbox } from "../messages/service.js";

let storeUrl = "";

/** The store's address for the links in e-mails and SMS (PUBLIC_URL, without a trailing slash); set once at start. */
export function setNotificationStoreUrl(url: string): void {
  storeUrl = url.replace(/\/+$/, "");
}

/** One event's message: plain text built from stored data (never HTML). */
export type NotifyMessage = {
  /** The in-app line (short). */
  text: string;
  /** The SMS: short, plain words, with the link appended. */
  sms: string;
  subject: string;
  /** The e-mail's body without greeting or link (both added here). */
  email: string;
  /** A path of the app the notification opens. */
  url: string;
};

export type NotifyEvent = {
  kind: NotificationKind;
  /** Unique per event, e.g. `line_shipped:<line id>`. */
  event: string;
  userIds: readonly string[];
  message: NotifyMessage;
};

type Recipient = {
  id: string;
  names: string;
  email: string;
  phone: string;
  in_app: boolean | null;
  em: boolean | null;
  sms: boolean | null;
};

/** The channels `r` gets `kind` by: its choice, else the kind's defaults; security: always every channel. */
function channelsOf(kind: NotificationKind, r: Pick<Recipient, "in_app" | "em" | "sms">): Record<NotificationChannel, boolean> {
  const info = NOTIFICATION_KIND_INFO[kind];
  if (info.locked) return info.defaults;
  return { in_app: r.in_app ?? info.defaults.in_app, email: r.em ?? info.defaults.email, sms: r.sms ?? info.defaults.sms };
}

const hello = (names: string) => `Hello ${names.split(" ")[0] || names},`;

/**
 * Record `event` for its recipients inside `tx`. Answers the ids of the outbox rows it queued (to
 * deliver after commit; the outbox-delivery job sends them anyway).
 */
export async function notify(tx: Executor, event: NotifyEvent): Promise<string[]> {
  const ids = [...new Set(event.userIds)];
  if (ids.length === 0) return [];
  const found = await tx.execute<Recipient>(sql`
    select u.id, u.names, u.email, u.phone, p.in_app, p.email as em, p.sms
    from users u left join notification_preferences p on p.user_id = u.id and p.kind = ${event.kind}
    where u.id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by u.id`);
  const m = event.message;
  const link = `${storeUrl}${m.url}`;
  const queued: string[] = [];
  for (const r of found.rows) {
    const on = channelsOf(event.kind, r);
    if (on.in_app) {
      await tx
        .insert(notifications)
        .values({ userId: r.id, kind: event.kind, eventKey: event.event, text: m.text, url: m.url })
        .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] });
    }
    if (on.email && r.email) {
      const id = await queueOutbox(tx, {
        channel: "email",
        recipient: r.email,
        subject: `Naija Market: ${m.subject}`,
        body: `${hello(r.names)}\n\n${m.email}\n\n${link}\n\nNaija Market`,
        dedupeKey: `${event.event}:${r.id}:email`,
      });
      if (id) queued.push(id);
    }
    if (on.sms && r.phone) {
      const id = await queueOutbox(tx, {
        channel: "sms",
        recipient: r.phone,
        // "₦" is outside the GSM alphabet: one such character would halve what an SMS can carry.
        body: `Naija Market: ${m.sms.replace(/₦/g, "NGN ")} ${link}`,
        dedupeKey: `${event.event}:${r.id}:sms`,
      });
      if (id) queued.push(id);
    }
  }
  return queued;
}

/** The ids of every active admin (for the admins' notifications). */
export async function adminIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accType, "admin"), eq(users.active, true)));
  return rows.map((r) => r.id);
}

/* ------------------------------------------------------------------------------------------- */
/* The list                                                                                     */
/* ------------------------------------------------------------------------------------------- */

const LIST = newestFirst(notifications.createdAt, "timestamptz", notifications.id);

/** How many of the account's notifications are unread. */
export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/**
 * The account's notifications, newest first (keyset over created_at, id), and the unread count.
 * @throws 400 "Invalid cursor" on a forged cursor.
 */
export async function listNotifications(
  db: Executor,
  userId: string,
  page: { limit: number; cursor?: string },
): Promise<{ items: NotificationItem[]; unread: number; nextCursor: string | null }> {
  const fetched = await db
    .select({ n: notifications, ...LIST.columns })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), LIST.after(page.cursor)))
    .orderBy(...LIST.order)
    .limit(page.limit + 1);
  const { rows, nextCursor } = LIST.page(fetched, page.limit);
  return {
    items: rows.map(({ n }) => ({
      _id: n.id,
      kind: n.kind as NotificationKind,
      text: n.text,
      url: n.url,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
    unread: await unreadCount(db, userId),
    nextCursor,
  };
}

/** Mark the account's notifications `ids` (others' ids are ignored), or all of them, read; answers the unread count left. */
export async function markRead(db: Executor, userId: string, which: { ids: string[] } | { all: true }): Promise<number> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        "ids" in which ? inArray(notifications.id, which.ids) : undefined,
      ),
    );
  return unreadCount(db, userId);
}

/* ------------------------------------------------------------------------------------------- */
/* Preferences                                                                                  */
/* ------------------------------------------------------------------------------------------- */

/** The account's channels for each kind it is told about (its choice, else the defaults; security locked on). */
export async function getPreferences(db: Executor, user: { id: string; accType: AccountType }): Promise<NotificationPreferenceRow[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id));
  const chosen = new Map(rows.map((r) => [r.kind, r]));
  return notificationKindsFor(user.accType).map((kind) => {
    const info = NOTIFICATION_KIND_INFO[kind];
    const r = chosen.get(kind);
    const on = channelsOf(kind, { in_app: r?.inApp ?? null, em: r?.email ?? null, sms: r?.sms ?? null });
    return { kind, label: info.label, locked: !!info.locked, ...on };
  });
}

/**
 * Save the account's choice for the given kinds (the others keep theirs), in one statement.
 * @throws 400 a security kind turned off (nothing is saved), or a kind this account is not told about.
 */
export async function setPreferences(
  db: Executor,
  user: { id: string; accType: AccountType },
  items: NotificationPreference[],
): Promise<NotificationPreferenceRow[]> {
  const allowed = new Set(notificationKindsFor(user.accType));
  for (const item of items) {
    if (NOTIFICATION_KIND_INFO[item.kind].locked && !(item.in_app && item.email && item.sms)) {
      throw badRequest(NOTIFICATION_MESSAGES.securityLocked, { items: NOTIFICATION_MESSAGES.securityLocked });
    }
    if (!allowed.has(item.kind)) {
      const message = `Your account does not get "${NOTIFICATION_KIND_INFO[item.kind].label}" notifications`;
      throw badRequest(message, { items: message });
    }
  }
  // A kind named twice: the last choice counts (one row per kind in the statement).
  const kept = [...new Map(items.map((i) => [i.kind, i])).values()].filter((i) => !NOTIFICATION_KIND_INFO[i.kind].locked);
  if (kept.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(kept.map((i) => ({ userId: user.id, kind: i.kind, inApp: i.in_app, email: i.email, sms: i.sms })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: sql`excluded.in_app`, email: sql`excluded.email`, sms: sql`excluded.sms`, updatedAt: sql`now()` },
      });
  }
  return getPreferences(db, user);
}
