/**
 * The admin's side of the store's settings (ADR 0135), apart from settings.ts: every page reads the
 * settings, only the back office's Commission screen changes them.
 */
import type { ShippingSettingsBody, StoreSettingsUpdateAnswer } from "@market/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { storeSettingsQuery } from "./settings";

/** The admin's change of the free shipping threshold (PUT /api/admin/shipping); this tab shows it at once. */
export function useSaveShipping() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettingsBody) => api<StoreSettingsUpdateAnswer>("/api/admin/shipping", { method: "PUT", body }),
    onSuccess: (res) => qc.setQueryData(storeSettingsQuery.queryKey, res.data),
  });
}
