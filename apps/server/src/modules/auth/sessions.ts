/**
 * Opaque bearer sessions (design brief "Auth"): a token is 32 random bytes (256 bits) in base64url;
 * only its SHA-256 is stored, with an expiry. Logout, password change and a block revoke them; a
 * revocation also reaches the session cache of every store process (plugins/auth.ts, ADR 0100).
 */
import { createHash, randomBytes } from "node:crypto";
import type { AccountType } from "@market/contract";
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { sessions, users } from "../../db/schema/index.js";
import type { CacheHub } from "../../lib/cache/index.js";

/** SHA-256 hex of a token or code. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** Create a session for `userId` lasting `days` days; answers the raw token (shown once). */
export async function createSession(db: Executor, userId: string, days: number): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: sha256(token), expiresAt })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id };
}

/** The signed-in user as guards and handlers see it. */
export type AuthUser = {
  id: string;
  sessionId: string;
  accType: AccountType;
  status: "pending" | "approved";
  active: boolean;
  names: string;
  /** Signed in with a one-time password: only the password change is open (users.passwordMustChange). */
  mustChangePassword: boolean;
};

/** The session lookup, built once per database handle (Drizzle prepared query, see `findSessionUser`). */
const sessionLookups = new WeakMap<Executor, ReturnType<typeof prepareSessionLookup>>();
function prepareSessionLookup(db: Executor) {
  return db
    .select({
      id: users.id,
      sessionId: sessions.id,
      accType: users.accType,
      status: users.status,
      active: users.active,
      names: users.names,
      mustChangePassword: users.passwordMustChange,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder("hash")), gt(sessions.expiresAt, sql.placeholder("now")), eq(users.active, true)))
    .limit(1)
    .prepare("auth_find_session_user");
}

/**
 * Resolve a raw token to its user, or null when unknown, expired, or the account is blocked.
 * A named prepared statement: PostgreSQL parses and plans the join once per connection, and
 * Drizzle builds the SQL once per database handle (ADR 0071).
 */
export async function findSessionUser(db: Executor, token: string): Promise<AuthUser | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ hash: sha256(token), now: new Date() });
  return row ?? null;
}

/** The session cache's tag of one session (plugins/auth.ts). */
export const sessionTag = (sessionId: string) => `session:${sessionId}`;
/** The session cache's tag of every session of a user (plugins/auth.ts). */
export const userSessionsTag = (userId: string) => `user-sessions:${userId}`;

/** What a revocation needs of the cache module: `app.cache`. */
export type SessionCaches = Pick<CacheHub, "invalidate">;

/**
 * End one session (logout): its row is deleted and every process's session cache forgets it (this
 * process at once, the others when the bus delivers it, ADR 0100).
 */
export async function revokeSession(db: Executor, caches: SessionCaches, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await caches.invalidate([sessionTag(sessionId)]);
}

/**
 * End every session of a user, except `keepSessionId` when given (password change keeps the
 * caller's); every process's session cache forgets them (ADR 0100). Inside a transaction the
 * caches forget before the commit; a request that re-reads the session before the commit may cache
 * it again, which the route's account write then clears (plugins/auth.ts, after the commit).
 */
export async function revokeUserSessions(db: Executor, caches: SessionCaches, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
  // The kept session is forgotten too: its next request simply reads it again.
  await caches.invalidate([userSessionsTag(userId)]);
}
