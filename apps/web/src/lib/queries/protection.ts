/**
 * Buyer protection's writes and the admin's disputes (ADR 0193-0196): the buyer confirms receipt or
 * reports a problem, the seller ships with tracking, cancels or answers a problem, the admin lists
 * and decides disputes. Every write reads the orders again (the order pages, the seller's lines).
 */
import type {
  AdminProblem,
  AdminProblemsAnswer,
  CancelLineBody,
  DecideProblemBody,
  MessageAnswer,
  ProblemAnswer,
  ReplyProblemBody,
  ReportProblemBody,
} from "@market/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../api";
import { orderKeys } from "./orders";

const problemKeys = { all: ["problems"] as const, list: (status: "open" | "closed") => ["problems", status] as const };

/** After a move: the orders (pages, history), the seller's lines and the disputes are read again. */
function useRefresh() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: orderKeys.all }),
      qc.invalidateQueries({ queryKey: ["bo"] }),
      qc.invalidateQueries({ queryKey: problemKeys.all }),
    ]);
}

export function useConfirmReceived(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (lineId: string) =>
      api<MessageAnswer>(`/api/orders/${encodeURIComponent(orderId)}/received`, { method: "POST", body: { line_id: lineId } }),
    onSuccess: refresh,
  });
}

export function useReportProblem(orderId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ReportProblemBody) =>
      api<ProblemAnswer>(`/api/orders/${encodeURIComponent(orderId)}/problems`, { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useReplyProblem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ReplyProblemBody }) =>
      api<ProblemAnswer>(`/api/orders/problems/${encodeURIComponent(id)}/reply`, { method: "POST", body }),
    onSuccess: refresh,
  });
}

export function useCancelLine() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ lineId, body }: { lineId: string; body: CancelLineBody }) =>
      api<MessageAnswer>(`/api/orders/lines/${encodeURIComponent(lineId)}/cancel`, { method: "POST", body }),
    onSuccess: refresh,
  });
}

/** The admin's disputes: open ones oldest first, or closed ones newest first. */
export function useProblems(status: "open" | "closed") {
  return useQuery({
    queryKey: problemKeys.list(status),
    queryFn: async ({ signal }): Promise<AdminProblem[]> =>
      (await api<AdminProblemsAnswer>(`/api/admin/problems?status=${status}`, { signal })).data,
  });
}

export function useDecideProblem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DecideProblemBody }) =>
      api<ProblemAnswer>(`/api/admin/problems/${encodeURIComponent(id)}/decide`, { method: "POST", body }),
    onSuccess: refresh,
  });
}
