/**
 * Password recovery (spec §3 "Password-reset form", §4 "Recovery", §7 POST /api/recover/{request_type}).
 * `send-mail` mails a reset code and answers the same whether or not the e-mail is registered (no
 * account discovery). `change-password` sets the new password with that code and ends every
 * session of the account (ADR 0013).
 */
import { ACCOUNT_MESSAGES, type RecoverBody, ResetEmailForm, ResetForm, TEXT } from "@market/contract";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { users } from "../../db/schema/index.js";
import { consumeCode, issueCode } from "../auth/codes.js";
import { clearSignInFailures } from "../auth/lockout.js";
import { hashPassword } from "../auth/passwords.js";
import { revokeUserSessions } from "../auth/sessions.js";
import { resetPasswordMessage } from "./messages.js";
import type { AccountsDeps } from "./registration.service.js";
import { parseOrThrow, throwFieldErrors } from "./validation.js";

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

/** Step 2: check the code and set the new password; every session of the account ends. */
export async function resetPassword(deps: AccountsDeps, body: z.output<typeof RecoverBody>) {
  const form = parseOrThrow(ResetForm, body);
  const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, form.email));
  if (!user) throwFieldErrors({ code: ACCOUNT_MESSAGES.codeExpired });
  const passwordHash = await hashPassword(form.password);
  // The transaction commits a wrong try before the error is thrown, so the 5-try limit holds.
  const result = await deps.db.transaction(async (tx) => {
    const r = await consumeCode(tx, user.id, "reset_password", form.code);
    if (r !== "ok") return r;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id);
    await clearSignInFailures(tx, user.id);
    return r;
  });
  if (result !== "ok") throwFieldErrors({ code: result === "wrong" ? ACCOUNT_MESSAGES.codeWrong : ACCOUNT_MESSAGES.codeExpired });
  return { message: TEXT.success.passwordUpdated };
}
