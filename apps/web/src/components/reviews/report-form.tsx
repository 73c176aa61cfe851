/**
 * Report a listing or a review (ADR 0213): a reason and an optional comment (plain text), checked
 * with the contract's `ReportInput`. Its own chunk, loaded when the dialog opens.
 */
import { Button, NativeSelect, Stack, Textarea } from "@mantine/core";
import { REPORT_REASON_LABELS, REPORT_REASONS, ReportInput } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { useSchemaForm } from "../../lib/form";
import { notifySuccess } from "../../lib/notify";

export default function ReportForm({ target, id, onDone }: { target: "listing" | "review"; id: string; onDone: () => void }) {
  const send = useMutation({
    mutationFn: (body: ReportInput) => api<{ message: string }>("/api/reports", { method: "POST", body }),
  });
  const form = useSchemaForm<ReportInput>(ReportInput, {
    initialValues: { target_type: target, target_id: id, reason: "counterfeit", comment: "" },
  });
  const submit = form.submitWith((v) => send.mutateAsync(v), {
    onSuccess: (res) => {
      notifySuccess(res.message);
      onDone();
    },
  });
  return (
    <form onSubmit={submit} aria-label="Report form">
      <Stack gap="sm">
        <NativeSelect
          label="Reason"
          data={REPORT_REASONS.map((r) => ({ value: r, label: REPORT_REASON_LABELS[r] }))}
          {...form.getInputProps("reason")}
        />
        <Textarea label="What is wrong? (optional)" minRows={2} maxLength={1000} {...form.getInputProps("comment")} />
        <Button type="submit" color="red" loading={send.isPending} w="fit-content">
          Send report
        </Button>
      </Stack>
    </form>
  );
}
