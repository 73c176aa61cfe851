/**
 * Finance (admin; design brief "Marketplace money", ADR 0097): for a period, the sales (GMV),
 * the commission earned (net of refunds), the refunds and the payouts paid, with charts over time
 * and one row per seller; right now, what is owed to sellers and the payouts due. Everything comes
 * from the ledger (`GET /api/admin/finance`); the period's figures download as CSV.
 */
import "@mantine/charts/styles.layer.css";
import { BarChart } from "@mantine/charts";
import { Anchor, Button, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { type FinanceSummaryAnswer, formatNaira } from "@market/contract";
import { IconChartBar, IconDownload, IconReceiptRefund } from "@tabler/icons-react";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router";
import { notifyError } from "../../../lib/notify";
import { useDownloadFinanceCsv, useFinanceSummary } from "../api/finance";
import { compactNaira } from "../components/dashboard/format";
import { Section } from "../components/dashboard/section";
import { type ListColumn, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { BO } from "../lib/nav";
import { bucketLabel, PERIOD_PRESETS, type PeriodPreset, presetPeriod } from "../lib/periods";
import { useIsPhone } from "../lib/use-is-phone";

type Summary = FinanceSummaryAnswer["data"];

function Figure({ id, label, value, hint }: { id: string; label: string; value: number; hint: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: "lg", sm: "xl" }} fw={700} mt={4} data-testid={`finance-${id}`}>
        {formatNaira(value)}
      </Text>
      <Text fz="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Paper>
  );
}

function Figures({ s, periodLabel }: { s: Summary; periodLabel: string }) {
  const p = s.period;
  const owed = s.now.sellers_pending + s.now.sellers_available;
  return (
    <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm">
      <Figure id="sales" label="Sales (GMV)" value={p.sales} hint={`Items of orders paid, ${periodLabel.toLowerCase()}.`} />
      <Figure
        id="commission"
        label="Commission earned"
        value={p.commission}
        hint={`Net of refunds; plus ${formatNaira(p.shipping)} shipping.`}
      />
      <Figure id="refunds" label="Refunds" value={p.refunds} hint="Given back to buyers." />
      <Figure id="payouts-paid" label="Payouts paid" value={p.payouts_paid} hint="Sent to sellers' bank accounts." />
      <Figure
        id="owed"
        label="Payable to sellers now"
        value={owed}
        hint={`${formatNaira(s.now.sellers_pending)} pending, ${formatNaira(s.now.sellers_available)} available.${
          s.now.sellers_owe > 0 ? ` Sellers owe ${formatNaira(s.now.sellers_owe)} of cash collected on delivery.` : ""
        }`}
      />
      <Figure
        id="payouts-due"
        label="Payouts due now"
        value={s.now.payouts_due}
        hint={
          <Anchor component={Link} to={`${BO}/payouts`} fz="xs">
            Open the payouts queue
          </Anchor>
        }
      />
    </SimpleGrid>
  );
}

/** One period chart: naira bars per bucket for two of the series, with a legend below. */
function PeriodBars({ data, series }: { data: Array<Record<string, string | number>>; series: Array<{ name: string; color: string }> }) {
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="bucket"
      series={series}
      valueFormatter={compactNaira}
      gridAxis="y"
      withLegend
      legendProps={{ verticalAlign: "bottom", height: 32 }}
    />
  );
}

function Charts({ s }: { s: Summary }) {
  const data = s.series.points.map((p) => ({
    bucket: bucketLabel(p.start, s.series.unit),
    Sales: p.sales,
    Commission: p.commission,
    "Payouts paid": p.payouts_paid,
    Refunds: p.refunds,
  }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title="Sales and commission" icon={<IconChartBar size={16} />} testId="finance-chart-sales">
        <PeriodBars
          data={data}
          series={[
            { name: "Sales", color: "naija.7" },
            { name: "Commission", color: "orange.6" },
          ]}
        />
      </Section>
      <Section title="Payouts and refunds" icon={<IconReceiptRefund size={16} />} testId="finance-chart-payouts">
        <PeriodBars
          data={data}
          series={[
            { name: "Payouts paid", color: "blue.6" },
            { name: "Refunds", color: "red.6" },
          ]}
        />
      </Section>
    </SimpleGrid>
  );
}

type SellerRow = Summary["sellers"][number];

const money = (label: string, pick: (r: SellerRow) => number): ListColumn<SellerRow> => ({
  label,
  align: "right",
  nowrap: true,
  cell: (r) => formatNaira(pick(r)),
});

const SELLER_COLUMNS: ListColumn<SellerRow>[] = [
  { label: "Seller", phone: "title", cell: (r) => r.seller.names },
  money("Sales", (r) => r.sales),
  money("Commission", (r) => r.commission),
  money("Refunds", (r) => r.refunds),
  money("Paid out", (r) => r.payouts_paid),
  money("Pending now", (r) => r.pending),
  money("Available now", (r) => r.available),
  // Cash collected on delivery, netted from their next earnings (ADR 0222).
  money("Owes (cash on delivery)", (r) => r.owes),
];

function Finance() {
  const phone = useIsPhone();
  const [preset, setPreset] = useState<PeriodPreset>("3m");
  // Computed once per choice: presets fall on Lagos day or month starts, so the query stays put.
  const period = useMemo(() => presetPeriod(preset), [preset]);
  const q = useFinanceSummary(period);
  const csv = useDownloadFinanceCsv();
  const periodLabel = PERIOD_PRESETS.find((p) => p.value === preset)!.label;

  const picker = phone ? (
    <Select
      aria-label="Period"
      data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
      value={preset}
      onChange={(v) => v && setPreset(v as PeriodPreset)}
      allowDeselect={false}
      w="100%"
    />
  ) : (
    <SegmentedControl
      aria-label="Period"
      data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
      value={preset}
      onChange={(v) => setPreset(v as PeriodPreset)}
    />
  );

  return (
    <>
      <PageHeader
        title="Finance"
        subtitle="Sales, commission and what the store owes its sellers, from the ledger."
        actions={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={csv.isPending}
            onClick={() => csv.mutate(period, { onError: (e) => notifyError(e) })}
          >
            Download CSV
          </Button>
        }
      />
      <Stack gap="md">
        {picker}
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : (
          <>
            <Figures s={q.data} periodLabel={periodLabel} />
            <Charts s={q.data} />
            <Paper withBorder radius="md" p="md">
              <Text fw={600} mb="sm">
                By seller
              </Text>
              <ListTable
                rows={q.data.sellers}
                rowKey={(r) => r.seller._id}
                columns={SELLER_COLUMNS}
                testId="finance-sellers-table"
                rowTestId="finance-seller-row"
                minWidth={760}
                empty="No seller has sales or money owed in this period."
              />
            </Paper>
          </>
        )}
      </Stack>
    </>
  );
}

export default function FinancePage() {
  return (
    <RoleGate roles={["admin"]}>
      <Finance />
    </RoleGate>
  );
}
