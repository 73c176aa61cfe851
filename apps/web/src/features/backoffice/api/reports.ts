/**
 * Reports (ADR 0213) in the back office: the admins' queue (`GET /api/admin/reports`, one entry per
 * reported item) and their decision, and the seller's own reported items (`GET /api/me/reports`).
 * A decision reloads both lists.
 */
import type { DecideReportAnswer, DecideReportInput, ReportCasesAnswer } from "@market/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

const reportKeys = {
  all: ["bo", "reports"] as const,
  queue: (status: "open" | "decided") => [...reportKeys.all, "queue", status] as const,
  mine: () => [...reportKeys.all, "mine"] as const,
};

export function useReportQueue(status: "open" | "decided") {
  return useQuery({
    queryKey: reportKeys.queue(status),
    queryFn: ({ signal }) => api<ReportCasesAnswer>(`/api/admin/reports?status=${status}`, { signal }),
  });
}

export function useMyReports() {
  return useQuery({ queryKey: reportKeys.mine(), queryFn: ({ signal }) => api<ReportCasesAnswer>("/api/me/reports", { signal }) });
}

export function useDecideReport(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideReportInput) => api<DecideReportAnswer>(`/api/admin/reports/${caseId}/decide`, { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
