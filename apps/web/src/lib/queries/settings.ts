/**
 * The store's settings every page shows (GET /api/settings, public; ADR 0135): the free standard
 * shipping threshold the admin sets, which the top bar, the footer, the home page and the checkout
 * total use. The header asks for it on every page, so a server-drawn page carries it in its data.
 */
import type { StoreSettings, StoreSettingsAnswer } from "@market/contract";
import { freeShippingPromise } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../api";

/** The store's settings (one cached answer; the admin's save replaces it: settings-admin.ts). */
export const storeSettingsQuery = queryOptions({
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
