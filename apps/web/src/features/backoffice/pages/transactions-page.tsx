/**
 * Transactions (admin; spec §2, made real per the design brief): the bank-transfer records with
 * amount, payer, order and status. Confirm marks the order paid; Reject releases its stock.
 * A transfer nobody decided in time is "flagged" (its stock already went back on sale, ADR 0081):
 * it has its own filter and note, and can still be confirmed (stock reserved again) or rejected.
 * A paid order can be refunded, whole or one item, from its row (ADR 0093). Each row shows the
 * order's number (opening its page) and the transfer's reference; the search box finds a transfer by
 * either, whatever its status (ADR 0177).
 */
import { Anchor, Badge, Button, Paper, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { type AdminTransaction, BACKOFFICE_PATHS, formatNaira } from "@market/contract";
import { IconReceiptRefund, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { generatePath, Link } from "react-router";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { type TransferFilter, useAdminTransactions, useTransactionAction } from "../api/transactions";
import { askConfirm } from "../components/confirm";
import { DecisionButtons } from "../components/decision-buttons";
import { type ListColumn, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { RefundDialog } from "../components/refund-dialog";
import { RoleGate } from "../components/role-gate";
import { StatusFilter } from "../components/status-filter";

const STATUS_COLOR = { submitted: "orange", flagged: "grape", confirmed: "green", rejected: "red" } as const;
const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });

function Transactions() {
  const [status, setStatus] = useState<TransferFilter>("submitted");
  const [search, setSearch] = useState("");
  const [searched] = useDebouncedValue(search.trim(), 300);
  // A search looks through every status: the admin holding a reference does not know its state.
  const q = useAdminTransactions(searched ? "all" : status, searched);
  const act = useTransactionAction();
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];

  const run = (transaction_id: string, action: "confirm" | "reject") =>
    act.mutate({ transaction_id, action }, { onSuccess: (res) => notifySuccess(res.message), onError: (e) => notifyError(e) });

  const ask = (t: AdminTransaction, action: "confirm" | "reject") => {
    const flagged = t.status === "flagged";
    const amount = formatNaira(t.amount);
    const text =
      action === "confirm"
        ? flagged
          ? `Only confirm once ${amount} is in the store's account. This order's items went back on sale when it was flagged: confirming reserves them again if they are still in stock, and the buyer is told.`
          : `Only confirm once ${amount} is in the store's account. The order becomes paid and its sellers see it.`
        : flagged
          ? `The order is closed and the buyer is told. Its items are already back on sale. If ${amount} reached the store's account, refund the buyer.`
          : "The order is cancelled and its stock goes back on sale.";
    askConfirm({
      title: action === "confirm" ? "Confirm this transfer?" : "Reject this transfer?",
      children: <Text fz="sm">{text}</Text>,
      labels: { confirm: action === "confirm" ? "Confirm" : "Reject", cancel: "Leave" },
      color: action === "confirm" ? "green" : "red",
      onConfirm: () => run(t._id, action),
    });
  };

  /** The status badge, with a note on transfers that were flagged for not being decided in time. */
  const statusCell = (t: AdminTransaction) => (
    <div>
      <Badge style={{ minWidth: "fit-content" }} color={STATUS_COLOR[t.status]} variant="light">
        {t.status}
      </Badge>
      {t.flagged_at && (
        <Text fz="xs" c="dimmed" mt={4} data-testid="flag-note">
          {t.status === "flagged" ? "Not confirmed in time: stock released" : "Was flagged"} on {dateFmt.format(new Date(t.flagged_at))}
        </Text>
      )}
    </div>
  );

  const [refundFor, setRefundFor] = useState<{ _id: string; number: string; buyer: string } | null>(null);
  const actions = (t: AdminTransaction) =>
    t.status === "submitted" || t.status === "flagged" ? (
      <DecisionButtons yes="Confirm" no="Reject" disabled={act.isPending} onYes={() => ask(t, "confirm")} onNo={() => ask(t, "reject")} />
    ) : t.order_status === "paid" ? (
      <Button
        size="xs"
        variant="light"
        color="orange"
        leftSection={<IconReceiptRefund size={14} />}
        onClick={() => setRefundFor({ _id: t.order_id, number: t.order_number, buyer: t.buyer.names })}
      >
        Refund
      </Button>
    ) : (
      <Text fz="xs" c="dimmed">
        Reviewed
      </Text>
    );

  const columns: ListColumn<AdminTransaction>[] = [
    { label: "Date", nowrap: true, cell: (t) => dateFmt.format(new Date(t.createdAt)) },
    {
      label: "Payer",
      cell: (t) => (
        <>
          <Text fz="sm">{t.buyer.names}</Text>
          <Text fz="xs" c="dimmed">
            {t.buyer.email}
          </Text>
        </>
      ),
    },
    {
      label: "Order",
      cell: (t) => (
        <>
          <Anchor component={Link} to={generatePath(BACKOFFICE_PATHS.order, { id: t.order_id })} fz="sm" fw={600} data-testid="order-link">
            {t.order_number}
          </Anchor>
          <Text fz="xs" ff="monospace" data-testid="transfer-reference">
            Ref {t.reference}
          </Text>
          <Text fz="xs" c="dimmed">
            {t.order_status.replace("_", " ")}
          </Text>
        </>
      ),
    },
    { label: "Amount", phone: "title", nowrap: true, cell: (t) => <Text fw={600}>{formatNaira(t.amount)}</Text> },
    {
      label: "From account",
      cell: (t) => (
        <>
          <Text fz="sm" ff="monospace">
            {t.payer_account_no}
          </Text>
          <Text fz="xs" c="dimmed">
            to {t.client_bank} {t.client_account_no}
          </Text>
        </>
      ),
    },
    { label: "Status", cell: statusCell },
    { label: "Action", phone: "actions", cell: actions },
  ];

  return (
    <>
      <PageHeader title="Transactions" subtitle="Bank transfers sent by shoppers. Check your bank statement, then confirm or reject." />
      <Paper withBorder radius="md" p="md">
        <TextInput
          mb="sm"
          maw={360}
          label="Find a transfer"
          placeholder="Order number or payment reference"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maxLength={40}
          data-testid="transactions-search"
        />
        <StatusFilter
          value={status}
          onChange={setStatus}
          data={[
            { value: "submitted", label: "Awaiting" },
            { value: "flagged", label: "Flagged" },
            { value: "confirmed", label: "Confirmed" },
            { value: "rejected", label: "Rejected" },
            { value: "all", label: "All" },
          ]}
        />
        <ListTable
          query={q}
          rows={rows}
          rowKey={(t) => t._id}
          columns={columns}
          testId="transactions-table"
          rowTestId="transaction-row"
          minWidth={900}
          empty="No transfers here."
        />
      </Paper>
      <RefundDialog order={refundFor} onClose={() => setRefundFor(null)} />
    </>
  );
}

export default function TransactionsPage() {
  return (
    <RoleGate roles={["admin"]}>
      <Transactions />
    </RoleGate>
  );
}
