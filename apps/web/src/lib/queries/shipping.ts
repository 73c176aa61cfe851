/**
 * Each seller's delivery by state (ADR 0199): a seller's rates and pickup points (GET
 * /api/shipping/rates, public: the product page's "Delivers to ..." line and the seller's Delivery
 * screen), their save (PUT, the seller's own), and the quote of the signed-in buyer's cart for a
 * state (GET /api/shipping/quote: the cart and checkout groups). Naira throughout.
 */
import type { ShippingQuoteAnswer, ShippingRatesAnswer, ShippingRatesBody, ShippingRatesUpdateAnswer } from "@market/contract";
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";

const shippingKeys = {
  rates: (sellerId: string) => ["shipping-rates", sellerId] as const,
  quote: (state: string, pickup: readonly string[], cart: string) => ["shipping-quote", state, pickup.join(","), cart] as const,
};

const ratesQuery = (sellerId: string) =>
  queryOptions({
    queryKey: shippingKeys.rates(sellerId),
    queryFn: async ({ signal }) => (await api<ShippingRatesAnswer>(`/api/shipping/rates?seller_id=${sellerId}`, { signal })).data,
    staleTime: 60_000,
  });

/** A seller's rates and pickup points (empty rates: the store's rate everywhere). */
export function useShippingRates(sellerId: string | undefined) {
  return useQuery({ ...ratesQuery(sellerId ?? ""), enabled: Boolean(sellerId) });
}

/** Save the signed-in seller's rates and pickup points (replacing them). */
export function useSaveShippingRates(sellerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingRatesBody) => api<ShippingRatesUpdateAnswer>("/api/shipping/rates", { method: "PUT", body }),
    onSuccess: (res) => qc.setQueryData(shippingKeys.rates(sellerId), res.data),
  });
}

/**
 * The signed-in buyer's cart shipped to `state` with the pickup points chosen; disabled until a
 * Nigerian state is known; `cartKey` names the cart's lines, so a changed cart is quoted again. The
 * previous quote stays shown while the next one loads.
 */
export function useShippingQuote(state: string | null, pickup: readonly string[], cartKey: string, enabled = true) {
  return useQuery({
    queryKey: shippingKeys.quote(state ?? "", pickup, cartKey),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ state: state ?? "" });
      if (pickup.length) params.set("pickup", pickup.join(","));
      return (await api<ShippingQuoteAnswer>(`/api/shipping/quote?${params}`, { signal })).data;
    },
    enabled: enabled && Boolean(state),
    placeholderData: keepPreviousData,
  });
}
