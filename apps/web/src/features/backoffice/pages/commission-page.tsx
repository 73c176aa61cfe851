/**
 * Commission (admin; design brief "Marketplace money", ADR 0091): the store-wide rate and each
 * category's own rate, as percentages here and basis points in the API (10% = 1000). An empty
 * category rate means the store's applies. Orders already paid keep the rate fixed on their lines.
 */
import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { CommissionSettings, CommissionSettingsBody } from "@market/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect } from "react";
import { ApiError } from "../../../lib/api";
import { notifyError, notifyInfo, notifySuccess } from "../../../lib/notify";
import { useCommission, useSaveCommission } from "../api/finance";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

/** A rate field's value: a percentage, or "" (no own rate). */
type Rate = number | string;
type Values = { store: Rate; categories: Record<string, Rate> };

const RATE_MESSAGES = {
  store: "Enter the store's rate, from 0% to 100%.",
  category: "Enter a rate from 0% to 100%, or leave it empty to use the store's rate.",
} as const;

const toPercent = (bps: number) => bps / 100;
const toBps = (pct: number) => Math.round(pct * 100);
const isRate = (v: Rate) => typeof v === "number" && v >= 0 && v <= 100;

function valuesOf(s: CommissionSettings): Values {
  return {
    store: toPercent(s.store_bps),
    categories: Object.fromEntries(s.categories.map((c) => [c.category_id, c.bps === null ? "" : toPercent(c.bps)])),
  };
}

/** The changes against what the server has: the store rate if changed, and each changed category. */
function changes(s: CommissionSettings, v: Values): CommissionSettingsBody {
  const body: CommissionSettingsBody = {};
  if (toBps(Number(v.store)) !== s.store_bps) body.store_bps = toBps(Number(v.store));
  const cats = s.categories
    .map((c) => {
      const value = v.categories[c.category_id] ?? "";
      const bps = value === "" ? null : toBps(Number(value));
      return bps === c.bps ? null : { category_id: c.category_id, bps };
    })
    .filter((c) => c !== null);
  if (cats.length) body.categories = cats;
  return body;
}

function CommissionForm({ settings }: { settings: CommissionSettings }) {
  const save = useSaveCommission();
  const form = useForm<Values>({
    mode: "controlled",
    initialValues: valuesOf(settings),
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (!isRate(v.store)) errors.store = RATE_MESSAGES.store;
      for (const [id, value] of Object.entries(v.categories)) {
        if (value !== "" && !isRate(value)) errors[`categories.${id}`] = RATE_MESSAGES.category;
      }
      return errors;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable; refill when the server's rates change
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty(valuesOf(settings));
  }, [settings]);

  const submit = form.onSubmit((v) => {
    const body = changes(settings, v);
    if (body.store_bps === undefined && !body.categories) return notifyInfo("The rates are unchanged.", "Nothing to save");
    save.mutate(body, {
      onSuccess: (res) => notifySuccess(res.message),
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.errors).length) {
          // Server keys: store_bps, categories (unknown category), categories.<index in the body>.bps.
          const sent = body.categories ?? [];
          for (const [key, message] of Object.entries(err.errors)) {
            const row = /^categories\.(\d+)/.exec(key);
            if (key === "store_bps") form.setFieldError("store", message);
            else if (row && sent[Number(row[1])]) form.setFieldError(`categories.${sent[Number(row[1])]!.category_id}`, message);
          }
        }
        notifyError(err);
      },
    });
  });

  const storeRate = isRate(form.values.store) ? `${form.values.store}%` : "the store's rate";
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
            {...form.getInputProps("store")}
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
              {settings.categories.map((c) => (
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
                      {...form.getInputProps(`categories.${c.category_id}`)}
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
