/**
 * Per-account sign-in lock-out (design brief "Auth"; ADR 0012): 5 wrong passwords in a row lock
 * the account's sign-in for 15 minutes, whatever IP they come from. A successful sign-in or a
 * password reset clears the counter. (Per-IP limits are @fastify/rate-limit on the route.)
 */
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { signInFailures } from "../../db/schema/index.js";

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;

/** True while `userId`'s sign-in is locked. */
export async function isLockedOut(db: Executor, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select({ lockedUntil: signInFailures.lockedUntil }).from(signInFailures).where(eq(signInFailures.userId, userId));
  return !!row?.lockedUntil && row.lockedUntil > now;
}

/** Count one wrong password; the LOCK_AFTER_FAILURES-th in a row locks for LOCK_MS. Answers true when now locked. */
export async function recordSignInFailure(db: Executor, userId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.select().from(signInFailures).where(eq(signInFailures.userId, userId)).for("update");
  // A lock that has run out starts a fresh count.
  const previous = row && !(row.lockedUntil && row.lockedUntil <= now) ? row.failures : 0;
  const failures = previous + 1;
  const lockedUntil = failures >= LOCK_AFTER_FAILURES ? new Date(now.getTime() + LOCK_MS) : null;
  await db
    .insert(signInFailures)
    .values({ userId, failures, lockedUntil, updatedAt: now })
    .onConflictDoUpdate({ target: signInFailures.userId, set: { failures, lockedUntil, updatedAt: now } });
  return lockedUntil !== null;
}

/** Forget the failures of `userId` (successful sign-in, password reset). */
export async function clearSignInFailures(db: Executor, userId: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.userId, userId));
}
