/** Orders and revenue of the last months that had orders (and always the current one), newest first, at most 6. */
import { Table } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { formatNaira } from "@market/contract";
import { IconFileInvoice } from "@tabler/icons-react";
import { monthLabel } from "./format";
import { CardTable, Section } from "./section";

export function MonthlyInvoices({ monthly }: { monthly: DashboardData["monthly"] }) {
  const invoices = [...monthly].reverse().filter((m) => m.orders > 0 || m === monthly[monthly.length - 1]);
  return (
    <Section title="Monthly invoices" icon={<IconFileInvoice size={16} />} testId="card-invoices">
      <CardTable columns={["Month", "Orders", "Amount"]}>
        {invoices.slice(0, 6).map((m) => (
          <Table.Tr key={m.month}>
            <Table.Td>{monthLabel(m.month)}</Table.Td>
            <Table.Td>{m.orders}</Table.Td>
            <Table.Td fw={600}>{formatNaira(m.revenue)}</Table.Td>
          </Table.Tr>
        ))}
      </CardTable>
    </Section>
  );
}
