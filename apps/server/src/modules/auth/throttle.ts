/**
 * Sign-in throttle (ADR 0083, OWASP ASVS 5.0 V6 "authentication"; NIST SP 800-63B §5.2.2).
 * It replaces a hard per-account lock-out that any stranger could trigger.
 *
 * - Every password check (sign-in, and the current password of a password change) first takes a
 *   try for its account and source in ONE atomic statement (`INSERT ... ON CONFLICT DO UPDATE
 *   ... WHERE ... RETURNING`). A try that gets no row back is refused (429 + Retry-After) without
 *   checking the password, so a parallel burst gets at most the allowed number of checks.
 * - Per account and source (hashed client address; an IPv6 address counts by its /64): the
 *   PER_SOURCE_LIMIT-th try without a success starts a wait of BASE_DELAY_MS, and each further
 *   try doubles it, up to MAX_DELAY_MS.
 * - Per account, for sources it does not know: the same schedule after PER_ACCOUNT_LIMIT tries,
 *   a ceiling against guessing spread over many addresses. A source the account signed in from in
 *   the last KNOWN_SOURCE_DAYS is never held back by this row, so strangers' failures do not lock
 *   the owner out of the devices they use.
 * - The right password forgets its source's tries and remembers the source; a password reset or
 *   change forgets every try of the account. Tries idle for FORGET_AFTER_MS start again from zero.
 * - A login that matches no account is throttled the same way under the key `login:<sha256>`, so
 *   the answers never tell whether an account exists.
 */
import { createHash } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { and, eq, gt, lt, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { signInKnownSources, signInThrottle } from "../../db/schema/index.js";

/** Tries per account and source before the waits start. */
export const PER_SOURCE_LIMIT = 5;
/** Tries per account from sources it does not know before the waits start. */
export const PER_ACCOUNT_LIMIT = 20;
/** First wait (1 minute); each further try doubles it. */
const BASE_DELAY_MS = 60_000;
/** Longest wait (1 hour), so an owner who shares an address with a guesser waits at most this. */
const MAX_DELAY_MS = 60 * 60_000;
/** Tries with no new try for this long (24 hours) are forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** A source stays known this long (90 days) after its last successful sign-in. */
const KNOWN_SOURCE_DAYS = 90;
/** The account-wide row's source key. */
const ACCOUNT_WIDE = "*";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The first four groups of an IPv6 address (its /64 network), zero-padded, e.g. "2001:0db8:0000:0001". */
function ipv6Network(ip: string): string {
  const address = ip.split("%")[0]!;
  const [head = "", tail] = address.split("::");
  const groups = (part: string) => (part ? part.split(":").flatMap((g) => (g.includes(".") ? ["0", "0"] : [g])) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return all
    .slice(0, 4)
    .map((g) => g.padStart(4, "0").toLowerCase())
    .join(":");
}

/**
 * The throttle's key for a client address: a SHA-256, so no address is stored. An IPv4-mapped
 * IPv6 address counts as its IPv4 address; any other IPv6 address by its /64, which one home or
 * phone usually holds whole (per-address keys would give such a client billions of fresh sources).
 */
export function throttleSource(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped || isIPv4(ip)) return sha256(`ip:${mapped ?? ip}`);
  if (isIPv6(ip.split("%")[0]!)) return sha256(`ip6:${ipv6Network(ip)}`);
  return sha256(`ip:${ip}`);
}

/** The account key of a login (normalised e-mail or phone) that matches no account. */
export function unknownLoginKey(normalizedLogin: string): string {
  return `login:${sha256(normalizedLogin)}`;
}

/** The wait after the `attempt`-th try of a row whose limit is `limit`, in ms (SQL expression). */
function waitAfter(attempt: ReturnType<typeof sql>, limit: number) {
  return sql`case when ${attempt} >= ${limit} then least(${BASE_DELAY_MS}::float8 * power(2, ${attempt} - ${limit}), ${MAX_DELAY_MS}::float8) else null end`;
}

/**
 * Take one try on the row (`accountKey`, `source`) whose waits start at the `limit`-th try.
 * Answers null when the try may go on, or the seconds to wait. One statement: concurrent tries on
 * one row are serialised by PostgreSQL's row lock and each sees the count the previous one left.
 */
async function takeTry(db: Executor, accountKey: string, source: string, limit: number, now: Date): Promise<number | null> {
  const t = signInThrottle;
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const next = sql`(case when ${t.updatedAt} < ${forgetBefore} then 1 else ${t.attempts} + 1 end)`;
  const wait = waitAfter(next, limit);
  const taken = await db
    .insert(t)
    .values({ accountKey, source, attempts: 1, retryAt: null, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.accountKey, t.source],
      set: {
        attempts: next,
        retryAt: sql`case when ${wait} is null then null else ${now}::timestamptz + make_interval(secs => ${wait} / 1000) end`,
        updatedAt: now,
      },
      setWhere: or(sql`${t.retryAt} is null`, lte(t.retryAt, now)),
    })
    .returning({ attempts: t.attempts });
  if (taken.length) return null;
  const [row] = await db
    .select({ retryAt: t.retryAt })
    .from(t)
    .where(and(eq(t.accountKey, accountKey), eq(t.source, source)));
  return Math.max(1, Math.ceil(((row?.retryAt?.getTime() ?? now.getTime()) - now.getTime()) / 1000));
}

/** Whether `userId` signed in from `source` within KNOWN_SOURCE_DAYS. */
async function isKnownSource(db: Executor, userId: string, source: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000);
  const [row] = await db
    .select({ source: signInKnownSources.source })
    .from(signInKnownSources)
    .where(and(eq(signInKnownSources.userId, userId), eq(signInKnownSources.source, source), gt(signInKnownSources.lastSignInAt, since)));
  return !!row;
}

/** Who is trying: the account key (user id, or `unknownLoginKey`), the user id when the account exists, and the source. */
export type ThrottleSubject = { accountKey: string; userId: string | null; source: string };

/**
 * Count one password check for `subject` BEFORE the password is verified. Answers null when the
 * check may run, or the whole seconds to wait (the caller answers 429 with Retry-After and does
 * not check the password). The try stays counted until `recordSuccess` or `forgetAccount`.
 */
export async function takeAttempt(db: Executor, subject: ThrottleSubject, now = new Date()): Promise<number | null> {
  const known = subject.userId ? await isKnownSource(db, subject.userId, subject.source, now) : false;
  const wait = await takeTry(db, subject.accountKey, subject.source, PER_SOURCE_LIMIT, now);
  if (wait !== null || known) return wait;
  return takeTry(db, subject.accountKey, ACCOUNT_WIDE, PER_ACCOUNT_LIMIT, now);
}

/**
 * The right password from `source`: forget that source's tries and remember it as known. The
 * account-wide row is left alone: one success of the owner must not hand a guesser spread over
 * many addresses a fresh allowance.
 */
export async function recordSuccess(db: Executor, userId: string, source: string, now = new Date()): Promise<void> {
  await db.delete(signInThrottle).where(and(eq(signInThrottle.accountKey, userId), eq(signInThrottle.source, source)));
  await db
    .insert(signInKnownSources)
    .values({ userId, source, lastSignInAt: now })
    .onConflictDoUpdate({ target: [signInKnownSources.userId, signInKnownSources.source], set: { lastSignInAt: now } });
}

/** Forget every try on `userId`'s account (password reset or change: old guesses no longer matter). */
export async function forgetAccount(db: Executor, userId: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.accountKey, userId));
}

/** Delete tries idle past FORGET_AFTER_MS and sources unknown for KNOWN_SOURCE_DAYS; answers the rows deleted. */
export async function pruneThrottle(db: Executor, now = new Date()): Promise<number> {
  const idle = await db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.updatedAt, new Date(now.getTime() - FORGET_AFTER_MS)),
        or(sql`${signInThrottle.retryAt} is null`, lte(signInThrottle.retryAt, now)),
      ),
    )
    .returning({ k: signInThrottle.accountKey });
  const stale = await db
    .delete(signInKnownSources)
    .where(lt(signInKnownSources.lastSignInAt, new Date(now.getTime() - KNOWN_SOURCE_DAYS * 86_400_000)))
    .returning({ u: signInKnownSources.userId });
  return idle.length + stale.length;
}
