/** Orders and revenue of the last months that had orders (and always the current one), newest first, at most 6. */
import { Table } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { formatNaira } from "@market/contract";
import { IconFileInvoice } from "@tabler/icons-react";
import { monthLabel } from "./format";
import { Section } from "./section";

export function MonthlyInvoices({ monthly }: { monthly: DashboardData["monthly"] }) {
  const invoices = [...monthly].reverse().filter((m) => m.orders > 0 || m === monthly[monthly.length - 1]);
  return (
    <Section title="Monthly invoices" icon={<IconFileInvoice size={16} />} testId="card-invoices">
      <Table verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Month</Table.Th>
            <Table.Th>Orders</Table.Th>
            <Table.Th>Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.slice(0, 6).map((m) => (
            <Table.Tr key={m.month}>
              <Table.Td>{monthLabel(m.month)}</Table.Td>
              <Table.Td>{m.orders}</Table.Td>
              <Table.Td fw={600}>{formatNaira(m.revenue)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}
