/**
 * The signed-in user's own account (spec §7 PUT /api/me): profile update (names, whatsapp,
 * the payout account bank_code + account_no + account_name (ADR 0082), profile picture, desc, a
 * seller's categories) and the
 * password change (`request_type: "changePass"`: old password checked, every other session ends).
 * E-mail and phone are read-only (spec §5).
 */
import { ACCOUNT_MESSAGES, ChangePasswordBody, normalizePhone, ProfileUpdateBody, TEXT } from "@market/contract";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { uploads, users } from "../../db/schema/index.js";
import { badRequest, forbidden, HttpError, invalidInput, tooMany } from "../../lib/errors.js";
import { hashPassword, verifyPassword } from "../auth/passwords.js";
import type { AuthUser } from "../auth/sessions.js";
import { revokeUserSessions } from "../auth/sessions.js";
import { forgetAccount, recordSuccess, takeAttempt, throttleSource } from "../auth/throttle.js";
import { decodeDataUrl, storeImage } from "../uploads/images.js";
import type { AccountNameLookup } from "../wallet/name-lookup.js";
import { planPayoutAccountChange } from "../wallet/payout-account.js";
import type { AccountsDeps } from "./registration.service.js";
import { replaceSellerCategories } from "./seller.service.js";
import { loadUserDetails } from "./user-details.js";
import { parseOrThrow } from "./validation.js";

/** `_id`, when sent, must be the caller's own (spec §3 "Password change payload" carries it). */
function assertOwnId(me: AuthUser, id: unknown): void {
  if (typeof id === "string" && id !== "" && id !== me.id) throw forbidden(ACCOUNT_MESSAGES.notYours);
}

/**
 * Change the caller's password; sessions other than the caller's own end (ADR 0013). The new
 * password follows the contract's rule and differs from the old one (ADR 0083). Checking the
 * current password is a password guess like a sign-in: it takes a try of the sign-in throttle for
 * this account and `ip` first (auth/throttle.ts), so a stolen session cannot guess it without limit.
 * @throws 400 field messages, 403 another user's `_id`, 429 with Retry-After while throttled.
 */
export async function changePassword(deps: AccountsDeps, me: AuthUser, input: unknown, ip: string) {
  const body = parseOrThrow(ChangePasswordBody, input);
  assertOwnId(me, body._id);
  const source = throttleSource(ip);
  const wait = await takeAttempt(deps.db, { accountKey: me.id, userId: me.id, source });
  if (wait !== null) throw tooMany(ACCOUNT_MESSAGES.throttled, wait);
  const [row] = await deps.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
  if (!row || !(await verifyPassword(row.passwordHash, body.old_password)))
    throw invalidInput({ old_password: ACCOUNT_MESSAGES.oldPassword });
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordMustChange: false, updatedAt: new Date() }).where(eq(users.id, me.id));
    await revokeUserSessions(tx, deps.caches, me.id, me.sessionId);
    // Guesses at the old password no longer matter; this source proved the password.
    await forgetAccount(tx, me.id);
    await recordSuccess(tx, me.id, source);
  });
  return { message: TEXT.success.passwordUpdated };
}

/**
 * Resolve the `profile` field: a data URL is checked and stored as a new upload (counted in the
 * caller's upload quota, ADR 0084); an `/uploads/<key>.webp` URL must be one of the caller's own
 * uploads (its row held FOR KEY SHARE, so the removal of unused uploads cannot delete it meanwhile);
 * "" or null removes the picture.
 */
async function resolveProfile(deps: AccountsDeps, tx: Executor, me: AuthUser, profile: string | null): Promise<string | null> {
  if (!profile) return null;
  const [current] = await tx.select({ profile: users.profile }).from(users).where(eq(users.id, me.id));
  if (current?.profile === profile) return profile;
  if (profile.startsWith("data:")) {
    const bytes = decodeDataUrl(profile);
    if (!bytes) throw invalidInput({ profile: ACCOUNT_MESSAGES.profile });
    try {
      return (await storeImage(tx, deps.uploads, bytes, me.id, deps.uploadQuota)).url;
    } catch (err) {
      if (err instanceof HttpError) throw badRequest(err.message, { profile: err.message });
      throw err;
    }
  }
  const key = /^\/uploads\/([0-9a-f-]{36})\.webp$/.exec(profile)?.[1];
  const [own] = key
    ? await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.key, key), eq(uploads.ownerId, me.id)))
        .for("key share")
    : [];
  if (!own) throw invalidInput({ profile: ACCOUNT_MESSAGES.profile });
  return profile;
}

/**
 * Update the caller's profile fields; answers the fresh details. The payout account follows
 * wallet/payout-account.ts (ADR 0082): `nameLookup` is the account-name provider, null when none
 * is configured.
 */
export async function updateProfile(deps: AccountsDeps, me: AuthUser, input: unknown, nameLookup: AccountNameLookup | null = null) {
  const body = parseOrThrow(ProfileUpdateBody, input);
  assertOwnId(me, body._id);
  if (body.category_ids && me.accType !== "business") throw forbidden(ACCOUNT_MESSAGES.sellersOnly);
  let whatsapp: string | null | undefined = body.whatsapp;
  if (whatsapp) {
    whatsapp = normalizePhone(whatsapp, { nigerianOnly: false });
    if (!whatsapp) throw invalidInput({ whatsapp: ACCOUNT_MESSAGES.whatsapp });
  }
  const payoutAccount = await planPayoutAccountChange(deps.db, me.id, nameLookup, body);
  await deps.db.transaction(async (tx) => {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date(), ...payoutAccount };
    if (body.names !== undefined) set.names = body.names;
    if (whatsapp !== undefined) set.whatsapp = whatsapp || null;
    if (body.desc !== undefined) set.desc = body.desc;
    if (body.profile !== undefined) set.profile = await resolveProfile(deps, tx, me, body.profile);
    await tx.update(users).set(set).where(eq(users.id, me.id));
    if (body.category_ids) await replaceSellerCategories(tx, me.id, [...new Set(body.category_ids)]);
  });
  return { message: TEXT.success.profileUpdated, data: await loadUserDetails(deps.db, me.id) };
}
