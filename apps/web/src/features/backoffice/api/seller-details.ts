/**
 * A seller's details after sign-up (ADR 0184): the seller's own categories and business details
 * (`PUT /api/me/categories`, `PUT /api/me/business`) and an admin's change of a seller's categories
 * (`PUT /api/admin/users/{id}/categories`), and an admin's "not approved yet, because..."
 * (`POST /api/admin/users/{id}/decline`). Each write refreshes what shows it: the signed-in user,
 * the seller's category lists (the service form's choices), the admin's sellers list.
 */
import type { AdminActionAnswer, MeUpdateAnswer, SellerBusinessBody, SellerCategoriesBody, SellerDeclineBody } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { categoryKeys } from "../../../lib/queries/categories";
import { meQuery } from "../../../lib/session";
import { adminUserKeys } from "./admin-users";

export function useSaveOwnCategories() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerCategoriesBody) => api<MeUpdateAnswer>("/api/me/categories", { method: "PUT", body }),
    onSuccess: (res) => {
      qc.setQueryData(meQuery.queryKey, res.data);
      return qc.invalidateQueries({ queryKey: categoryKeys.all });
    },
  });
}

export function useSaveBusiness() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SellerBusinessBody) => api<MeUpdateAnswer>("/api/me/business", { method: "PUT", body }),
    onSuccess: (res) => qc.setQueryData(meQuery.queryKey, res.data),
  });
}

export function useSetSellerCategories() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SellerCategoriesBody & { id: string }) =>
      api<AdminActionAnswer>(`/api/admin/users/${id}/categories`, { method: "PUT", body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: adminUserKeys.all }), qc.invalidateQueries({ queryKey: categoryKeys.all })]),
  });
}

export function useDeclineSeller() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: SellerDeclineBody & { id: string }) =>
      api<AdminActionAnswer>(`/api/admin/users/${id}/decline`, { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminUserKeys.all }),
  });
}
