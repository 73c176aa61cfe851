/** The latest payments with their status; an admin sees who paid, a seller which item was paid for. */
import { Badge, Table, Text } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { formatNaira } from "@market/contract";
import { IconCash } from "@tabler/icons-react";
import { dateTime } from "./format";
import { CardTable, Section } from "./section";

const PAYMENT_COLOR: Record<string, string> = {
  unfulfilled: "orange",
  shipped: "blue",
  delivered: "green",
  submitted: "orange",
  confirmed: "green",
  rejected: "red",
};

export function PaymentHistory({ payments, isAdmin }: { payments: DashboardData["payments"]; isAdmin: boolean }) {
  return (
    <Section title="Payment history" icon={<IconCash size={16} />} testId="card-payments">
      {payments.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No payments yet.
        </Text>
      ) : (
        // On a phone the date goes under the item, so Amount and Status stay in view without a sideways scroll.
        <Table.ScrollContainer minWidth={300}>
          <CardTable columns={[{ title: "Date", visibleFrom: "sm" }, isAdmin ? "Payer" : "Item", "Amount", "Status"]}>
            {payments.map((p) => (
              <Table.Tr key={p._id}>
                <Table.Td style={{ whiteSpace: "nowrap" }} visibleFrom="sm">
                  {dateTime.format(new Date(p.date))}
                </Table.Td>
                <Table.Td>
                  {p.label}
                  <Text fz="xs" c="dimmed" hiddenFrom="sm">
                    {dateTime.format(new Date(p.date))}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }} fw={600}>
                  {formatNaira(p.amount)}
                </Table.Td>
                <Table.Td>
                  <Badge style={{ minWidth: "fit-content" }} size="sm" variant="light" color={PAYMENT_COLOR[p.status] ?? "gray"}>
                    {p.status}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </CardTable>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}
