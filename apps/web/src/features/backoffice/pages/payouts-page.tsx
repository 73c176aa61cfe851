/**
 * Payouts (admin; design brief "Marketplace money", ADR 0092): the sellers' payout requests, due
 * first, filtered by status. The admin pays a due payout by bank transfer and records it paid with
 * the bank's reference, or records it failed (its money goes back to the seller's available
 * balance); a paid payout the bank sent back is recorded returned ("reversed"). Each decision asks
 * for confirmation in a dialog with its field.
 */
import { Button, Group, Modal, Paper, Stack, Text, TextInput } from "@mantine/core";
import { formatNaira, type Payout, PayoutActionBody } from "@market/contract";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useState } from "react";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { type PayoutFilter, useAdminPayouts, usePayoutAction } from "../api/finance";
import { useBanks } from "../api/profile";
import { DecisionButtons } from "../components/decision-buttons";
import { type ListColumn, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { PayoutStatusBadge } from "../components/payout-status";
import { RoleGate } from "../components/role-gate";
import { StatusFilter } from "../components/status-filter";

const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

/** What the admin records: paid, failed (a due payout), or returned by the bank (a paid one). */
type Decision = { payout: Payout; kind: "paid" | "failed" | "returned" };

const DIALOG = {
  paid: { title: "Mark this payout paid?", confirm: "Mark paid", color: "green", field: "Bank reference" },
  failed: { title: "Mark this payout failed?", confirm: "Mark failed", color: "red", field: "Reason" },
  returned: { title: "Record that the bank sent it back?", confirm: "Record return", color: "grape", field: "Reason" },
} as const;

/** The contract's check of each decision's field (the bank's reference, or the reason). */
const PaidBody = PayoutActionBody.options[0];
const FailedBody = PayoutActionBody.options[1];

function DecisionForm({ decision, bankName, onClose }: { decision: Decision; bankName: (code: string) => string; onClose: () => void }) {
  const act = usePayoutAction();
  const { payout: p, kind } = decision;
  const paid = kind === "paid";
  const field = paid ? "reference" : "reason";
  const toBody = (v: Record<string, string>) =>
    paid
      ? { payout_id: p._id, action: "paid" as const, reference: v.reference ?? "" }
      : { payout_id: p._id, action: "failed" as const, reason: v.reason ?? "" };
  const form = useSchemaForm<Record<string, string>>(paid ? PaidBody : FailedBody, { initialValues: { [field]: "" }, toBody });
  const d = DIALOG[kind];
  const amount = formatNaira(p.amount);
  const account = `${p.account_name}, ${bankName(p.bank_code)} ${p.account_no}`;
  const text =
    kind === "paid"
      ? `Only mark it paid once ${amount} has left the store's account for ${account}.`
      : kind === "failed"
        ? `The payout is cancelled and ${amount} goes back to ${p.seller.names}'s available balance.`
        : `${amount} came back from ${account}: it returns to ${p.seller.names}'s available balance.`;

  const submit = form.submitWith((v) => act.mutateAsync(toBody(v)), {
    onSuccess: (res) => {
      notifySuccess(res.message);
      onClose();
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text fz="sm">{text}</Text>
        <TextInput
          label={d.field}
          placeholder={paid ? "e.g. FBN/TRF/0412/88231" : undefined}
          data-autofocus
          {...form.getInputProps(field)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Leave
          </Button>
          <Button type="submit" color={d.color} loading={act.isPending}>
            {d.confirm}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The confirmation dialog of a decision; a new form for each one. */
function DecisionDialog({
  decision,
  bankName,
  onClose,
}: {
  decision: Decision | null;
  bankName: (code: string) => string;
  onClose: () => void;
}) {
  return (
    <Modal opened={decision !== null} onClose={onClose} title={decision ? DIALOG[decision.kind].title : ""} centered>
      {decision ? (
        <DecisionForm key={`${decision.payout._id}-${decision.kind}`} decision={decision} bankName={bankName} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function Payouts() {
  const [status, setStatus] = useState<PayoutFilter>("requested");
  const [decision, setDecision] = useState<Decision | null>(null);
  const q = useAdminPayouts(status);
  const banks = useBanks();
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const bankName = (code: string) => banks.data?.banks.find((b) => b.bank_code === code)?.bank_name ?? `bank ${code}`;

  const actions = (p: Payout) =>
    p.status === "requested" ? (
      <DecisionButtons
        yes="Mark paid"
        no="Mark failed"
        onYes={() => setDecision({ payout: p, kind: "paid" })}
        onNo={() => setDecision({ payout: p, kind: "failed" })}
      />
    ) : p.status === "paid" && p.provider === "manual" ? (
      <Button
        size="xs"
        variant="subtle"
        color="grape"
        leftSection={<IconArrowBackUp size={14} />}
        onClick={() => setDecision({ payout: p, kind: "returned" })}
      >
        Bank sent it back
      </Button>
    ) : null;

  /** The outcome under the badge: when and with which reference it was paid, or why it failed. */
  const outcome = (p: Payout) =>
    p.status === "paid" || p.status === "reversed" ? (
      <Text fz="xs" c="dimmed">
        {p.paid_at ? `Paid ${dateFmt.format(new Date(p.paid_at))}` : "Paid"}
        {p.reference ? ` · ref ${p.reference}` : ""}
        {p.failure_reason ? ` · ${p.failure_reason}` : ""}
      </Text>
    ) : p.failure_reason ? (
      <Text fz="xs" c="dimmed">
        {p.failure_reason}
      </Text>
    ) : null;

  const columns: ListColumn<Payout>[] = [
    { label: "Requested", nowrap: true, cell: (p) => dateFmt.format(new Date(p.createdAt)) },
    {
      label: "Seller",
      cell: (p) => (
        <>
          <Text fz="sm">{p.seller.names}</Text>
          <Text fz="xs" c="dimmed">
            {p.seller.email}
          </Text>
        </>
      ),
    },
    { label: "Amount", phone: "title", nowrap: true, cell: (p) => <Text fw={600}>{formatNaira(p.amount)}</Text> },
    {
      label: "Bank account",
      cell: (p) => (
        <>
          <Text fz="sm">{p.account_name}</Text>
          <Text fz="xs" c="dimmed">
            {bankName(p.bank_code)} {p.account_no}
          </Text>
        </>
      ),
    },
    {
      label: "Status",
      cell: (p) => (
        <>
          <PayoutStatusBadge status={p.status} />
          {outcome(p)}
        </>
      ),
    },
    { label: "Action", phone: "actions", cell: actions },
  ];

  return (
    <>
      <PageHeader title="Payouts" subtitle="Sellers' payout requests. Pay them by bank transfer, then record the bank's reference." />
      <Paper withBorder radius="md" p="md">
        <StatusFilter
          value={status}
          onChange={setStatus}
          data={[
            { value: "requested", label: "Due" },
            { value: "paid", label: "Paid" },
            { value: "failed", label: "Failed" },
            { value: "reversed", label: "Returned" },
            { value: "all", label: "All" },
          ]}
        />
        <ListTable
          query={q}
          rows={rows}
          rowKey={(p) => p._id}
          columns={columns}
          testId="payouts-table"
          rowTestId="payout-row"
          minWidth={900}
          empty={status === "requested" ? "No payouts are due." : "No payouts here."}
        />
      </Paper>
      <DecisionDialog decision={decision} bankName={bankName} onClose={() => setDecision(null)} />
    </>
  );
}

export default function PayoutsPage() {
  return (
    <RoleGate roles={["admin"]}>
      <Payouts />
    </RoleGate>
  );
}
