/**
 * The admins' inbox of contact messages (ADR 0183): the list newest first (keyset on created_at,
 * id), the read marker, and the reply, which is e-mailed to the sender through the outbox (queued
 * in the reply's transaction, delivered after commit) and kept under the message with who sent it
 * and when. Every text is plain text: the e-mail is sent as text only and screens draw it as text.
 */
import type { AdminMessagesQuery, ContactMessageRow, ContactReply } from "@market/contract";
import { INBOX, STORE_CONTACT } from "@market/contract";
import { and, asc, count, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Executor } from "../../db/client.js";
import { contactMessages, contactReplies, users } from "../../db/schema/index.js";
import { notFound } from "../../lib/errors.js";
import { newestFirst } from "../../lib/keyset.js";
import type { Messenger } from "../messages/service.js";

/** Messages newest first (served by contact_messages_created_idx); ties by id. */
const MESSAGES = newestFirst(contactMessages.createdAt, "timestamptz", contactMessages.id);

const selectMessages = (db: Executor) =>
  db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      subject: contactMessages.subject,
      message: contactMessages.message,
      readAt: contactMessages.readAt,
      createdAt: contactMessages.createdAt,
      ...MESSAGES.columns,
    })
    .from(contactMessages);
type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

/** The replies of the listed messages, oldest first, in one query. */
async function repliesOf(db: Executor, ids: string[]): Promise<Map<string, ContactReply[]>> {
  const byMessage = new Map<string, ContactReply[]>();
  if (!ids.length) return byMessage;
  const rows = await db
    .select({
      id: contactReplies.id,
      messageId: contactReplies.messageId,
      body: contactReplies.body,
      createdAt: contactReplies.createdAt,
      adminId: users.id,
      adminNames: users.names,
    })
    .from(contactReplies)
    .leftJoin(users, eq(users.id, contactReplies.adminId))
    .where(inArray(contactReplies.messageId, ids))
    .orderBy(asc(contactReplies.messageId), asc(contactReplies.createdAt), asc(contactReplies.id));
  for (const r of rows) {
    const list = byMessage.get(r.messageId) ?? [];
    list.push({
      _id: r.id,
      body: r.body,
      by: r.adminId && r.adminNames !== null ? { _id: r.adminId, names: r.adminNames } : null,
      createdAt: r.createdAt.toISOString(),
    });
    byMessage.set(r.messageId, list);
  }
  return byMessage;
}

async function toRows(db: Executor, rows: MessageRow[]): Promise<ContactMessageRow[]> {
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    subject: r.subject,
    message: r.message,
    read: r.readAt !== null,
    readAt: r.readAt?.toISOString() ?? null,
    replies: replies.get(r.id) ?? [],
    createdAt: r.createdAt.toISOString(),
  }));
}

/** One page of the inbox, newest first, and how many messages are unread in the whole inbox. */
export async function listMessages(
  db: Executor,
  query: AdminMessagesQuery,
): Promise<{ data: ContactMessageRow[]; nextCursor: string | null; unread: number }> {
  const rows = await selectMessages(db)
    .where(and(query.unread ? isNull(contactMessages.readAt) : undefined, MESSAGES.after(query.cursor)))
    .orderBy(...MESSAGES.order)
    .limit(query.limit + 1);
  const [unread] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt));
  const page = MESSAGES.page(rows, query.limit);
  return { data: await toRows(db, page.rows), nextCursor: page.nextCursor, unread: unread?.n ?? 0 };
}

/** One message in API shape. @throws 404 unknown id. */
async function getMessage(db: Executor, id: string): Promise<ContactMessageRow> {
  const [row] = await selectMessages(db).where(eq(contactMessages.id, id));
  if (!row) throw notFound(INBOX.notFound);
  return (await toRows(db, [row]))[0]!;
}

/**
 * Mark a message read by `adminId` (opening it); a message already read keeps its first reader and
 * time. Answers the message. @throws 404 unknown id.
 */
export async function markRead(db: Executor, adminId: string, id: string): Promise<ContactMessageRow> {
  await db
    .update(contactMessages)
    .set({ readAt: new Date(), readBy: adminId })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.readAt)));
  return getMessage(db, id);
}

/** The reply's e-mail: the admin's text, then the sender's message quoted, in plain text. */
function replyEmail(m: { name: string; email: string; subject: string; message: string; createdAt: Date }, reply: string) {
  const when = m.createdAt.toLocaleDateString("en-NG", { day: "numeric", month: "long", year: "numeric", timeZone: "Africa/Lagos" });
  const quoted = m.message
    ? `\n\nYour message of ${when}:\n${m.message
        .split("\n")
        .map((l) => `> ${l}`)
        .join("\n")}`
    : "";
  return {
    channel: "email" as const,
    recipient: m.email,
    subject: `Re: ${m.subject || "Your message to Naija Market"}`,
    body: `Hello ${m.name},\n\n${reply}${quoted}\n\nNaija Market\n${STORE_CONTACT.email}`,
  };
}

/**
 * Reply to a message (ADR 0183): in one transaction the message is locked and marked read, the
 * reply stored and its e-mail queued in the outbox; the e-mail is delivered after commit (a failing
 * SMTP server leaves it in the outbox with its error, never loses the reply). Answers the message
 * with its replies. @throws 404 unknown id.
 */
export async function replyToMessage(db: Db, messenger: Messenger, adminId: string, id: string, body: string): Promise<ContactMessageRow> {
  const outboxId = await db.transaction(async (tx) => {
    const [m] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for("update");
    if (!m) throw notFound(INBOX.notFound);
    if (!m.readAt) await tx.update(contactMessages).set({ readAt: new Date(), readBy: adminId }).where(eq(contactMessages.id, id));
    const queued = await messenger.queue(tx, replyEmail(m, body));
    await tx.insert(contactReplies).values({ messageId: id, adminId, body, outboxId: queued });
    return queued;
  });
  void messenger.deliver([outboxId]);
  return getMessage(db, id);
}
