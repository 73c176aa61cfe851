/** Outbox (mail/SMS not yet sent or without a transport), uploads, contact messages and idempotency keys. */
import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { outboxChannel } from "./enums.js";
import { users } from "./users.js";

export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    channel: outboxChannel("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    body: text("body").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The event, recipient and channel a notification was queued for (`<event key>:<user id>:<channel>`):
     * unique, so one event never queues the same message twice (ADR 0181). Null for other messages.
     */
    dedupeKey: text("dedupe_key").unique("outbox_dedupe_key_uq"),
    /** Failed delivery attempts so far, and when the delivery job may try again (backoff). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A delivering process holds the row until then; after it (the process died) another may take it. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  },
  (t) => [index("outbox_created_idx").on(t.createdAt.desc()), index("outbox_due_idx").on(t.nextAttemptAt).where(sql`sent_at is null`)],
);

/** A stored, re-encoded image. `key` is server-generated; the file lives under the uploads dir. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id").references(() => users.id, { onDelete: "set null" }),
    key: text("key").notNull().unique(),
    mime: text("mime").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId)],
);

/** A message sent from the contact page, read and answered by the admins in the back office inbox. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164 when the sender gave one. */
    phone: text("phone"),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull().default(""),
    /** When an admin first opened (or answered) it; null = unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    readBy: uuid("read_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("contact_messages_unread_idx").on(t.createdAt).where(sql`${t.readAt} is null`),
  ],
);

/** An admin's answer to a contact message: the text as sent by e-mail (through the outbox), who sent it and when. */
export const contactReplies = pgTable(
  "contact_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    /** The e-mail of this reply in the outbox. */
    outboxId: uuid("outbox_id").references(() => outbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contact_replies_message_idx").on(t.messageId, t.createdAt)],
);

/**
 * One `Idempotency-Key` of one account (ADR 0155): claimed before the write runs (`status_code`
 * null while it runs), then the answer it gave. The primary key makes two requests with the same
 * key in any two processes claim it once. Rows older than IDEMPOTENCY_KEY_TTL_MS are free again and
 * swept by the idempotency-prune job.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of the method, route and canonical JSON body: the same key with another request is a 422. */
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    contentType: text("content_type"),
    body: text("body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] }), index("idempotency_keys_created_idx").on(t.createdAt)],
);
