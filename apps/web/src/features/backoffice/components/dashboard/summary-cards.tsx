/**
 * The dashboard's headline figures: Revenue, Orders, Leads and Lead Conversion Rate with the change
 * from last month, and for an admin the store's queues (new users, sellers and transfers waiting).
 */
import { Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { formatNaira } from "@market/contract";
import { IconCurrencyNaira, IconPercentage, IconShoppingCart, IconTarget, IconTrendingDown, IconTrendingUp } from "@tabler/icons-react";
import type { ReactNode } from "react";

/** Change from last month in percent (null when last month was 0). */
function change(now: number, before: number): number | null {
  return before > 0 ? Math.round(((now - before) / before) * 1000) / 10 : null;
}

function Delta({ now, before }: { now: number; before: number }) {
  const pct = change(now, before);
  if (pct === null)
    return (
      <Text fz="xs" c="dimmed">
        {now > 0 ? "New this month" : "No change"}
      </Text>
    );
  const up = pct >= 0;
  return (
    <Group gap={4} wrap="nowrap">
      {up ? (
        <IconTrendingUp size={14} color="var(--mantine-color-green-7)" />
      ) : (
        <IconTrendingDown size={14} color="var(--mantine-color-red-7)" />
      )}
      <Text fz="xs" c={up ? "green" : "red"} fw={600}>
        {up ? "+" : ""}
        {pct}%
      </Text>
      <Text fz="xs" c="dimmed">
        vs last month
      </Text>
    </Group>
  );
}

/** A card's footer: this month's figure (as `shown`) and its change from last month. */
function ThisMonth({ shown, figures }: { shown: ReactNode; figures: { thisMonth: number; lastMonth: number } }) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        This month {shown}
      </Text>
      <Delta now={figures.thisMonth} before={figures.lastMonth} />
    </Stack>
  );
}

function StatCard({
  title,
  value,
  icon,
  color,
  footer,
  testId,
}: {
  title: string;
  value: string;
  icon: ReactNode;
  color: string;
  footer: ReactNode;
  testId: string;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
            {title}
          </Text>
          <Text fz={26} fw={800} lh={1.2} mt={4}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
      <div style={{ marginTop: 8 }}>{footer}</div>
    </Paper>
  );
}

export function SummaryCards({ d, isAdmin }: { d: DashboardData; isAdmin: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        testId="card-revenue"
        title="Revenue"
        value={formatNaira(d.revenue.total)}
        icon={<IconCurrencyNaira size={22} />}
        color="naija"
        footer={<ThisMonth shown={formatNaira(d.revenue.thisMonth)} figures={d.revenue} />}
      />
      <StatCard
        testId="card-orders"
        title="Orders"
        value={d.orders.total.toLocaleString("en-NG")}
        icon={<IconShoppingCart size={22} />}
        color="blue"
        footer={<ThisMonth shown={d.orders.thisMonth} figures={d.orders} />}
      />
      <StatCard
        testId="card-leads"
        title="Leads"
        value={d.leads.total.toLocaleString("en-NG")}
        icon={<IconTarget size={22} />}
        color="grape"
        footer={
          <Text fz="xs" c="dimmed">
            {isAdmin ? "Customer accounts" : "Followers, raters, reviewers, wishlists and carts"}
          </Text>
        }
      />
      <StatCard
        testId="card-conversion"
        title="Lead Conversion Rate"
        value={`${d.leads.conversionRate}%`}
        icon={<IconPercentage size={22} />}
        color="orange"
        footer={
          <Text fz="xs" c="dimmed">
            {d.leads.converted} of {d.leads.total} {isAdmin ? "customers have paid an order" : "leads bought from you"}
          </Text>
        }
      />
    </SimpleGrid>
  );
}

function StoreFigure({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={22} fw={800}>
        {value}
      </Text>
    </Paper>
  );
}

/** The admin's store queues. */
export function StoreFigures({ store }: { store: DashboardData["store"] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <StoreFigure label="New users this month" value={store.newUsersThisMonth} />
      <StoreFigure label="Sellers awaiting approval" value={store.pendingSellers} />
      <StoreFigure label="Transfers awaiting confirmation" value={store.transfersAwaiting} />
    </SimpleGrid>
  );
}
