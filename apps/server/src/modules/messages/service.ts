/**
 * Outgoing e-mail and SMS. Every message is first written to the `outbox` table (in the caller's
 * transaction, so a one-time code never exists without its message), then delivered after commit
 * by the configured transport: nodemailer for e-mail, an `SmsProvider` for SMS. Without a
 * transport the row simply stays unsent; the dev outbox page shows it (ADR 0011). A failed delivery
 * is tried again later by the outbox-delivery job with a growing delay, and a row is claimed by one
 * process at a time, so nothing is lost and nothing is sent twice (ADR 0181).
 */
import { desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db, Executor } from "../../db/client.js";
import { outbox } from "../../db/schema/index.js";
import type { SmsProvider } from "./sms.js";

export type OutgoingMessage = {
  channel: "email" | "sms";
  recipient: string;
  subject?: string;
  body: string;
  /** Unique per (event, recipient, channel): queuing the same key again adds nothing (ADR 0181). */
  dedupeKey?: string;
};

export type Messenger = {
  /**
   * Write a message to the outbox (no delivery yet); answers its id, or null when a message with
   * the same `dedupeKey` is already queued.
   */
  queue(db: Executor, message: OutgoingMessage): Promise<string>;
  queue(db: Executor, message: OutgoingMessage & { dedupeKey: string }): Promise<string | null>;
  /** Deliver queued messages by id (those no other process holds); failures are recorded on the row, never thrown. */
  deliver(ids: readonly string[]): Promise<void>;
  /**
   * Deliver the messages that are due (never sent, their next attempt time reached, held by no
   * process), at most `limit`: the outbox-delivery job. Answers how many were sent.
   */
  deliverDue(limit?: number): Promise<number>;
  /** Whether a real transport exists for the channel. */
  hasTransport(channel: "email" | "sms"): boolean;
};

/**
 * Write a message to the outbox in `exec` (the caller's transaction): its id, or null when a message
 * with the same `dedupeKey` is already there.
 */
export async function queueOutbox(exec: Executor, m: OutgoingMessage): Promise<string | null> {
  const [row] = await exec
    .insert(outbox)
    .values({ channel: m.channel, recipient: m.recipient, subject: m.subject ?? "", body: m.body, dedupeKey: m.dedupeKey ?? null })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  return row?.id ?? null;
}

/** How long a delivering process holds a claimed row before another may take it (a process that died mid-send). */
const CLAIM_SECONDS = 120;

/** The wait before attempt `attempts + 1` after a failure: 30 s doubling, at most an hour (ADR 0181). */
function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

type OutboxRow = { id: string; channel: "email" | "sms"; recipient: string; subject: string; body: string; attempts: number };

/** Build the messenger on `db` with optional transports. */
export function createMessenger(
  db: Db,
  transports: { mail?: Transporter | null; mailFrom?: string; sms?: SmsProvider | null; log?: (msg: string, err?: unknown) => void },
): Messenger {
  const { mail = null, sms = null, mailFrom = "no-reply@localhost", log = () => {} } = transports;
  const channels = [...(mail ? ["email"] : []), ...(sms ? ["sms"] : [])];

  /**
   * Claim unsent rows for this process: `FOR UPDATE SKIP LOCKED` picks rows no other transaction is
   * claiming, and `claimed_until` keeps them this process's while it sends, so two processes (or
   * the request's own delivery and the job) never send one row twice.
   */
  async function claim(where: SQL, limit: number): Promise<OutboxRow[]> {
    if (channels.length === 0) return [];
    const claimed = await db.execute<OutboxRow>(sql`
      update outbox set claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
      where id in (
        select id from outbox
        where sent_at is null and (claimed_until is null or claimed_until < now())
          and channel::text in (${sql.join(
            channels.map((c) => sql`${c}`),
            sql`, `,
          )})
          and ${where}
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
      returning id, channel, recipient, subject, body, attempts`);
    return claimed.rows;
  }

  async function send(rows: OutboxRow[]): Promise<number> {
    let sent = 0;
    for (const row of rows) {
      try {
        if (row.channel === "email" && mail) {
          await mail.sendMail({ from: mailFrom, to: row.recipient, subject: row.subject, text: row.body });
        } else if (row.channel === "sms" && sms) {
          await sms.send({ to: row.recipient, text: row.body });
        }
        await db.update(outbox).set({ sentAt: new Date(), error: null, claimedUntil: null }).where(eq(outbox.id, row.id));
        sent++;
      } catch (err) {
        log(`outbox ${row.channel} delivery failed`, err);
        const attempts = row.attempts + 1;
        await db
          .update(outbox)
          .set({
            error: String((err as Error)?.message ?? err).slice(0, 500),
            attempts,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
            claimedUntil: null,
          })
          .where(eq(outbox.id, row.id));
      }
    }
    return sent;
  }

  return {
    queue: queueOutbox as Messenger["queue"],
    async deliver(ids) {
      if (!ids.length || channels.length === 0) return;
      try {
        await send(await claim(inArray(outbox.id, [...ids]), ids.length));
      } catch (err) {
        // The job delivers them later.
        log("outbox delivery failed", err);
      }
    },
    async deliverDue(limit = 50) {
      return send(await claim(sql`next_attempt_at <= now()`, limit));
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
