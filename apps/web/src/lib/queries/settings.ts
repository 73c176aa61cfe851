/**
 * The store's settings every page shows (GET /api/settings, public; ADR 0135): the free standard
 * shipping threshold the admin sets, which the top bar, the footer, the home page and the checkout
 * total use. The header asks for it on every page, so a server-drawn page carries it in its data.
 */
import type { ShippingSettingsBody, StoreSettings, StoreSettingsAnswer, StoreSettingsUpdateAnswer } from "@market/contract";
import { freeShippingPromise } from "@market/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";

/** The store's settings (one cached answer; the admin's save replaces it). */
const storeSettingsQuery = queryOptions({
  queryKey: ["store-settings"] as const,
  queryFn: async ({ signal }) => (await api<StoreSettingsAnswer>("/api/settings", { signal })).data,
  staleTime: 5 * 60_000,
});

/** The store's settings, or undefined while they load. */
export function useStoreSettings(): StoreSettings | undefined {
  return useQuery(storeSettingsQuery).data;
}

/** The free shipping promise, or null when there is none (or not known yet: never a wrong one). */
export function useFreeShippingPromise(): string | null {
  const settings = useStoreSettings();
  return settings ? freeShippingPromise(settings.free_shipping_over) : null;
}

/** The admin's change of the free shipping threshold (PUT /api/admin/shipping); this tab shows it at once. */
export function useSaveShipping() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingSettingsBody) => api<StoreSettingsUpdateAnswer>("/api/admin/shipping", { method: "PUT", body }),
    onSuccess: (res) => qc.setQueryData(storeSettingsQuery.queryKey, res.data),
  });
}
