/**
 * One-time codes for 2FA and password reset (design brief "Auth", spec §3 "2FA payload", §9):
 * 6 digits from a CSPRNG, stored only as a salted SHA-256, valid for 10 minutes, single use, and
 * dead after 5 wrong tries. Issuing a new code retires the earlier unused ones of that purpose.
 *
 * `consumeCode` records a wrong try in the database: run it in a transaction that COMMITS even when
 * the code is wrong (throw only after the transaction), or the try counter would roll back.
 */
import { randomInt, timingSafeEqual } from "node:crypto";
import { CODE_LENGTH } from "@market/contract";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { oneTimeCodes } from "../../db/schema/index.js";
import { sha256 } from "./sessions.js";

export type CodePurpose = (typeof oneTimeCodes.$inferSelect)["purpose"];

/** A code lives this long (10 minutes). */
const CODE_TTL_MS = 10 * 60_000;
/** The 5th wrong try kills a code. */
const CODE_MAX_TRIES = 5;
/** A new code is not sent again within this time of the last one (SMS cost, spam). */
const CODE_RESEND_COOLDOWN_MS = 60_000;
/**
 * The nil UUID, which no account has: checking a code against it runs the same query as for a real
 * account and always answers "expired", so an unknown account costs the same work (ADR 0083).
 */
export const NO_ACCOUNT_ID = "00000000-0000-0000-0000-000000000000";

function codeHash(userId: string, purpose: CodePurpose, code: string): string {
  return sha256(`${userId}:${purpose}:${code}`);
}

/** A fresh random code of CODE_LENGTH digits. */
function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, "0");
}

/**
 * Issue a code for `userId` / `purpose` and answer it (to be sent, never stored in clear).
 * With `cooldown`, answers null instead when a code of this purpose was issued less than a minute ago.
 */
export async function issueCode(db: Executor, userId: string, purpose: CodePurpose, { cooldown = false } = {}): Promise<string | null> {
  const now = new Date();
  if (cooldown) {
    const [recent] = await db
      .select({ id: oneTimeCodes.id })
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.userId, userId),
          eq(oneTimeCodes.purpose, purpose),
          isNull(oneTimeCodes.usedAt),
          gt(oneTimeCodes.createdAt, new Date(now.getTime() - CODE_RESEND_COOLDOWN_MS)),
        ),
      )
      .limit(1);
    if (recent) return null;
  }
  await db
    .update(oneTimeCodes)
    .set({ usedAt: now })
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)));
  const code = generateCode();
  await db.insert(oneTimeCodes).values({
    userId,
    purpose,
    codeHash: codeHash(userId, purpose, code),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

/** Outcome of a code check: accepted, wrong (a try was counted), or expired / used / dead / none. */
export type CodeResult = "ok" | "wrong" | "expired";

/** Check `code` against the live code of `userId` / `purpose`; on success it is used up. */
export async function consumeCode(db: Executor, userId: string, purpose: CodePurpose, code: string): Promise<CodeResult> {
  const [row] = await db
    .select()
    .from(oneTimeCodes)
    .where(and(eq(oneTimeCodes.userId, userId), eq(oneTimeCodes.purpose, purpose), isNull(oneTimeCodes.usedAt)))
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1)
    .for("update");
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= CODE_MAX_TRIES) return "expired";
  const given = Buffer.from(codeHash(userId, purpose, code.trim()));
  const stored = Buffer.from(row.codeHash);
  if (given.length === stored.length && timingSafeEqual(given, stored)) {
    await db.update(oneTimeCodes).set({ usedAt: new Date() }).where(eq(oneTimeCodes.id, row.id));
    return "ok";
  }
  await db
    .update(oneTimeCodes)
    .set({ attempts: row.attempts + 1 })
    .where(eq(oneTimeCodes.id, row.id));
  return "wrong";
}
