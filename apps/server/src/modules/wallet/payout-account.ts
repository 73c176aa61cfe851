/**
 * A seller's payout bank account on `PUT /api/me` (spec §3 "User", §5 profile; ADR 0033, 0082).
 *
 * - bank_code, account_no and account_name come together or not at all (400 with field errors);
 *   all three empty removes the account.
 * - With a lookup provider (PAYSTACK_SECRET_KEY) the name is the provider's answer, never what the
 *   client sent, and the account is verified at once.
 * - Without one (the default), the seller's typed name is stored unverified; an admin verifies it
 *   (PUT /api/admin/users/bank_account) before any payout.
 * - Any change of the three fields resets the account to unverified (unless the provider's lookup
 *   verifies the new one); saving the same details leaves the state as it is.
 */
import { PAYOUT_MESSAGES, TypedAccountName } from "@market/contract";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { type FieldErrors, invalidInput } from "../../lib/errors.js";
import { findBank } from "./banks.js";
import type { AccountNameLookup } from "./name-lookup.js";

/** The three fields as a profile update may send them (undefined = not sent). */
export type PayoutAccountInput = {
  bank_code?: string | null;
  account_no?: string | null;
  account_name?: string | null;
};

/** The columns a change of the payout account writes. */
export type PayoutAccountColumns = Pick<
  typeof users.$inferInsert,
  "bankCode" | "accountNo" | "accountName" | "bankAccountVerified" | "bankAccountVerifiedAt" | "bankAccountVerifiedBy"
>;

type Stored = { bankCode: string | null; accountNo: string | null; accountName: string | null; verified: boolean };

const FIELDS = ["bank_code", "account_no", "account_name"] as const;
type Field = (typeof FIELDS)[number];

const unverified = { bankAccountVerified: false, bankAccountVerifiedAt: null, bankAccountVerifiedBy: null } as const;

/** The user's stored payout account. */
async function storedAccount(db: Executor, userId: string): Promise<Stored> {
  const [row] = await db
    .select({ bankCode: users.bankCode, accountNo: users.accountNo, accountName: users.accountName, verified: users.bankAccountVerified })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? { bankCode: null, accountNo: null, accountName: null, verified: false };
}

/**
 * Work out what a profile update does to the caller's payout account (rules in the file comment).
 * Call it before the update's transaction: with a provider it makes one network call.
 * @returns the columns to write, or null when the update leaves the account as it is.
 * @throws 400 with `errors` per field (missing field, unknown bank, badly formed name); the
 * provider's 400 "We could not find that account" or 503 (ADR 0033).
 */
export async function planPayoutAccountChange(
  db: Executor,
  userId: string,
  lookup: AccountNameLookup | null,
  input: PayoutAccountInput,
): Promise<PayoutAccountColumns | null> {
  if (FIELDS.every((f) => input[f] === undefined)) return null;
  const value = (f: Field) => input[f]?.trim() || null;
  const current = await storedAccount(db, userId);

  if (FIELDS.every((f) => value(f) === null)) {
    const empty = current.bankCode === null && current.accountNo === null && current.accountName === null && !current.verified;
    return empty ? null : { bankCode: null, accountNo: null, accountName: null, ...unverified };
  }

  const errors: FieldErrors = {};
  const bankCode = value("bank_code");
  const accountNo = value("account_no");
  if (!bankCode) errors.bank_code = PAYOUT_MESSAGES.bankCode;
  else if (!findBank(bankCode)) errors.bank_code = PAYOUT_MESSAGES.bankCode;
  if (!accountNo) errors.account_no = PAYOUT_MESSAGES.accountNo;
  // With a provider the name is its answer: a name the client sends is not used.
  let typedName: string | null = null;
  if (!lookup) {
    const raw = value("account_name");
    if (!raw) errors.account_name = PAYOUT_MESSAGES.accountName;
    else {
      const parsed = TypedAccountName.safeParse(raw);
      if (parsed.success) typedName = parsed.data;
      else errors.account_name = PAYOUT_MESSAGES.accountNameFormat;
    }
  }
  if (Object.keys(errors).length || !bankCode || !accountNo) throw invalidInput(errors);

  const sameNumber = current.bankCode === bankCode && current.accountNo === accountNo;
  if (lookup) {
    if (sameNumber && current.verified) return null;
    const accountName = await lookup.resolve(bankCode, accountNo);
    return {
      bankCode,
      accountNo,
      accountName,
      bankAccountVerified: true,
      bankAccountVerifiedAt: new Date(),
      bankAccountVerifiedBy: null,
    };
  }
  if (sameNumber && current.accountName === typedName) return null;
  return { bankCode, accountNo, accountName: typedName, ...unverified };
}
