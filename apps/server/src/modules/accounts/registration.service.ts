/**
 * Registration with 2FA (spec §3 "Sign-up payload", "2FA payload"; §4 "Register"; §5; §7
 * POST /api/signup and /api/verify). A new account gets one code by e-mail and one by SMS; it can
 * sign in once both are verified (ADR 0010). Sellers ("Brand") start with status "pending".
 */

import { randomUUID } from "node:crypto";
import {
  ACCOUNT_MESSAGES,
  CODE_LENGTH,
  normalizePhone,
  type SignUpBody,
  SignUpForm,
  signUpAccountType,
  type VerifyBody,
} from "@market/contract";
import { eq, inArray, or, sql, TransactionRollbackError } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Executor } from "../../db/client.js";
import { categories, userCategories, users } from "../../db/schema/index.js";
import { badRequest, type FieldErrors, fieldErrors, HttpError, invalidInput } from "../../lib/errors.js";
import { consumeCode, issueCode, NO_ACCOUNT_ID } from "../auth/codes.js";
import { hashPassword } from "../auth/passwords.js";
import type { SessionCaches } from "../auth/sessions.js";
import { syncSellerListings } from "../catalog/listing-visibility.js";
import type { Messenger } from "../messages/service.js";
import { decodeDataUrl, encodeImage, sniffImageType, storeImage, type UploadQuota } from "../uploads/images.js";
import type { UploadStorage } from "../uploads/storage.js";
import { registeredSignUpMessage, verifyEmailMessage, verifyPhoneMessage } from "./messages.js";

/** `uploadQuota`: the per-account upload quota, applied to profile pictures sent to PUT /api/me (ADR 0084). */
export type AccountsDeps = {
  db: Db;
  messenger: Messenger;
  uploads: UploadStorage;
  uploadQuota: UploadQuota;
  /** `app.cache`: revoked sessions are forgotten by every process (ADR 0100). */
  caches: SessionCaches;
  /** The store's address for links in messages (PUBLIC_URL; in development the local address). */
  storeUrl: string;
};

/**
 * Check a sign-up: the form rules, the phone (normalised to +234), the picture's bytes, that the
 * username is free and that the categories exist. Throws 400 with every field message at once.
 * A registered e-mail or phone is no error (the answer must not tell, ADR 0151): `owners` answers
 * the e-mails of the accounts that hold them.
 */
async function checkSignUp(db: Executor, body: z.output<typeof SignUpBody>) {
  const accType = signUpAccountType(body.accType);
  const parsed = SignUpForm.safeParse({ ...body, accType, category_ids: accType === "business" ? body.category_ids : [] });
  const errors: FieldErrors = fieldErrors(parsed.error?.issues ?? []);
  const phone = normalizePhone(body.phone);
  if (!phone) errors.phone ??= ACCOUNT_MESSAGES.phone;
  let picture: Buffer | null = null;
  if (body.profile) {
    picture = decodeDataUrl(body.profile);
    if (!picture || !sniffImageType(picture)) errors.profile = ACCOUNT_MESSAGES.profile;
  }
  const email = body.email.trim().toLowerCase();
  // Looked up as it would be stored (NFKC, ADR 0152), so a full-width copy of a name is found taken.
  const username = SignUpForm.shape.username.safeParse(body.username).data ?? body.username.trim();
  const taken = await db
    .select({ email: users.email, username: users.username, phone: users.phone })
    .from(users)
    .where(
      or(eq(users.email, email), sql`lower(${users.username}) = ${username.toLowerCase()}`, phone ? eq(users.phone, phone) : undefined),
    );
  const owners = new Set<string>();
  for (const t of taken) {
    // Usernames are public (shown on every listing), so saying one is taken tells nothing new.
    if (t.username.toLowerCase() === username.toLowerCase()) errors.username ??= ACCOUNT_MESSAGES.usernameTaken;
    if (t.email === email || (phone && t.phone === phone)) owners.add(t.email);
  }
  if (accType === "business" && !errors.category_ids) {
    const found = await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, body.category_ids));
    if (found.length !== body.category_ids.length) errors.category_ids = ACCOUNT_MESSAGES.categoryUnknown;
  }
  if (Object.keys(errors).length || !parsed.success || !phone) throw invalidInput(errors);
  return { form: parsed.data, phone, picture, owners: [...owners] };
}

/** A picture refused while storing it is the `profile` field's error. */
function asProfileError(err: unknown): unknown {
  return err instanceof HttpError ? badRequest(err.message, { profile: err.message }) : err;
}

/** Issue both verification codes of a user and queue their messages; answers the outbox ids. */
export async function queueVerificationCodes(
  db: Executor,
  messenger: Messenger,
  user: { id: string; email: string; phone: string; emailVerified: boolean; phoneVerified: boolean },
  { cooldown = false } = {},
): Promise<string[]> {
  const ids: string[] = [];
  if (!user.emailVerified) {
    const code = await issueCode(db, user.id, "verify_email", { cooldown });
    if (code) ids.push(await messenger.queue(db, verifyEmailMessage(user.email, code)));
  }
  if (!user.phoneVerified) {
    const code = await issueCode(db, user.id, "verify_phone", { cooldown });
    if (code) ids.push(await messenger.queue(db, verifyPhoneMessage(user.phone, code)));
  }
  return ids;
}

type SignUpFields = z.output<typeof SignUpForm>;

/**
 * In `tx`: the user, their 1-3 categories (positions 1..3), the re-encoded profile picture, the
 * listing flag, both codes and their outbox messages. Answers the outbox ids.
 */
async function insertAccount(
  tx: Executor,
  deps: AccountsDeps,
  account: { form: SignUpFields; phone: string; passwordHash: string; picture: Buffer | null },
): Promise<string[]> {
  const { form, phone, passwordHash, picture } = account;
  const [user] = await tx
    .insert(users)
    .values({
      names: form.names,
      username: form.username,
      email: form.email,
      phone,
      desc: form.accType === "business" ? form.desc : "",
      accType: form.accType,
      status: form.accType === "business" ? "pending" : "approved",
      passwordHash,
    })
    .returning();
  if (form.accType === "business") {
    await tx.insert(userCategories).values(form.category_ids.map((categoryId, i) => ({ userId: user!.id, categoryId, position: i + 1 })));
  }
  if (picture) {
    const stored = await storeImage(tx, deps.uploads, picture, user!.id).catch((err: unknown) => Promise.reject(asProfileError(err)));
    await tx.update(users).set({ profile: stored.url }).where(eq(users.id, user!.id));
  }
  await syncSellerListings(tx, user!.id);
  return queueVerificationCodes(tx, deps.messenger, user!);
}

/**
 * Register a customer or a seller (POST /api/signup): `insertAccount` in one transaction; the
 * messages are delivered after commit.
 *
 * An e-mail or phone that is already registered gets the same answer as a new account after the
 * same work, and no account is made (ADR 0151, OWASP ASVS V6: no route tells whether an account
 * exists): the password is hashed, the picture encoded (not stored) and the account's rows written
 * under a stand-in e-mail and phone in a transaction that is rolled back. The owner is told by
 * e-mail instead (`registeredSignUpMessage`), with the way to sign in or reset the password.
 */
export async function signUp(deps: AccountsDeps, body: z.output<typeof SignUpBody>) {
  const { form, phone, picture, owners } = await checkSignUp(deps.db, body);
  const passwordHash = await hashPassword(form.password);
  const answer = { email: form.email, phone, accType: form.accType };
  if (!owners.length) {
    const outboxIds = await deps.db.transaction((tx) => insertAccount(tx, deps, { form, phone, passwordHash, picture }));
    void deps.messenger.deliver(outboxIds);
    return answer;
  }
  if (picture) await encodeImage(picture).catch((err: unknown) => Promise.reject(asProfileError(err)));
  const standIn = randomUUID();
  await deps.db
    .transaction(async (tx) => {
      const decoy = { ...form, email: `${standIn}@invalid` };
      await insertAccount(tx, deps, { form: decoy, phone: `+0${standIn}`, passwordHash, picture: null });
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  const ids = await deps.db.transaction(async (tx) => {
    const queued: string[] = [];
    for (const owner of owners) queued.push(await deps.messenger.queue(tx, registeredSignUpMessage(owner, deps.storeUrl)));
    return queued;
  });
  void deps.messenger.deliver(ids);
  return answer;
}

/** The two codes of POST /api/verify: body field, code purpose and the account's flag. */
const VERIFY_FIELDS = [
  { field: "code_email", purpose: "verify_email", channel: "email" },
  { field: "code_phone", purpose: "verify_phone", channel: "phone" },
] as const;

/**
 * POST /api/verify: check the e-mail and phone codes of the account `email`. Each correct code sets
 * its flag at once (so a person who mistyped one code only retypes that one). Wrong tries are
 * committed before the 400 answer, so the 5-try limit holds. `request_type: "resend"` issues new
 * codes (at most one per minute) and answers the same whether or not the account exists.
 *
 * The answer never tells whether the account exists or is verified (ADR 0083): an unknown account
 * runs the same code queries (against an id no account has), a wrong, expired or used code has one
 * message, and an already verified channel is let off its code only once another code of this
 * request was right, i.e. for the account's owner. Without a right code every field is an error.
 * @throws 400 with `errors.code_email` / `errors.code_phone`.
 */
export async function verifyAccount(deps: AccountsDeps, body: z.output<typeof VerifyBody>) {
  const [user] = await deps.db.select().from(users).where(eq(users.email, body.email));
  if (body.request_type === "resend") {
    if (user?.active && !(user.emailVerified && user.phoneVerified)) {
      const ids = await deps.db.transaction((tx) => queueVerificationCodes(tx, deps.messenger, user, { cooldown: true }));
      void deps.messenger.deliver(ids);
    }
    return { message: ACCOUNT_MESSAGES.codesResent, data: undefined };
  }
  const { checks, flags } = await deps.db.transaction(async (tx) => {
    const checks: Partial<Record<(typeof VERIFY_FIELDS)[number]["field"], "ok" | "invalid" | "format">> = {};
    for (const { field, purpose } of VERIFY_FIELDS) {
      const code = body[field];
      // A code of the wrong length (or none) is a typing slip, not a guess: it costs no try.
      if (code.length !== CODE_LENGTH) checks[field] = "format";
      else checks[field] = (await consumeCode(tx, user?.id ?? NO_ACCOUNT_ID, purpose, code)) === "ok" ? "ok" : "invalid";
    }
    const flags = {
      email: !!user?.emailVerified || checks.code_email === "ok",
      phone: !!user?.phoneVerified || checks.code_phone === "ok",
    };
    if (user && Object.values(checks).includes("ok"))
      await tx
        .update(users)
        .set({ emailVerified: flags.email, phoneVerified: flags.phone, updatedAt: new Date() })
        .where(eq(users.id, user.id));
    return { checks, flags };
  });
  const proven = Object.values(checks).includes("ok");
  const errors: FieldErrors = {};
  for (const { field, channel } of VERIFY_FIELDS) {
    const check = checks[field];
    if (check === "ok" || (proven && flags[channel])) continue;
    errors[field] = check === "format" ? ACCOUNT_MESSAGES.code : ACCOUNT_MESSAGES.codeInvalid;
  }
  if (Object.keys(errors).length) throw invalidInput(errors);
  return { message: ACCOUNT_MESSAGES.verified, data: flags };
}
