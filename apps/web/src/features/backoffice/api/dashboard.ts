/** GET /api/dashboard: the seller's own figures, or the store's for an admin (ADR 0041). */
import type { DashboardAnswer } from "@market/contract";
import { type QueryClient, type QueryKey, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The dashboard's query key: writes that change its figures (orders, transfers, listings, users) invalidate it. */
const dashboardKeys = { all: ["bo", "dashboard"] as const };

/**
 * Marks stale every query under each of `keys` and the dashboard's figures: what a back-office write
 * changes besides its own screen. Resolves once the active ones among them have refetched.
 */
export function invalidateWithDashboard(qc: QueryClient, ...keys: QueryKey[]) {
  return Promise.all([...keys, dashboardKeys.all].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: async () => (await api<DashboardAnswer>("/api/dashboard")).data,
  staleTime: 30_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
