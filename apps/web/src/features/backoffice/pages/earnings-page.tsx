/**
 * Earnings (seller; design brief "Marketplace money", ADRs 0091, 0092): the pending, available,
 * in-transit and paid-out balances; the payout request (the whole available balance or part of it,
 * at least the store's minimum, to the seller's verified bank account); the statement of every
 * entry (sale less commission, release after the holding period, refund, payout) page by page,
 * with its CSV; the seller's payouts and their status. Amounts are naira, shown with 2 decimals.
 */
import { Alert, Anchor, Badge, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type EarningsBalances, FINANCE_MESSAGES, type Payout, PayoutRequestBody, type StatementEntry } from "@market/contract";
import { IconAlertTriangle, IconDownload, IconSend } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useSchemaForm } from "../../../lib/form";
import { naira2 } from "../../../lib/money";
import { errorMessage, notifyError, notifySuccess } from "../../../lib/notify";
import { useSession } from "../../../lib/session";
import { useDownloadStatement, useEarnings, usePayouts, useRequestPayout } from "../api/earnings";
import { askConfirm } from "../components/confirm";
import { type ListColumn, type ListQuery, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { PayoutStatusBadge } from "../components/payout-status";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { BO } from "../lib/nav";

const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

/** An order's short number, as the other back-office screens show it. */
const orderNo = (id: string) => id.slice(0, 8).toUpperCase();

/** A signed amount: "+₦22,500.00" / "-₦2,500.00". */
const signed = (n: number) => (n > 0 ? `+${naira2(n)}` : naira2(n));

const KIND_LABEL: Record<StatementEntry["kind"], string> = {
  sale: "Sale",
  release: "Now available",
  refund: "Refund",
  payout: "Payout requested",
  payout_paid: "Payout paid",
  payout_returned: "Payout returned",
  debt: "Cash on delivery settled",
};

function Balances({ b }: { b: EarningsBalances }) {
  const cards: Array<{ key: string; label: string; value: number; hint: string }> = [
    {
      key: "pending",
      label: "Pending",
      value: b.pending,
      hint:
        b.holding_days === 0
          ? "Paid orders. Available once delivered."
          : `Paid orders. Available ${b.holding_days} ${b.holding_days === 1 ? "day" : "days"} after delivery.`,
    },
    { key: "available", label: "Available", value: b.available, hint: "Yours to pay out now." },
    { key: "in-transit", label: "In transit", value: b.in_transit, hint: "Payouts requested, not yet paid." },
    { key: "paid-out", label: "Paid out", value: b.paid_out, hint: "Sent to your bank account." },
    // Cash your couriers collected on delivery still owed to the store, taken from what becomes available (ADR 0222).
    ...(b.owed
      ? [
          {
            key: "owed",
            label: "Owed (pay on delivery)",
            value: b.owed,
            hint: "Cash collected on delivery: taken from your next earnings.",
          },
        ]
      : []),
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {cards.map((c) => (
        <Paper key={c.key} withBorder radius="md" p="md">
          <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
            {c.label}
          </Text>
          <Text fz={{ base: "lg", sm: "xl" }} fw={700} mt={4} data-testid={`balance-${c.key}`}>
            {naira2(c.value)}
          </Text>
          <Text fz="xs" c="dimmed" mt={4}>
            {c.hint}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Why no payout can be asked for now, as a sentence (null when one can). */
function blockedReason(b: EarningsBalances, hasAccount: boolean): ReactNode {
  const settings = (
    <Anchor component={Link} to={`${BO}/settings`} fz="sm">
      Open your profile settings
    </Anchor>
  );
  if (!hasAccount)
    return (
      <>
        {FINANCE_MESSAGES.noAccount}. {settings}
      </>
    );
  if (!b.bank_account_verified)
    return (
      <>
        {FINANCE_MESSAGES.unverifiedAccount}. The store checks it soon after you save it. {settings}
      </>
    );
  if (b.available <= 0) return `${FINANCE_MESSAGES.nothingAvailable}.`;
  if (b.available < b.min_payout) return `You can request a payout once your available balance reaches ${naira2(b.min_payout)}.`;
  return null;
}

/** The payout request's one field: empty for the whole available balance. */
type PayoutFields = { amount: string | number };
const payoutBody = (v: PayoutFields) => (v.amount === "" ? {} : { amount: Number(v.amount) });

function PayoutRequest({ b }: { b: EarningsBalances }) {
  const { details } = useSession();
  const request = useRequestPayout();
  const form = useSchemaForm<PayoutFields>(PayoutRequestBody, { initialValues: { amount: "" }, toBody: payoutBody });
  const blocked = blockedReason(b, Boolean(details?.account_no));
  // The screen says a refusal in its own alert below the field.
  const send = form.submitWith((v) => request.mutateAsync(payoutBody(v).amount), {
    onSuccess: (res) => {
      notifySuccess(res.message);
      form.setValues({ amount: "" });
    },
    alert: false,
  });

  // The balance's limits (the server checks them again), then a confirmation, then the request.
  const review = form.onSubmit((v) => {
    const value = payoutBody(v).amount;
    if (value !== undefined && value > b.available) return form.setFieldError("amount", FINANCE_MESSAGES.aboveAvailable);
    if (value !== undefined && value < b.min_payout) return form.setFieldError("amount", FINANCE_MESSAGES.belowMinimum(b.min_payout));
    const total = value ?? b.available;
    askConfirm({
      title: "Request this payout?",
      children: (
        <Text fz="sm">
          {naira2(total)} will be sent to account {details?.account_no} ({details?.account_name}). It leaves your available balance now.
        </Text>
      ),
      labels: { confirm: "Request payout", cancel: "Leave" },
      color: "green",
      onConfirm: () => send(),
    });
  });
  const amountProps = form.getInputProps("amount");

  return (
    <Paper withBorder radius="md" p="md" data-testid="payout-request">
      <Title order={3} fz="lg">
        Request a payout
      </Title>
      <Text fz="sm" c="dimmed" mt={4}>
        The smallest payout is {naira2(b.min_payout)}. Leave the amount empty to pay out your whole available balance.
      </Text>
      {blocked ? (
        <Text fz="sm" mt="sm" data-testid="payout-blocked">
          {blocked}
        </Text>
      ) : null}
      <form onSubmit={review} noValidate>
        <Group align="flex-start" mt="sm" gap="sm">
          <NumberInput
            label="Amount (₦)"
            placeholder={`All of it: ${naira2(b.available)}`}
            {...amountProps}
            onChange={(v) => {
              amountProps.onChange(v);
              request.reset();
            }}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            hideControls
            disabled={Boolean(blocked)}
            w={{ base: "100%", xs: 240 }}
          />
          <Button
            type="submit"
            mt={{ base: 0, xs: 25 }}
            leftSection={<IconSend size={16} />}
            disabled={Boolean(blocked)}
            loading={request.isPending}
          >
            Request payout
          </Button>
        </Group>
      </form>
      {request.isError ? (
        <Alert mt="sm" color="red" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="payout-error">
          {errorMessage(request.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** What an entry was: the item and order of a sale or refund, the commission kept, the reason or reference. */
function entryDetail(e: StatementEntry): string {
  const parts: string[] = [];
  if (e.order_id) parts.push(`Order ${orderNo(e.order_id)}`);
  if (e.kind === "sale" && e.line_amount !== null && e.commission !== null)
    parts.push(`${naira2(e.line_amount)} less ${naira2(e.commission)} commission`);
  if (e.memo) parts.push(e.memo);
  return parts.join(" · ");
}

/** A release is two entries: out of pending ("Moved to available") and into available ("Now available"). */
function entryTitle(e: StatementEntry): string {
  const kind = e.kind === "release" && e.balance === "pending" ? "Moved to available" : KIND_LABEL[e.kind];
  return e.line_name ? `${kind}: ${e.line_name}` : kind;
}

function BalanceBadge({ balance }: { balance: StatementEntry["balance"] }) {
  return (
    <Badge style={{ minWidth: "fit-content" }} variant="light" color={balance === "pending" ? "yellow" : "green"}>
      {balance}
    </Badge>
  );
}

function Amount({ n }: { n: number }) {
  return (
    <Text component="span" fz="sm" fw={600} c={n < 0 ? "red" : "green"} style={{ whiteSpace: "nowrap" }} data-testid="entry-amount">
      {signed(n)}
    </Text>
  );
}

const STATEMENT_COLUMNS: ListColumn<StatementEntry>[] = [
  { label: "Date", nowrap: true, cell: (e) => dateFmt.format(new Date(e.createdAt)) },
  {
    label: "Entry",
    phone: "title",
    cell: (e) => (
      <>
        <Text fz="sm" fw="inherit">
          {entryTitle(e)}
        </Text>
        {entryDetail(e) ? (
          <Text fz="xs" c="dimmed" fw={400}>
            {entryDetail(e)}
          </Text>
        ) : null}
      </>
    ),
  },
  { label: "Balance", cell: (e) => <BalanceBadge balance={e.balance} /> },
  { label: "Amount", align: "right", cell: (e) => <Amount n={e.amount} /> },
];

function Statement({ list, entries }: { list: ListQuery; entries: StatementEntry[] }) {
  const download = useDownloadStatement();
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} fz="lg">
          Statement
        </Title>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          loading={download.isPending}
          disabled={entries.length === 0}
          onClick={() => download.mutate(undefined, { onError: (e) => notifyError(e) })}
        >
          Download CSV
        </Button>
      </Group>
      <ListTable
        query={list}
        rows={entries}
        rowKey={(e) => e._id}
        columns={STATEMENT_COLUMNS}
        testId="statement-table"
        rowTestId="statement-row"
        minWidth={640}
        empty="No entries yet. When a shopper's payment for your products is confirmed, your share shows here."
      />
    </Paper>
  );
}

/** Reference, date paid or the reason it failed. */
function payoutNote(p: Payout): string {
  if (p.status === "paid")
    return `Paid ${p.paid_at ? dateFmt.format(new Date(p.paid_at)) : ""}${p.reference ? ` · ref ${p.reference}` : ""}`;
  if (p.failure_reason) return `${p.failure_reason}. The money is back in your available balance.`;
  return p.status === "requested" ? "The store sends it to your bank account." : "";
}

const PAYOUT_COLUMNS: ListColumn<Payout>[] = [
  { label: "Requested", nowrap: true, cell: (p) => dateFmt.format(new Date(p.createdAt)) },
  { label: "Amount", phone: "title", align: "right", nowrap: true, cell: (p) => <Text fw={600}>{naira2(p.amount)}</Text> },
  {
    label: "To account",
    cell: (p) => (
      <>
        <Text fz="sm" ff="monospace">
          {p.account_no}
        </Text>
        <Text fz="xs" c="dimmed">
          {p.account_name}
        </Text>
      </>
    ),
  },
  {
    label: "Status",
    cell: (p) => (
      <>
        <PayoutStatusBadge status={p.status} />
        {payoutNote(p) ? (
          <Text fz="xs" c="dimmed" mt={4}>
            {payoutNote(p)}
          </Text>
        ) : null}
      </>
    ),
  },
];

function Payouts() {
  const q = usePayouts();
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} fz="lg" mb="sm">
        Payouts
      </Title>
      <ListTable
        query={q}
        rows={rows}
        rowKey={(p) => p._id}
        columns={PAYOUT_COLUMNS}
        testId="payouts-table"
        rowTestId="payout-row"
        minWidth={640}
        empty="No payouts yet."
      />
    </Paper>
  );
}

function Earnings() {
  const q = useEarnings();
  const first = q.data?.pages[0];
  const entries = q.data?.pages.flatMap((p) => p.statement) ?? [];
  return (
    <>
      <PageHeader title="Earnings" subtitle="Your share of each sale after the store's commission, and your payouts." />
      {q.isPending ? (
        <Loading />
      ) : q.isError || !first ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Stack gap="md">
          <Balances b={first.data} />
          <PayoutRequest b={first.data} />
          <Statement list={q} entries={entries} />
          <Payouts />
        </Stack>
      )}
    </>
  );
}

export default function EarningsPage() {
  return (
    <RoleGate roles={["business"]}>
      <Earnings />
    </RoleGate>
  );
}
