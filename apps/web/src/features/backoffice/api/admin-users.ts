/**
 * Admin users lists (`GET /api/admin/users?account_type=`), the admin action helper
 * (`PUT /api/admin/users {account_id, req_type}`), the payout account verification and
 * `POST /api/admin/user` (spec §4, §7).
 * After each mutation the lists reload (spec §4 "After successful mutations the lists reload").
 */
import type {
  AdminActionAnswer,
  AdminActionBody,
  AdminBankAccountVerifyBody,
  AdminCreateUserAnswer,
  AdminCreateUserBody,
  AdminUsersAnswer,
  AdminUsersQuery,
} from "@market/contract";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { cursorPagesQuery } from "../../../lib/queries/pages";
import { invalidateWithDashboard } from "./dashboard";

export type AccountKind = AdminUsersQuery["account_type"];

/** Query keys of the admin's user lists (prefix `all`: every type and search). */
export const adminUserKeys = {
  all: ["bo", "admin-users"] as const,
  list: (accountType: AccountKind, q: string) => [...adminUserKeys.all, accountType, q] as const,
};

function adminUsersQuery(accountType: AccountKind, q: string) {
  return cursorPagesQuery<AdminUsersAnswer>(adminUserKeys.list(accountType, q), "/api/admin/users", {
    account_type: accountType,
    limit: "20",
    q,
  });
}

export function useAdminUsers(accountType: AccountKind, q: string) {
  return useInfiniteQuery(adminUsersQuery(accountType, q));
}

/** Run one admin action; answers the server's message ("Updated Succefully") and the new row. */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminActionBody) => api<AdminActionAnswer>("/api/admin/users", { method: "PUT", body }),
    onSuccess: () => invalidateWithDashboard(qc, adminUserKeys.all),
  });
}

/**
 * Verify a seller's payout bank account (`PUT /api/admin/users/bank_account`, ADR 0082): the body
 * repeats the details the admin looked at, so the server refuses (409) if the seller changed them.
 */
export function useVerifyBankAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminBankAccountVerifyBody) => api<AdminActionAnswer>("/api/admin/users/bank_account", { method: "PUT", body }),
    onSettled: () => qc.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}

/** What the admin's new-user form sends (the contract's body, its server-side defaults left out). */
export type NewUser = Pick<AdminCreateUserBody, "names" | "username" | "email" | "phone" | "password" | "accType" | "category_ids">;

export function useCreateUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => api<AdminCreateUserAnswer>("/api/admin/user", { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
