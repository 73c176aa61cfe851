/**
 * The admin verifies a seller's payout bank account (ADR 0082; design brief "Marketplace money":
 * payouts go only to a verified account). Without a lookup provider the seller types the account
 * name, so a person compares it with the bank's record (a call to the bank, a transfer of a small
 * amount, a statement) before any payout.
 */
import { type AdminBankAccountVerifyBody, type AdminUserRow, PAYOUT_MESSAGES } from "@market/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { conflict, notFound } from "../../lib/errors.js";
import { getUserRow } from "./users.service.js";

/**
 * Mark the seller's payout account verified by `adminId`, in one transaction with the row locked,
 * only if it still holds the details the admin checked (`input`): a change the seller made
 * meanwhile resets the account to unverified and must be checked again. Verifying a verified
 * account again answers it unchanged.
 * @throws 404 unknown account; 409 not a seller, no complete account, or details changed.
 */
export async function verifyBankAccount(db: Db, adminId: string, input: AdminBankAccountVerifyBody): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({
        accType: users.accType,
        bankCode: users.bankCode,
        accountNo: users.accountNo,
        accountName: users.accountName,
        verified: users.bankAccountVerified,
      })
      .from(users)
      .where(eq(users.id, input.account_id))
      .for("update");
    if (!target) throw notFound("Account not found");
    if (target.accType !== "business") throw conflict(PAYOUT_MESSAGES.notSeller);
    if (!target.bankCode || !target.accountNo || !target.accountName) throw conflict(PAYOUT_MESSAGES.nothingToVerify);
    if (target.bankCode !== input.bank_code || target.accountNo !== input.account_no || target.accountName !== input.account_name)
      throw conflict(PAYOUT_MESSAGES.changedSinceViewed);
    if (!target.verified) {
      await tx
        .update(users)
        .set({ bankAccountVerified: true, bankAccountVerifiedAt: new Date(), bankAccountVerifiedBy: adminId, updatedAt: new Date() })
        .where(eq(users.id, input.account_id));
    }
    return (await getUserRow(tx, input.account_id))!;
  });
}
