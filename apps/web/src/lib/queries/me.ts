/**
 * Writes to the signed-in user (spec §7 PUT /api/me, POST /api/address), shared by the customer
 * area and the back office. The user is read by `meQuery` (lib/session.ts); every write here
 * refreshes it, so each screen shows the change (and a replaced one-time password opens the rest of
 * the back office).
 */
import type { AddressAnswer, AddressBody, ChangePasswordBody, MessageAnswer, MeUpdateAnswer, ProfileUpdateBody } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { meQuery } from "../session";

/** PUT /api/me with request_type "changePass". */
export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ChangePasswordBody, "request_type">) =>
      api<MessageAnswer>("/api/me", { method: "PUT", body: { ...body, request_type: "changePass" } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

/** PUT /api/me with request_type "profile" (name, WhatsApp, payout account, picture). */
export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api<MeUpdateAnswer>("/api/me", { method: "PUT", body: { ...body, request_type: "profile" } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: meQuery.queryKey }),
  });
}

/** Create, update or delete an address; the answer's list replaces the cached user's addresses. */
export function useAddressMutation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AddressBody) => api<AddressAnswer>("/api/address", { method: "POST", body }),
    onSuccess: (res) => {
      qc.setQueryData(meQuery.queryKey, (me) => (me ? { ...me, addresses: res.data } : me));
    },
  });
}
