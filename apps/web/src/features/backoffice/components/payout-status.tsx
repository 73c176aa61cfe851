/** A payout's status as a badge, with the same words and colours for sellers and admins (ADR 0092). */
import { Badge } from "@mantine/core";
import type { Payout } from "@market/contract";

const PAYOUT_STATUS: Record<Payout["status"], { label: string; color: string }> = {
  requested: { label: "Requested", color: "orange" },
  paid: { label: "Paid", color: "green" },
  failed: { label: "Failed", color: "red" },
  reversed: { label: "Reversed", color: "grape" },
};

export function PayoutStatusBadge({ status }: { status: Payout["status"] }) {
  const s = PAYOUT_STATUS[status];
  return (
    <Badge color={s.color} variant="light" style={{ minWidth: "fit-content" }} data-testid="payout-status">
      {s.label}
    </Badge>
  );
}
