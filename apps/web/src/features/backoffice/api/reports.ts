/**
 * Reports (ADR 0213) in the back office: the admins' queue (`GET /api/admin/reports`, one entry per
 * reported item) and their decision, and the seller's own reported items (`GET /api/me/reports`).
 * Both page on by cursor (100 a page, "Load more"). A decision reloads both lists.
 */
import type { DecideReportAnswer, DecideReportInput, ReportCasesAnswer } from "@market/contract";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { cursorPagesQuery } from "../../../lib/queries/pages";

const reportKeys = {
  all: ["bo", "reports"] as const,
  queue: (status: "open" | "decided") => [...reportKeys.all, "queue", status] as const,
  mine: () => [...reportKeys.all, "mine"] as const,
};

export function useReportQueue(status: "open" | "decided") {
  return useInfiniteQuery(cursorPagesQuery<ReportCasesAnswer>(reportKeys.queue(status), "/api/admin/reports", { status }));
}

export function useMyReports() {
  return useInfiniteQuery(cursorPagesQuery<ReportCasesAnswer>(reportKeys.mine(), "/api/me/reports"));
}

export function useDecideReport(caseId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DecideReportInput) => api<DecideReportAnswer>(`/api/admin/reports/${caseId}/decide`, { method: "POST", body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
