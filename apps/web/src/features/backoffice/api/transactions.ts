/** Admin transfers (`GET /api/admin/transactions`) and confirm / reject (`PUT /api/admin/transactions`). */
import type {
  AdminTransactionActionAnswer,
  AdminTransactionActionBody,
  AdminTransactionsAnswer,
  AdminTransactionsQuery,
} from "@market/contract";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { cursorPagesQuery } from "../../../lib/queries/pages";
import { invalidateWithDashboard } from "./dashboard";

/**
 * A transfer list: one status of the contract's query ("flagged": submitted transfers nobody decided
 * in time, whose stock was released, ADR 0081), or "all" (no status sent).
 */
export type TransferFilter = NonNullable<AdminTransactionsQuery["status"]> | "all";

/** Query keys of the admin's transfer lists (prefix `all`: every filter). */
export const transactionKeys = {
  all: ["bo", "transactions"] as const,
  list: (status: TransferFilter, q = "") => [...transactionKeys.all, status, q] as const,
};

/** One status's transfers, or those found by `q` (an order number, its last digits or a payment reference). */
function adminTransactionsQuery(status: TransferFilter, q: string) {
  return cursorPagesQuery<AdminTransactionsAnswer>(transactionKeys.list(status, q), "/api/admin/transactions", {
    limit: "50",
    status: status === "all" ? undefined : status,
    q: q.trim() || undefined,
  });
}

export function useAdminTransactions(status: TransferFilter, q = "") {
  return useInfiniteQuery(adminTransactionsQuery(status, q));
}

export function useTransactionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTransactionActionBody) => api<AdminTransactionActionAnswer>("/api/admin/transactions", { method: "PUT", body }),
    onSuccess: () => invalidateWithDashboard(qc, transactionKeys.all),
  });
}
