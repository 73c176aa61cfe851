/**
 * Dashboard (spec §2 "Admin dashboard"): the spec's cards — Revenue, Orders, Leads, Lead
 * Conversion Rate, payment history, currency converter, monthly invoices, social media followers,
 * recent activity and tasks — filled with real figures from GET /api/dashboard (the seller's own,
 * or the store's for an admin; ADR 0041), with charts of revenue and orders over time.
 */
import "@mantine/charts/styles.layer.css";
import { AreaChart, BarChart } from "@mantine/charts";
import {
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Timeline,
  Title,
} from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { formatNaira } from "@market/contract";
import {
  IconActivity,
  IconArrowsExchange,
  IconCash,
  IconChecklist,
  IconCurrencyNaira,
  IconFileInvoice,
  IconHeart,
  IconPercentage,
  IconShoppingCart,
  IconTarget,
  IconTrendingDown,
  IconTrendingUp,
} from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { useSession } from "../../../lib/session";
import { useDashboard } from "../api/dashboard";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { convertNaira, FX_AS_OF, FX_RATES } from "../lib/fx";

const monthLabel = (ym: string) =>
  new Intl.DateTimeFormat("en-NG", { month: "short", year: "2-digit" }).format(new Date(`${ym}-01T12:00:00`));
const dateTime = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
const compactNaira = (n: number) => `₦${new Intl.NumberFormat("en-NG", { notation: "compact", maximumFractionDigits: 1 }).format(n)}`;

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
      <Text fz="xs" c={up ? "green.8" : "red.8"} fw={600}>
        {up ? "+" : ""}
        {pct}%
      </Text>
      <Text fz="xs" c="dimmed">
        vs last month
      </Text>
    </Group>
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

function Section({
  title,
  icon,
  children,
  testId,
  right,
}: {
  title: string;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  right?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="md" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Group gap={8}>
          <ThemeIcon size={28} radius="md" variant="light">
            {icon}
          </ThemeIcon>
          <Title order={3} fz="md">
            {title}
          </Title>
        </Group>
        {right}
      </Group>
      {children}
    </Card>
  );
}

function CurrencyConverter({ defaultAmount }: { defaultAmount: number }) {
  const [amount, setAmount] = useState<number | string>(defaultAmount);
  const naira = Number(amount) || 0;
  return (
    <Section title="Currency converter" icon={<IconArrowsExchange size={16} />} testId="card-converter">
      <NumberInput
        label="Amount in naira"
        leftSection="₦"
        thousandSeparator=","
        min={0}
        decimalScale={2}
        hideControls
        value={amount}
        onChange={setAmount}
      />
      <SimpleGrid cols={2} mt="sm">
        <Paper bg="gray.0" p="sm" radius="md">
          <Text fz="xs" c="dimmed">
            US dollars
          </Text>
          <Text fw={700} fz="lg" data-testid="fx-usd">
            ${convertNaira(naira, "USD").toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </Text>
        </Paper>
        <Paper bg="gray.0" p="sm" radius="md">
          <Text fz="xs" c="dimmed">
            British pounds
          </Text>
          <Text fw={700} fz="lg">
            £{convertNaira(naira, "GBP").toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}
          </Text>
        </Paper>
      </SimpleGrid>
      <Text fz="xs" c="dimmed" mt="xs">
        Indicative rate, not live: $1 = {formatNaira(FX_RATES.USD)}, £1 = {formatNaira(FX_RATES.GBP)} (set {FX_AS_OF}).
      </Text>
    </Section>
  );
}

const PAYMENT_COLOR: Record<string, string> = {
  unfulfilled: "orange",
  shipped: "blue",
  delivered: "green",
  submitted: "orange",
  confirmed: "green",
  rejected: "red",
};

function Body({ d, isAdmin }: { d: DashboardData; isAdmin: boolean }) {
  const chartData = d.monthly.map((m) => ({ month: monthLabel(m.month), Revenue: m.revenue, Orders: m.orders }));
  const invoices = [...d.monthly].reverse().filter((m) => m.orders > 0 || m === d.monthly[d.monthly.length - 1]);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          testId="card-revenue"
          title="Revenue"
          value={formatNaira(d.revenue.total)}
          icon={<IconCurrencyNaira size={22} />}
          color="naija"
          footer={
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                This month {formatNaira(d.revenue.thisMonth)}
              </Text>
              <Delta now={d.revenue.thisMonth} before={d.revenue.lastMonth} />
            </Stack>
          }
        />
        <StatCard
          testId="card-orders"
          title="Orders"
          value={d.orders.total.toLocaleString("en-NG")}
          icon={<IconShoppingCart size={22} />}
          color="blue"
          footer={
            <Stack gap={0}>
              <Text fz="xs" c="dimmed">
                This month {d.orders.thisMonth}
              </Text>
              <Delta now={d.orders.thisMonth} before={d.orders.lastMonth} />
            </Stack>
          }
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

      {isAdmin ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              New users this month
            </Text>
            <Text fz={22} fw={800}>
              {d.store.newUsersThisMonth}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              Sellers awaiting approval
            </Text>
            <Text fz={22} fw={800}>
              {d.store.pendingSellers}
            </Text>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              Transfers awaiting confirmation
            </Text>
            <Text fz={22} fw={800}>
              {d.store.transfersAwaiting}
            </Text>
          </Paper>
        </SimpleGrid>
      ) : null}

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

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Section title="Payment history" icon={<IconCash size={16} />} testId="card-payments">
            {d.payments.length === 0 ? (
              <Text c="dimmed" fz="sm">
                No payments yet.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={460}>
                <Table verticalSpacing={6} fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Date</Table.Th>
                      <Table.Th>{isAdmin ? "Payer" : "Item"}</Table.Th>
                      <Table.Th>Amount</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.payments.map((p) => (
                      <Table.Tr key={p._id}>
                        <Table.Td style={{ whiteSpace: "nowrap" }}>{dateTime.format(new Date(p.date))}</Table.Td>
                        <Table.Td>{p.label}</Table.Td>
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
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CurrencyConverter defaultAmount={d.revenue.thisMonth || 10000} />
        </Grid.Col>
      </Grid>

      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
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
        <Section title="Social media followers" icon={<IconHeart size={16} />} testId="card-followers">
          <Text fz={32} fw={800} lh={1.1}>
            {d.followers.total.toLocaleString("en-NG")}
          </Text>
          <Text fz="sm" c="dimmed">
            {isAdmin ? "follows of sellers across the store" : "people follow your shop"}
          </Text>
          <Badge mt="sm" variant="light" color="green">
            +{d.followers.newThisMonth} this month
          </Badge>
          <SimpleGrid cols={3} mt="md">
            <div>
              <Text fz="lg" fw={700}>
                {d.listings.products}
              </Text>
              <Text fz="xs" c="dimmed">
                products
              </Text>
            </div>
            <div>
              <Text fz="lg" fw={700}>
                {d.listings.services}
              </Text>
              <Text fz="xs" c="dimmed">
                services
              </Text>
            </div>
            <div>
              <Text fz="lg" fw={700} c={d.listings.outOfStock ? "red.8" : undefined}>
                {d.listings.outOfStock}
              </Text>
              <Text fz="xs" c="dimmed">
                out of stock
              </Text>
            </div>
          </SimpleGrid>
        </Section>
        <Section title="Recent activity" icon={<IconActivity size={16} />} testId="card-activity">
          {d.activity.length === 0 ? (
            <Text c="dimmed" fz="sm">
              Nothing has happened yet.
            </Text>
          ) : (
            <Timeline bulletSize={12} lineWidth={2}>
              {d.activity.map((a) => (
                <Timeline.Item key={`${a.kind}-${a.at}-${a.text}`}>
                  <Text fz="sm">{a.text}</Text>
                  <Text fz="xs" c="dimmed">
                    {dateTime.format(new Date(a.at))}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Section>
      </SimpleGrid>

      <Section title="Tasks" icon={<IconChecklist size={16} />} testId="card-tasks">
        <Table verticalSpacing={6} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Task</Table.Th>
              <Table.Th>Count</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {d.tasks.map((t) => (
              <Table.Tr key={t.key} data-testid={`task-${t.key}`}>
                <Table.Td>
                  {t.count > 0 ? (
                    <Anchor component={Link} to={t.link} fz="sm">
                      {t.title}
                    </Anchor>
                  ) : (
                    t.title
                  )}
                </Table.Td>
                <Table.Td>{t.count}</Table.Td>
                <Table.Td>
                  <Badge style={{ minWidth: "fit-content" }} size="sm" variant="light" color={t.count > 0 ? "orange" : "green"}>
                    {t.count > 0 ? "To do" : "Done"}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </Stack>
  );
}

export default function DashboardPage() {
  const { details } = useSession();
  const q = useDashboard();
  const isAdmin = details?.accType === "admin";
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={isAdmin ? "The whole store at a glance" : `Welcome back, ${details?.names ?? ""}. Here is how your shop is doing.`}
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Body d={q.data} isAdmin={isAdmin} />
      )}
    </>
  );
}
