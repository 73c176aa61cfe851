/**
 * Dashboard (spec §2 "Admin dashboard"): the spec's cards — Revenue, Orders, Leads, Lead
 * Conversion Rate, payment history, currency converter, monthly invoices, social media followers,
 * recent activity and tasks — filled with real figures from GET /api/dashboard (the seller's own,
 * or the store's for an admin; ADR 0041), with charts of revenue and orders over time. Each card
 * is its own component in components/dashboard/; this page lays them out.
 */
import { Grid, SimpleGrid, Stack } from "@mantine/core";
import type { DashboardData } from "@market/contract";
import { useSession } from "../../../lib/session";
import { useDashboard } from "../api/dashboard";
import { MonthlyCharts } from "../components/dashboard/charts";
import { CurrencyConverter } from "../components/dashboard/currency-converter";
import { FollowersCard } from "../components/dashboard/followers-card";
import { MonthlyInvoices } from "../components/dashboard/monthly-invoices";
import { PaymentHistory } from "../components/dashboard/payment-history";
import { RecentActivity } from "../components/dashboard/recent-activity";
import { StoreFigures, SummaryCards } from "../components/dashboard/summary-cards";
import { TasksCard } from "../components/dashboard/tasks-card";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";

function Body({ d, isAdmin }: { d: DashboardData; isAdmin: boolean }) {
  return (
    <Stack gap="md">
      <SummaryCards d={d} isAdmin={isAdmin} />
      {isAdmin ? <StoreFigures store={d.store} /> : null}
      <MonthlyCharts monthly={d.monthly} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <PaymentHistory payments={d.payments} isAdmin={isAdmin} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <CurrencyConverter defaultAmount={d.revenue.thisMonth || 10000} />
        </Grid.Col>
      </Grid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <MonthlyInvoices monthly={d.monthly} />
        <FollowersCard followers={d.followers} listings={d.listings} isAdmin={isAdmin} />
        <RecentActivity activity={d.activity} />
      </SimpleGrid>
      <TasksCard tasks={d.tasks} />
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
