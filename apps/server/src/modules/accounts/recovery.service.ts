/**
 * Password recovery (spec §3 "Password-reset form", §4 "Recovery", §7 POST /api/recover/{request_type}).
 * `send-mail` mails a reset code and answers the same whether or not the e-mail is registered (no
 * account discovery). `change-password` sets the new password with that code and ends every
 * session of the account (ADR 0013); a wrong, expired or used code and an unknown e-mail get one
 * answer after the same queries (ADR 0083).
 */
import { ACCOUNT_MESSAGES, type RecoverBody, ResetEmailForm, ResetForm, TEXT } from "@market/contract";
import { eq, TransactionRollbackError } from "drizzle-orm";
import type { z } from "zod";
import { users } from "../../db/schema/index.js";
import { invalidInput } from "../../lib/errors.js";
import { consumeCode, issueCode, NO_ACCOUNT_ID } from "../auth/codes.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import { revokeUserSessions } from "../auth/sessions.js";
import { forgetAccount } from "../auth/throttle.js";
import { resetPasswordMessage } from "./messages.js";
import type { AccountsDeps } from "./registration.service.js";
import { parseOrThrow } from "./validation.js";

/** Step 1: mail a reset code to `email` if it belongs to an active account (at most one a minute). */
export async function sendResetCode(deps: AccountsDeps, body: z.output<typeof RecoverBody>) {
  const { email } = parseOrThrow(ResetEmailForm, { email: body.email });
  const [user] = await deps.db.select({ id: users.id, email: users.email, active: users.active }).from(users).where(eq(users.email, email));
  if (user?.active) {
    const ids = await deps.db.transaction(async (tx) => {
      const code = await issueCode(tx, user.id, "reset_password", { cooldown: true });
      return code ? [await deps.messenger.queue(tx, resetPasswordMessage(user.email, code))] : [];
    });
    void deps.messenger.deliver(ids);
  }
  return { message: ACCOUNT_MESSAGES.resetSent };
}

/**
 * Step 2: check the code and set the new password (the contract's rule, and not the current
 * password); every session of the account ends and its sign-in throttle is cleared.
 * An unknown e-mail runs the same code query (against an id no account has) and gets the same
 * answer as a wrong code; the password is hashed only once the code is right.
 * @throws 400 field messages (`code`: ACCOUNT_MESSAGES.codeInvalid; `password`).
 */
export async function resetPassword(deps: AccountsDeps, body: z.output<typeof RecoverBody>) {
  const form = parseOrThrow(ResetForm, body);
  const [user] = await deps.db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, form.email));
  // The transaction commits a wrong try before the error is thrown, so the 5-try limit holds.
  const result = await deps.db
    .transaction(async (tx) => {
      const r = await consumeCode(tx, user?.id ?? NO_ACCOUNT_ID, "reset_password", form.code);
      if (r !== "ok" || !user) return "invalid" as const;
      // Same password as now: refused, and the code stays usable (rolled back) for another try.
      if (await verifyPassword(user.passwordHash, form.password)) return tx.rollback();
      const passwordHash = await hashPassword(form.password);
      await tx.update(users).set({ passwordHash, passwordMustChange: false, updatedAt: new Date() }).where(eq(users.id, user.id));
      await revokeUserSessions(tx, deps.caches, user.id);
      await forgetAccount(tx, user.id);
      return "ok" as const;
    })
    .catch((err: unknown) => {
      if (err instanceof TransactionRollbackError) return "same" as const;
      throw err;
    });
  if (result === "same") throw invalidInput({ password: ACCOUNT_MESSAGES.passwordSame });
  if (result !== "ok") throw invalidInput({ code: ACCOUNT_MESSAGES.codeInvalid });
  return { message: TEXT.success.passwordUpdated };
}
