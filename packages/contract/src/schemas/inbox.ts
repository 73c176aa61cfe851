/**
 * The admin's inbox of contact messages (ADR 0183): `GET /api/admin/messages` (newest first,
 * keyset-paginated), `POST /api/admin/messages/{id}/read`, `POST /api/admin/messages/{id}/reply`
 * (the reply goes to the sender by e-mail, through the outbox). Texts are plain text.
 */
import { z } from "zod";
import { MAX_PAGE_SIZE } from "../constants.js";
import { Id } from "./common.js";

/** Limits and messages of the inbox. */
export const INBOX = {
  replyMax: 5000,
  replyEmpty: "Write your reply",
  replyTooLong: "Your reply must be at most 5000 characters",
  notFound: "Message not found",
  replySent: "Reply sent",
  marked: "Marked as read",
} as const;

export const AdminMessagesQuery = z.object({
  /** Only the messages nobody has opened yet. */
  unread: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  /** Opaque cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(200).optional(),
});
export type AdminMessagesQuery = z.infer<typeof AdminMessagesQuery>;

/** An admin's reply, as sent. `by` is null when that admin's account was deleted. */
export const ContactReply = z.object({
  _id: z.string(),
  body: z.string(),
  by: z.object({ _id: z.string(), names: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ContactReply = z.infer<typeof ContactReply>;

/** One contact message with its sender, read state and replies (oldest reply first). */
export const ContactMessageRow = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
  replies: z.array(ContactReply),
  createdAt: z.string(),
});
export type ContactMessageRow = z.infer<typeof ContactMessageRow>;

export const AdminMessagesAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(ContactMessageRow),
  nextCursor: z.string().nullable(),
  /** Unread messages in the whole inbox (the menu's count). */
  unread: z.number().int(),
});
export type AdminMessagesAnswer = z.infer<typeof AdminMessagesAnswer>;

export const AdminMessageParams = z.object({ id: Id });

/** `POST /api/admin/messages/{id}/reply`: the reply's text, sent as plain text. */
export const AdminReplyBody = z.object({
  body: z
    .string({ message: INBOX.replyEmpty })
    .trim()
    .min(1, INBOX.replyEmpty)
    .max(INBOX.replyMax, INBOX.replyTooLong)
    // Line ends kept; the other control characters (but tab) are dropped.
    .transform((s) => s.replace(/\r\n?/g, "\n").replace(/(?![\n\t])\p{Cc}/gu, "")),
});
export type AdminReplyBody = z.input<typeof AdminReplyBody>;

export const AdminMessageAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: ContactMessageRow });
export type AdminMessageAnswer = z.infer<typeof AdminMessageAnswer>;
