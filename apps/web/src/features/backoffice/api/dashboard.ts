/** GET /api/dashboard: the seller's own figures, or the store's for an admin (ADR 0041). */
import type { DashboardAnswer } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The dashboard's query key: writes that change its figures (orders, transfers, listings, users) invalidate it. */
export const dashboardKeys = { all: ["bo", "dashboard"] as const };

const dashboardQuery = queryOptions({
  queryKey: dashboardKeys.all,
  queryFn: async () => (await api<DashboardAnswer>("/api/dashboard")).data,
  staleTime: 30_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
