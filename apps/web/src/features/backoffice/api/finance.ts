/**
 * The admin's money (design brief "Marketplace money"; ADRs 0091-0093, 0097): the store's figures
 * for a period (`GET /api/admin/finance`) and their CSV (`GET /api/admin/finance.csv`), the payouts
 * queue (`GET` / `PUT /api/admin/payouts`), the commission rates (`GET` / `PUT /api/admin/commission`)
 * and refunds (`GET` / `POST /api/admin/refunds`). Amounts are naira.
 */
import type {
  CommissionSettingsAnswer,
  CommissionSettingsBody,
  CommissionSettingsUpdateAnswer,
  FinanceSummaryAnswer,
  Payout,
  PayoutActionBody,
  PayoutAnswer,
  PayoutsAnswer,
  RefundAnswer,
  RefundableAnswer,
  RefundBody,
} from "@market/contract";
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiBlob } from "../../../lib/api";
import { useIdempotencyKey } from "../../../lib/idempotency";
import { cursorPagesQuery } from "../../../lib/queries/pages";
import { saveFile } from "../../../lib/save-file";
import { invalidateWithDashboard } from "./dashboard";
import { earningsKeys } from "./earnings";
import { transactionKeys } from "./transactions";

/** A period: ISO instants, `from` inclusive and `to` exclusive; both missing means all time. */
export type Period = { from?: string; to?: string };
/** The payouts queue's filters: a payout status, or every payout. */
export type PayoutFilter = Payout["status"] | "all";

/** Query keys of the admin's money, defined once; `all` refreshes every screen after a write. */
const financeKeys = {
  all: ["bo", "finance"] as const,
  summary: (p: Period) => [...financeKeys.all, "summary", p.from ?? "", p.to ?? ""] as const,
  payouts: () => [...financeKeys.all, "payouts"] as const,
  payoutList: (status: PayoutFilter) => [...financeKeys.payouts(), status] as const,
  commission: () => [...financeKeys.all, "commission"] as const,
  refundable: (orderId: string) => [...financeKeys.all, "refundable", orderId] as const,
};

function periodSearch(p: Period): string {
  const params = new URLSearchParams();
  if (p.from) params.set("from", p.from);
  if (p.to) params.set("to", p.to);
  const s = params.toString();
  return s ? `?${s}` : "";
}

const financeSummaryQuery = (p: Period) =>
  queryOptions({
    queryKey: financeKeys.summary(p),
    queryFn: async ({ signal }) => (await api<FinanceSummaryAnswer>(`/api/admin/finance${periodSearch(p)}`, { signal })).data,
    staleTime: 30_000,
  });

export function useFinanceSummary(p: Period) {
  return useQuery(financeSummaryQuery(p));
}

/** Download the period's figures as CSV, named after the period (`finance-<from>-to-<to>.csv`). */
export function useDownloadFinanceCsv() {
  return useMutation({
    mutationFn: async (p: Period) => {
      const blob = await apiBlob(`/api/admin/finance.csv${periodSearch(p)}`);
      saveFile(blob, `finance-${p.from?.slice(0, 10) ?? "start"}-to-${p.to?.slice(0, 10) ?? "now"}.csv`);
    },
  });
}

function adminPayoutsQuery(status: PayoutFilter) {
  return cursorPagesQuery<PayoutsAnswer>(financeKeys.payoutList(status), "/api/admin/payouts", {
    limit: "50",
    status: status === "all" ? undefined : status,
  });
}

export function useAdminPayouts(status: PayoutFilter) {
  return useInfiniteQuery(adminPayoutsQuery(status));
}

/** After a write that moves money: every admin money screen, the sellers' earnings and the dashboard. */
function refreshMoney(qc: ReturnType<typeof useQueryClient>) {
  return invalidateWithDashboard(qc, financeKeys.all, earningsKeys.all);
}

/** Record a payout paid (with the bank's reference) or failed (with the reason). */
export function usePayoutAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Exclude<PayoutActionBody, { action: "send" }>) => api<PayoutAnswer>("/api/admin/payouts", { method: "PUT", body }),
    onSuccess: () => refreshMoney(qc),
  });
}

const commissionQuery = queryOptions({
  queryKey: financeKeys.commission(),
  queryFn: async ({ signal }) => (await api<CommissionSettingsAnswer>("/api/admin/commission", { signal })).data,
});

export function useCommission() {
  return useQuery(commissionQuery);
}

export function useSaveCommission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionSettingsBody) => api<CommissionSettingsUpdateAnswer>("/api/admin/commission", { method: "PUT", body }),
    onSuccess: (res) => qc.setQueryData(financeKeys.commission(), res.data),
  });
}

/** What is left to refund of an order (loaded when the refund dialog opens). */
const refundableQuery = (orderId: string) =>
  queryOptions({
    queryKey: financeKeys.refundable(orderId),
    queryFn: async ({ signal }) => (await api<RefundableAnswer>(`/api/admin/refunds?order_id=${orderId}`, { signal })).data,
  });

export function useRefundable(orderId: string) {
  return useQuery(refundableQuery(orderId));
}

export function useRefund() {
  const qc = useQueryClient();
  const withKey = useIdempotencyKey();
  return useMutation({
    mutationFn: (body: RefundBody) =>
      withKey(body, (idempotencyKey) => api<RefundAnswer>("/api/admin/refunds", { method: "POST", body, idempotencyKey })),
    onSuccess: () => Promise.all([refreshMoney(qc), qc.invalidateQueries({ queryKey: transactionKeys.all })]),
  });
}
