/**
 * Reports (admin; ADR 0213): one entry per reported listing or review, open ones oldest first, each
 * with its reports; the admin hides a review, unlists a listing (the reason goes to the seller) or
 * dismisses the reports. "Decided" lists the latest decisions. 100 a page, then "Load more".
 */
import { Button, Group, NativeSelect, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { DecideReportInput, type ReportCase } from "@market/contract";
import { useState } from "react";
import { LoadMore } from "../../../components/load-more";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useDecideReport, useReportQueue } from "../api/reports";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { ReportCaseCard } from "../components/report-case-card";
import { RoleGate } from "../components/role-gate";

function DecideForm({ entry }: { entry: ReportCase }) {
  const decide = useDecideReport(entry._id);
  const review = entry.target_type === "review";
  const form = useSchemaForm<DecideReportInput>(DecideReportInput, {
    initialValues: { action: review ? "hide" : "unlist", reason: "" },
  });
  const submit = form.submitWith((v) => decide.mutateAsync(v), { onSuccess: (res) => notifySuccess(res.message) });
  return (
    <form onSubmit={submit} aria-label="Decision">
      <Group align="flex-end" gap="sm" mt="sm">
        <NativeSelect
          label="Decision"
          data={[
            review ? { value: "hide", label: "Hide the review" } : { value: "unlist", label: "Unlist the listing" },
            { value: "dismiss", label: "Dismiss the reports" },
          ]}
          {...form.getInputProps("action")}
        />
        <TextInput label="Reason (the seller sees it)" style={{ flex: 1, minWidth: 200 }} {...form.getInputProps("reason")} />
        <Button type="submit" loading={decide.isPending}>
          Save
        </Button>
      </Group>
    </form>
  );
}

function Queue() {
  const [status, setStatus] = useState<"open" | "decided">("open");
  const q = useReportQueue(status);
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle="Reported listings and reviews, one entry per item"
        actions={
          <SegmentedControl
            value={status}
            onChange={(v) => setStatus(v as "open" | "decided")}
            data={[
              { value: "open", label: "Open" },
              { value: "decided", label: "Decided" },
            ]}
          />
        }
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.pages[0]!.data.length === 0 ? (
        <Empty>{status === "open" ? "No reports waiting." : "No decisions yet."}</Empty>
      ) : (
        <Stack gap="sm" data-testid="report-queue">
          {q.data.pages
            .flatMap((p) => p.data)
            .map((c) => (
              <ReportCaseCard key={c._id} entry={c}>
                {c.status === "open" && <DecideForm entry={c} />}
              </ReportCaseCard>
            ))}
          <LoadMore list={q} />
        </Stack>
      )}
    </>
  );
}

export default function ReportsPage() {
  return (
    <RoleGate roles={["admin"]}>
      <Queue />
    </RoleGate>
  );
}
