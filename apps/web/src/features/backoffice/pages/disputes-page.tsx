/**
 * Disputes (admin, ADR 0195): the problems buyers reported, open ones oldest first (or the decided
 * ones), each with both sides' words, the buyer's photos and the money involved (the item, its
 * shipping share, what can still be refunded). The admin decides with a reason shown to both
 * sides: refund all (the item and its shipping), refund part, or release to the seller.
 */
import { Anchor, Badge, Button, Card, Group, Modal, NumberInput, SegmentedControl, Stack, Text, Textarea } from "@mantine/core";
import { type AdminProblem, BACKOFFICE_PATHS, formatNaira } from "@market/contract";
import { useState } from "react";
import { generatePath, Link } from "react-router";
import { LeaveOr, ProblemThread } from "../../../components/orders/protection";
import { toldAfter } from "../../../lib/notify";
import { useDecideProblem, useProblems } from "../../../lib/queries/protection";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

type Choice = "all" | "part" | "release";

function DecideForm({ problem, onClose }: { problem: AdminProblem; onClose: () => void }) {
  const decide = useDecideProblem();
  const [choice, setChoice] = useState<Choice>("all");
  const [amount, setAmount] = useState<number | string>("");
  const [reason, setReason] = useState("");
  const refund = choice === "all" ? problem.refundable : Number(amount) || 0;
  const send = () =>
    decide.mutate(
      { id: problem._id, body: choice === "release" ? { release: true, reason } : { refund_naira: refund, reason } },
      toldAfter(onClose),
    );
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        value={choice}
        onChange={(v) => setChoice(v as Choice)}
        data={[
          { value: "all", label: "Refund all" },
          { value: "part", label: "Refund part" },
          { value: "release", label: "Release" },
        ]}
      />
      {choice === "all" && (
        <Text fz="sm">
          Refunds {formatNaira(problem.refundable)}: the item and its shipping ({formatNaira(problem.shipping_share)}).
        </Text>
      )}
      {choice === "part" && (
        <NumberInput
          label="Refund amount"
          description={`At most ${formatNaira(problem.refundable)}; above the item's price, the rest is its shipping.`}
          prefix="₦"
          thousandSeparator=","
          min={0}
          max={problem.refundable}
          value={amount}
          onChange={setAmount}
        />
      )}
      {choice === "release" && <Text fz="sm">Nothing is refunded; the seller is paid after the usual hold.</Text>}
      <Textarea
        label="Reason"
        description="Both the buyer and the seller see it."
        minRows={2}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
      <LeaveOr onLeave={onClose}>
        <Button
          color={choice === "release" ? "green" : "orange"}
          disabled={!reason.trim() || (choice === "part" && refund <= 0)}
          loading={decide.isPending}
          onClick={send}
        >
          {choice === "release" ? "Release to the seller" : `Refund ${formatNaira(refund)}`}
        </Button>
      </LeaveOr>
    </Stack>
  );
}

function DisputeCard({ problem, onDecide }: { problem: AdminProblem; onDecide?: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="dispute">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Anchor component={Link} to={generatePath(BACKOFFICE_PATHS.order, { id: problem.order_id })} fw={700} fz="sm">
            Order {problem.order_number}
          </Anchor>
          <Badge variant="light" color={problem.status === "open" ? "orange" : problem.status === "answered" ? "red" : "gray"}>
            {problem.status === "open" ? "Waiting for the seller" : problem.status === "answered" ? "To decide" : "Closed"}
          </Badge>
        </Group>
        <Text fz="sm">
          {problem.line_name} x{problem.quantity}: {formatNaira(problem.line_amount)} · bought by {problem.buyer.names} · sold by{" "}
          {problem.seller.names}
        </Text>
        <Text fz="xs" c="dimmed">
          Refundable: {formatNaira(problem.refundable)} (shipping share {formatNaira(problem.shipping_share)})
        </Text>
        <ProblemThread problem={problem} />
        {onDecide && (
          <Group justify="flex-end">
            <Button size="xs" onClick={onDecide}>
              Decide
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function Disputes() {
  const [status, setStatus] = useState<"open" | "closed">("open");
  const q = useProblems(status);
  const [deciding, setDeciding] = useState<AdminProblem | null>(null);
  const rows: AdminProblem[] = q.data ?? [];
  return (
    <>
      <PageHeader
        title="Disputes"
        subtitle="Problems buyers reported, oldest first. Read both sides, then refund or release with a reason."
      />
      <SegmentedControl
        mb="md"
        value={status}
        onChange={(v) => setStatus(v as "open" | "closed")}
        data={[
          { value: "open", label: "Open" },
          { value: "closed", label: "Decided" },
        ]}
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{status === "open" ? "No open disputes." : "No decided disputes yet."}</Text>
      ) : (
        <Stack gap="md">
          {rows.map((p) => (
            <DisputeCard key={p._id} problem={p} onDecide={status === "open" ? () => setDeciding(p) : undefined} />
          ))}
        </Stack>
      )}
      <Modal opened={deciding !== null} onClose={() => setDeciding(null)} title={deciding ? `Decide: ${deciding.line_name}` : ""} centered>
        {deciding && <DecideForm problem={deciding} onClose={() => setDeciding(null)} />}
      </Modal>
    </>
  );
}

export default function DisputesPage() {
  return (
    <RoleGate roles={["admin"]}>
      <Disputes />
    </RoleGate>
  );
}
