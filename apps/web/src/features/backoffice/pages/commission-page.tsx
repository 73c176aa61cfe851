/**
 * Commission (admin; design brief "Marketplace money", ADR 0091): the store-wide rate and each
 * category's own rate, as percentages here and basis points in the API (10% = 1000). An empty
 * category rate means the store's applies. Orders already paid keep the rate fixed on their lines.
 */
import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text } from "@mantine/core";
import { type CommissionSettings, CommissionSettingsBody } from "@market/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect } from "react";
import { showFieldErrors, useSchemaForm } from "../../../lib/form";
import { notifyError, notifyInfo, notifySuccess } from "../../../lib/notify";
import { useCommission, useSaveCommission } from "../api/finance";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

/** A rate field's value: a percentage, or "" (no own rate). */
type Rate = number | string;
/** The body's shape with percentages, so the contract's error paths are the fields' names. */
type Values = { store_bps: Rate; categories: Array<{ category_id: string; bps: Rate }> };

const toPercent = (bps: number) => bps / 100;
/** Basis points of a percentage; an empty field is not a number (the schema refuses it). */
const toBps = (pct: Rate) => (pct === "" ? Number.NaN : Math.round(Number(pct) * 100));

function valuesOf(s: CommissionSettings): Values {
  return {
    store_bps: toPercent(s.store_bps),
    categories: s.categories.map((c) => ({ category_id: c.category_id, bps: c.bps === null ? "" : toPercent(c.bps) })),
  };
}

/** Every rate in basis points (an empty category rate is null: the store's applies). */
function toBody(v: Values) {
  return {
    store_bps: toBps(v.store_bps),
    categories: v.categories.map((c) => ({ category_id: c.category_id, bps: c.bps === "" ? null : toBps(c.bps) })),
  };
}

/** Only what differs from the server's rates; `index` maps each category sent back to its row. */
function changes(s: CommissionSettings, v: Values): { body: CommissionSettingsBody; index: number[] } {
  const all = toBody(v);
  const body: CommissionSettingsBody = {};
  if (all.store_bps !== s.store_bps) body.store_bps = all.store_bps;
  const index = all.categories.flatMap((c, i) => (c.bps === s.categories[i]?.bps ? [] : [i]));
  if (index.length) body.categories = index.map((i) => all.categories[i]!);
  return { body, index };
}

function CommissionForm({ settings }: { settings: CommissionSettings }) {
  const save = useSaveCommission();
  const form = useSchemaForm<Values>(CommissionSettingsBody, { initialValues: valuesOf(settings), toBody });
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable; refill when the server's rates change
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty(valuesOf(settings));
  }, [settings]);

  const submit = form.onSubmit((v) => {
    const { body, index } = changes(settings, v);
    if (body.store_bps === undefined && !body.categories) return notifyInfo("The rates are unchanged.", "Nothing to save");
    save.mutate(body, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: (err) => {
        // The server numbers the categories it was sent (only the changed ones): back to the rows.
        showFieldErrors(form, err, (path) => path.replace(/^categories\.(\d+)/, (_, n) => `categories.${index[Number(n)]}`));
        notifyError(err);
      },
    });
  });

  const store = form.values.store_bps;
  const storeRate = store === "" ? "the store's rate" : `${store}%`;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <NumberInput
            label="Store-wide commission"
            description="Kept from each item's price when its order is paid. Shipping goes to the store."
            suffix="%"
            min={0}
            max={100}
            decimalScale={2}
            maw={260}
            {...form.getInputProps("store_bps")}
          />
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text fw={600}>Category rates</Text>
          <Text fz="sm" c="dimmed" mb="sm">
            Leave a rate empty to use the store-wide rate ({storeRate}).
          </Text>
          <Table verticalSpacing="xs" data-testid="commission-categories">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Category</Table.Th>
                <Table.Th w={150}>Rate</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.categories.map((c, i) => (
                <Table.Tr key={c.category_id} data-testid="commission-category-row">
                  <Table.Td>
                    <Text fz="sm">{c.name}</Text>
                    <Text fz="xs" c="dimmed">
                      {c.type === "services" ? "Services" : "Market place"}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={`${c.name} rate`}
                      placeholder={storeRate === "the store's rate" ? "Store rate" : storeRate}
                      suffix="%"
                      min={0}
                      max={100}
                      decimalScale={2}
                      {...form.getInputProps(`categories.${i}.bps`)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          Orders already paid keep the rate they were paid at; a new rate applies to orders paid from now on.
        </Alert>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save rates
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Commission() {
  const q = useCommission();
  return (
    <>
      <PageHeader title="Commission" subtitle="What the store keeps from each sale, store-wide or per category." />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <CommissionForm settings={q.data} />
      )}
    </>
  );
}

export default function CommissionPage() {
  return (
    <RoleGate roles={["admin"]}>
      <Commission />
    </RoleGate>
  );
}
