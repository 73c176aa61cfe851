/**
 * One reported item (ADR 0213) as the admin's queue and the seller's view show it: what it is, its
 * seller, the state and the admin's reason, and each report (reason, comment as text, whether the
 * reporter bought it); `children` adds the admin's decision form.
 */
import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { REPORT_REASON_LABELS, type ReportCase } from "@market/contract";
import type { ReactNode } from "react";
import { formatDay } from "../../../lib/dates";

const KIND: Record<ReportCase["target_type"], string> = { product: "Product", post: "Service", review: "Review" };
const STATUS: Record<ReportCase["status"], { label: string; color: string }> = {
  open: { label: "Waiting for an admin", color: "orange" },
  hidden: { label: "Review hidden", color: "red" },
  unlisted: { label: "Listing unlisted", color: "red" },
  dismissed: { label: "Dismissed", color: "gray" },
};

export function ReportCaseCard({ entry, children }: { entry: ReportCase; children?: ReactNode }) {
  const s = STATUS[entry.status];
  return (
    <Paper withBorder p="md" radius="md" data-testid="report-case">
      <Group justify="space-between" align="flex-start" gap="sm" mb={6}>
        <div style={{ minWidth: 0 }}>
          <Text fz="xs" c="dimmed">
            {KIND[entry.target_type]} by {entry.seller.names} (@{entry.seller.username}) · first reported {formatDay(entry.createdAt)}
          </Text>
          <Text fw={600} style={{ wordBreak: "break-word" }}>
            {entry.title}
          </Text>
        </div>
        <Group gap={6}>
          {entry.auto_hidden && entry.status === "open" && (
            <Badge color="red" variant="light" tt="none">
              Hidden until decided
            </Badge>
          )}
          <Badge color={s.color} variant="light" tt="none" data-testid="report-status">
            {s.label}
          </Badge>
        </Group>
      </Group>
      {entry.reason && (
        <Text fz="sm" mb={6}>
          Admin's reason: {entry.reason}
        </Text>
      )}
      <Stack gap={4}>
        {entry.reports.map((r) => (
          <Text key={r._id} fz="sm" style={{ whiteSpace: "pre-line", wordBreak: "break-word" }}>
            <b>{REPORT_REASON_LABELS[r.reason]}</b>
            {r.verified_buyer ? " (verified buyer)" : ""} · {r.reporter.names}, {formatDay(r.createdAt)}
            {r.comment ? `: ${r.comment}` : ""}
          </Text>
        ))}
      </Stack>
      {children}
    </Paper>
  );
}
