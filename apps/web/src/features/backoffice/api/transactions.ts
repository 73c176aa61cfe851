/** Admin transfers (`GET /api/admin/transactions`) and confirm / reject (`PUT /api/admin/transactions`). */
import type { AdminTransaction } from "@market/contract";
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

type TransactionsAnswer = { statusCode: number; data: AdminTransaction[]; nextCursor?: string | null };
/** "flagged": submitted transfers nobody decided in time, whose stock was released (ADR 0081). */
export type TransferFilter = "all" | "submitted" | "flagged" | "confirmed" | "rejected";

export function adminTransactionsQuery(status: TransferFilter) {
  return infiniteQueryOptions({
    queryKey: ["bo", "transactions", status],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ limit: "50" });
      if (status !== "all") params.set("status", status);
      if (pageParam) params.set("cursor", pageParam);
      return api<TransactionsAnswer>(`/api/admin/transactions?${params}`, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAdminTransactions(status: TransferFilter) {
  return useInfiniteQuery(adminTransactionsQuery(status));
}

export function useTransactionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { transaction_id: string; action: "confirm" | "reject" }) =>
      api<{ statusCode: number; message: string; data: AdminTransaction }>("/api/admin/transactions", { method: "PUT", body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: ["bo", "transactions"] }), qc.invalidateQueries({ queryKey: ["bo", "dashboard"] })]),
  });
}
