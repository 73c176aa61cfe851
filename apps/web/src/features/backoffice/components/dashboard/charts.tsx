/** Revenue and orders over the last 12 months, as an area chart and a bar chart. */
import "@mantine/charts/styles.layer.css";
import { AreaChart, BarChart } from "@mantine/charts";
import { SimpleGrid } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { IconCash, IconShoppingCart } from "@tabler/icons-react";
import { compactNaira, monthLabel } from "./format";
import { Section } from "./section";

export function MonthlyCharts({ monthly }: { monthly: DashboardData["monthly"] }) {
  const chartData = monthly.map((m) => ({ month: monthLabel(m.month), Revenue: m.revenue, Orders: m.orders }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title="Revenue over time" icon={<IconCash size={16} />} testId="chart-revenue">
        <AreaChart
          h={220}
          data={chartData}
          dataKey="month"
          series={[{ name: "Revenue", color: "naija.7" }]}
          curveType="monotone"
          valueFormatter={compactNaira}
          withLegend={false}
          gridAxis="y"
        />
      </Section>
      <Section title="Orders over time" icon={<IconShoppingCart size={16} />} testId="chart-orders">
        <BarChart
          h={220}
          data={chartData}
          dataKey="month"
          series={[{ name: "Orders", color: "blue.6" }]}
          gridAxis="y"
          yAxisProps={{ allowDecimals: false }}
        />
      </Section>
    </SimpleGrid>
  );
}
