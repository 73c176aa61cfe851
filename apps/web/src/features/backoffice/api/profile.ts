/**
 * Profile settings (spec §2 "Profile", §5, §7): banks and the account-name lookup from the wallet
 * plugin (`/api/v1`). The profile update and the password change are lib/queries/me.ts.
 */
import type { Bank, NameFinderAnswer, WalletBanksAnswer } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/**
 * The banks, and whether the store has an account-name lookup provider: without one the seller
 * types the account name and an admin verifies it (ADR 0082).
 */
const banksQuery = queryOptions({
  queryKey: ["wallet", "banks"],
  queryFn: async (): Promise<{ banks: Bank[]; nameLookup: boolean }> => {
    const res = await api<WalletBanksAnswer>("/api/v1/banks");
    return { banks: res.data, nameLookup: res.account_name_lookup };
  },
  staleTime: 60 * 60_000,
});

export function useBanks() {
  return useQuery(banksQuery);
}

/** The name the bank holds for `account_no` at `bank_id` (a bank_code). Throws ApiError (503 when no provider). */
export async function findAccountName(bank_id: string, account_no: string): Promise<string> {
  const res = await api<NameFinderAnswer>("/api/v1/client_bank_account_namefinder", {
    method: "POST",
    body: { bank_id, account_no },
  });
  return res.data.account_name;
}
