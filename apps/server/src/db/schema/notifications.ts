/**
 * In-app notifications and each account's choice of channels per kind (ADRs 0181, 0182). `kind` is
 * one of the contract's NOTIFICATION_KINDS (text, checked by the code that writes it).
 */
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.js";

/**
 * One line of an account's notification list. `event_key` names the event (e.g.
 * `line_shipped:<line id>`): unique per account, so one event never lists twice.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    eventKey: text("event_key").notNull(),
    text: text("text").notNull(),
    url: text("url").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notifications_event_uq").on(t.userId, t.eventKey),
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** An account's channels for one kind; no row: the kind's defaults (contract NOTIFICATION_KIND_INFO). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull(),
    email: boolean("email").notNull(),
    sms: boolean("sms").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
