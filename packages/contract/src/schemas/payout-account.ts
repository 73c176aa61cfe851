/**
 * A seller's payout bank account (spec §3 "User": bank_code, account_no, account_name; §5 profile)
 * and its verification (ADR 0033 account-name lookup, ADR 0082 verification): the three fields come
 * together or not at all; the name comes from the lookup provider when one is configured (verified
 * at once), otherwise the seller types it and an admin verifies it before any payout.
 */
import { z } from "zod";
import { NUBAN_LENGTH } from "../constants.js";
import { AccountNo, Bank } from "./cart.js";
import { Id } from "./common.js";

/** Messages of the payout account, defined once (server answers them; screens and tests read them). */
export const PAYOUT_MESSAGES = {
  bankCode: "Choose your bank from the list",
  accountNo: `Enter your ${NUBAN_LENGTH}-digit account number`,
  accountName: "Enter the account name exactly as your bank shows it",
  accountNameFormat: "Use 2 to 100 letters, digits, spaces and . , ' & - ( ) / only",
  notSeller: "Only a seller account has a payout bank account",
  nothingToVerify: "This seller has not entered a complete bank account yet",
  changedSinceViewed: "The seller has changed these bank details since you loaded them. Check the new details and try again.",
  /** The seller's screen: what each state means. */
  verifiedHint: "Payouts can go to this account.",
  unverifiedHint: "An admin checks the account name before any payout is made to this account.",
  typeNameHint: "Account name lookup is not available in this store. Type the name exactly as your bank shows it; an admin will verify it.",
} as const;

/** Letters (any script), digits, spaces and the punctuation banks print in account names. */
const ACCOUNT_NAME_PATTERN = /^(?=.*\p{L})[\p{L}\p{M}0-9 .,'&()/-]{2,100}$/u;

/**
 * An account name a seller types (no lookup provider): spaces collapsed, 2-100 characters of
 * letters, digits and common punctuation, at least one letter.
 */
export const TypedAccountName = z
  .string()
  .transform((s) => s.trim().replace(/\s+/g, " "))
  .pipe(z.string().regex(ACCOUNT_NAME_PATTERN, PAYOUT_MESSAGES.accountNameFormat));

/** The verification state of a payout account, as both the seller and the admin see it. */
export const BANK_ACCOUNT_STATES = ["verified", "unverified"] as const;
export type BankAccountState = (typeof BANK_ACCOUNT_STATES)[number];

/**
 * GET /api/v1/banks: the bank list plus whether an account-name lookup provider is configured
 * (false: the profile lets the seller type the name, which an admin then verifies).
 */
export const WalletBanksAnswer = z.object({
  statusCode: z.number().int(),
  data: z.array(Bank),
  account_name_lookup: z.boolean(),
});
export type WalletBanksAnswer = z.infer<typeof WalletBanksAnswer>;

/**
 * PUT /api/admin/users/bank_account: the admin verifies the seller's payout account. The body
 * repeats the details the admin checked, so a change made by the seller meanwhile is never verified
 * unseen (409).
 */
export const AdminBankAccountVerifyBody = z.object({
  account_id: Id,
  bank_code: z.string().trim().min(1, PAYOUT_MESSAGES.bankCode).max(20),
  account_no: AccountNo,
  account_name: z.string().trim().min(1, PAYOUT_MESSAGES.accountName).max(120),
});
export type AdminBankAccountVerifyBody = z.infer<typeof AdminBankAccountVerifyBody>;
