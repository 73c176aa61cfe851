/**
 * A seller's money (ADRs 0091, 0092): balances and statement (`GET /api/earnings`), the statement
 * as CSV (`GET /api/earnings/statement.csv`), payouts (`GET` / `POST /api/payouts`). Amounts are naira.
 */
import type { EarningsAnswer, PayoutAnswer, PayoutsAnswer } from "@market/contract";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api, apiBlob } from "../../../lib/api";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { cursorPagesQuery } from "../../../lib/queries/pages";
import { saveFile } from "../../../lib/save-file";

/** Query keys of the seller's money, defined once: a payout request refreshes both lists by `all`. */
export const earningsKeys = {
  all: ["bo", "earnings"] as const,
  statement: () => [...earningsKeys.all, "statement"] as const,
  payouts: () => [...earningsKeys.all, "payouts"] as const,
};

/** Page size of the statement and the payouts list. */
const PAGE = "50";

/**
 * Balances and the statement page by page (newest first): every page carries the balances too;
 * the first page's are the ones to show (later pages are read later, on "Load more").
 */
const earningsQuery = cursorPagesQuery<EarningsAnswer>(earningsKeys.statement(), "/api/earnings", { limit: PAGE });

export function useEarnings() {
  return useInfiniteQuery(earningsQuery);
}

/** The seller's payouts, newest first, page by page. */
const payoutsQuery = cursorPagesQuery<PayoutsAnswer>(earningsKeys.payouts(), "/api/payouts", { limit: PAGE });

export function usePayouts() {
  return useInfiniteQuery(payoutsQuery);
}

/** Request a payout of `amount` naira, or of the whole available balance when undefined. */
export function useRequestPayout() {
  const qc = useQueryClient();
  const withKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (amount: number | undefined) => {
      const body = amount === undefined ? {} : { amount };
      return withKey(body, (idempotencyKey) => api<PayoutAnswer>("/api/payouts", { method: "POST", body, idempotencyKey }));
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: earningsKeys.all }),
  });
}

/** Download the whole statement as `statement-YYYY-MM-DD.csv` (today's date). */
export function useDownloadStatement() {
  return useMutation({
    mutationFn: async () => {
      const blob = await apiBlob("/api/earnings/statement.csv");
      saveFile(blob, `statement-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}
