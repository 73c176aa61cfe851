/**
 * Sign-in and sign-out (spec §3 "Sign-in payload", §7 POST /api/signin; design brief "Auth").
 * `email` may hold an e-mail or a phone number. Every try is counted by the sign-in throttle
 * before the password is checked (auth/throttle.ts, ADR 0083); unknown logins and blocked
 * accounts answer exactly like a wrong password; accounts whose codes are not verified get new codes
 * (unless the last ones were sent under a minute ago: then the answer says to use those).
 */
import { ACCOUNT_MESSAGES, type AccountType, normalizePhone, type SignInBody } from "@market/contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.js";
import { HttpError, tooMany, unauthorized } from "../../lib/errors.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { createSession } from "../auth/sessions.js";
import { recordSuccess, takeAttempt, throttleSource, unknownLoginKey } from "../auth/throttle.js";
import type { AccountsDeps } from "./registration.service.js";
import { queueVerificationCodes } from "./registration.service.js";

/** A hash to check against when the account does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword("not-a-real-password-0");
  return dummyHash;
};

/** The login as the account stores it: a lower-cased e-mail, an E.164 phone, or the trimmed text when it is neither. */
function normalizeLogin(login: string): { email: string } | { phone: string } | { other: string } {
  const text = login.trim();
  if (text.includes("@")) return { email: text.toLowerCase() };
  const phone = normalizePhone(text);
  return phone ? { phone } : { other: text.toLowerCase() };
}

/**
 * The key of the per-address-and-login sign-in limit (`RATE_LIMITS.signin`, ADR 0153): the
 * throttle's source for `ip` and a hash of the login as stored, so "0803..." and "+234803..." count
 * together. `body` is the validated sign-in body.
 */
export function signInLimitKey(ip: string, body: unknown): string {
  const login = normalizeLogin((body as SignInBody).email);
  return `signin:${throttleSource(ip)}:${unknownLoginKey(Object.values(login)[0]!)}`;
}

/** Find the account for an e-mail or a phone number (any common Nigerian spelling). */
async function findByLogin(db: AccountsDeps["db"], login: ReturnType<typeof normalizeLogin>) {
  if ("other" in login) return undefined;
  const [user] = await db
    .select()
    .from(users)
    .where("email" in login ? eq(users.email, login.email) : eq(users.phone, login.phone));
  return user;
}

/**
 * Check the credentials and open a session (POST /api/signin). `ip` is the client address (the
 * throttle's source). Unknown logins, wrong passwords and blocked accounts get the same 401 after
 * the same argon2 work, and all are throttled alike (ADR 0083).
 * @throws 429 with Retry-After while throttled (the password is not checked), 401 wrong
 * credentials, 403 `errors.verify` when not verified (after the right password only).
 */
export async function signIn(
  deps: AccountsDeps & { sessionDays: number },
  body: SignInBody,
  ip: string,
): Promise<{ token: string; accType: AccountType }> {
  const login = normalizeLogin(body.email);
  const user = await findByLogin(deps.db, login);
  const source = throttleSource(ip);
  const accountKey = user?.id ?? unknownLoginKey(Object.values(login)[0]!);
  const wait = await takeAttempt(deps.db, { accountKey, userId: user?.id ?? null, source });
  if (wait !== null) throw tooMany(ACCOUNT_MESSAGES.throttled, wait);
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), body.password);
  // A blocked account answers like a wrong password and its try stays counted: the answer must not
  // confirm the password of an account nobody may use, nor that the account exists.
  if (!user || !ok || !user.active) throw unauthorized(ACCOUNT_MESSAGES.signInFailed);
  await recordSuccess(deps.db, user.id, source);
  if (!user.emailVerified || !user.phoneVerified) {
    // Within the resend cooldown no codes are sent and the last ones still work: the answer says which.
    const ids = await deps.db.transaction((tx) => queueVerificationCodes(tx, deps.messenger, user, { cooldown: true }));
    void deps.messenger.deliver(ids);
    throw new HttpError(403, ids.length ? ACCOUNT_MESSAGES.unverified : ACCOUNT_MESSAGES.unverifiedUseSent, { verify: user.email });
  }
  const { token } = await createSession(deps.db, user.id, deps.sessionDays);
  return { token, accType: user.accType };
}
