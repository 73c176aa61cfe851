/** GET /api/dashboard: the seller's own figures, or the store's for an admin (ADR 0041). */
import type { DashboardAnswer } from "@market/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const dashboardQuery = queryOptions({
  queryKey: ["bo", "dashboard"],
  queryFn: async () => (await api<DashboardAnswer>("/api/dashboard")).data,
  staleTime: 30_000,
});

export function useDashboard() {
  return useQuery(dashboardQuery);
}
