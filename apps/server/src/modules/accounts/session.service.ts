/**
 * Sign-in and sign-out (spec §3 "Sign-in payload", §7 POST /api/signin; design brief "Auth").
 * `email` may hold an e-mail or a phone number. Wrong passwords count toward the per-account
 * lock-out; blocked accounts are refused; accounts whose codes are not verified get new codes.
 */
import { ACCOUNT_MESSAGES, type AccountType, type SignInBody } from "@market/contract";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index.js";
import { HttpError, tooMany, unauthorized } from "../../lib/errors.js";
import { clearSignInFailures, isLockedOut, recordSignInFailure } from "../auth/lockout.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { createSession } from "../auth/sessions.js";
import type { AccountsDeps } from "./registration.service.js";
import { queueVerificationCodes } from "./registration.service.js";
import { normalizePhone } from "./validation.js";

/** A hash to check against when the account does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword("not-a-real-password-0");
  return dummyHash;
};

/** Find the account for an e-mail or a phone number (any common Nigerian spelling). */
async function findByLogin(db: AccountsDeps["db"], login: string) {
  const text = login.trim();
  const where = text.includes("@")
    ? eq(users.email, text.toLowerCase())
    : (() => {
        const phone = normalizePhone(text);
        return phone ? eq(users.phone, phone) : undefined;
      })();
  if (!where) return undefined;
  const [user] = await db.select().from(users).where(where);
  return user;
}

/**
 * Check the credentials and open a session (POST /api/signin).
 * @throws 401 wrong credentials, 429 locked out, 403 blocked, 403 `errors.verify` when not verified.
 */
export async function signIn(
  deps: AccountsDeps & { sessionDays: number },
  body: SignInBody,
): Promise<{ token: string; accType: AccountType }> {
  const user = await findByLogin(deps.db, body.email);
  if (!user) {
    await verifyPassword(await getDummyHash(), body.password);
    throw unauthorized(ACCOUNT_MESSAGES.signInFailed);
  }
  if (await isLockedOut(deps.db, user.id)) throw tooMany(ACCOUNT_MESSAGES.locked);
  if (!(await verifyPassword(user.passwordHash, body.password))) {
    const locked = await deps.db.transaction((tx) => recordSignInFailure(tx, user.id));
    throw locked ? tooMany(ACCOUNT_MESSAGES.locked) : unauthorized(ACCOUNT_MESSAGES.signInFailed);
  }
  await clearSignInFailures(deps.db, user.id);
  if (!user.active) throw new HttpError(403, ACCOUNT_MESSAGES.blocked);
  if (!user.emailVerified || !user.phoneVerified) {
    const ids = await deps.db.transaction((tx) => queueVerificationCodes(tx, deps.messenger, user, { cooldown: true }));
    void deps.messenger.deliver(ids);
    throw new HttpError(403, ACCOUNT_MESSAGES.unverified, { verify: user.email });
  }
  const { token } = await createSession(deps.db, user.id, deps.sessionDays);
  return { token, accType: user.accType };
}
