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
  list: (status: TransferFilter) => [...transactionKeys.all, status] as const,
};

function adminTransactionsQuery(status: TransferFilter) {
  return cursorPagesQuery<AdminTransactionsAnswer>(transactionKeys.list(status), "/api/admin/transactions", {
    limit: "50",
    status: status === "all" ? undefined : status,
  });
}

export function useAdminTransactions(status: TransferFilter) {
  return useInfiniteQuery(adminTransactionsQuery(status));
}

export function useTransactionAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminTransactionActionBody) => api<AdminTransactionActionAnswer>("/api/admin/transactions", { method: "PUT", body }),
    onSuccess: () => invalidateWithDashboard(qc, transactionKeys.all),
  });
}
