/**
 * Outgoing e-mail and SMS. Every message is first written to the `outbox` table (in the caller's
 * transaction, so a one-time code never exists without its message), then delivered after commit
 * by the configured transport: nodemailer for e-mail, an `SmsProvider` for SMS. Without a
 * transport the row simply stays unsent; the dev outbox page shows it (ADR 0011).
 */
import { desc, eq, inArray } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db, Executor } from "../../db/client.js";
import { outbox } from "../../db/schema/index.js";
import type { SmsProvider } from "./sms.js";

export type OutgoingMessage = { channel: "email" | "sms"; recipient: string; subject?: string; body: string };

export type Messenger = {
  /** Write a message to the outbox (no delivery yet); answers its id. */
  queue(db: Executor, message: OutgoingMessage): Promise<string>;
  /** Deliver queued messages by id; failures are recorded on the row, never thrown. */
  deliver(ids: string[]): Promise<void>;
  /** Whether a real transport exists for the channel. */
  hasTransport(channel: "email" | "sms"): boolean;
};

/** Build the messenger on `db` with optional transports. */
export function createMessenger(
  db: Db,
  transports: { mail?: Transporter | null; mailFrom?: string; sms?: SmsProvider | null; log?: (msg: string, err?: unknown) => void },
): Messenger {
  const { mail = null, sms = null, mailFrom = "no-reply@localhost", log = () => {} } = transports;
  return {
    async queue(exec, m) {
      const [row] = await exec
        .insert(outbox)
        .values({ channel: m.channel, recipient: m.recipient, subject: m.subject ?? "", body: m.body })
        .returning({ id: outbox.id });
      return row!.id;
    },
    async deliver(ids) {
      if (!ids.length || (!mail && !sms)) return;
      const rows = await db.select().from(outbox).where(inArray(outbox.id, ids));
      for (const row of rows) {
        if (row.sentAt) continue;
        try {
          if (row.channel === "email" && mail) {
            await mail.sendMail({ from: mailFrom, to: row.recipient, subject: row.subject, text: row.body });
          } else if (row.channel === "sms" && sms) {
            await sms.send({ to: row.recipient, text: row.body });
          } else continue;
          await db.update(outbox).set({ sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
        } catch (err) {
          log(`outbox ${row.channel} delivery failed`, err);
          await db
            .update(outbox)
            .set({ error: String((err as Error)?.message ?? err).slice(0, 500) })
            .where(eq(outbox.id, row.id));
        }
      }
    },
    hasTransport(channel) {
      return channel === "email" ? !!mail : !!sms;
    },
  };
}

/** The latest outbox messages, newest first, optionally only those to `recipient` (dev outbox). */
export async function listOutbox(db: Executor, filter: { recipient?: string; limit: number }) {
  const rows = await db
    .select()
    .from(outbox)
    .where(filter.recipient ? eq(outbox.recipient, filter.recipient) : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(filter.limit);
  return rows.map((r) => ({
    _id: r.id,
    channel: r.channel,
    recipient: r.recipient,
    subject: r.subject,
    body: r.body,
    sentAt: r.sentAt?.toISOString() ?? null,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
  }));
}
