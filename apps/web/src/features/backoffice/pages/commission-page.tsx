/**
 * Commission (admin; design brief "Marketplace money", ADR 0091): the store-wide rate and each
 * category's own rate, as percentages here and basis points in the API (10% = 1000). An empty
 * category rate means the store's applies. Orders already paid keep the rate fixed on their lines.
 * Beside them, the free standard shipping threshold (ADR 0135), a store setting of the same table.
 */
import { Alert, Button, Group, NumberInput, Paper, Stack, Table, Text } from "@mantine/core";
import { type CommissionSettings, CommissionSettingsBody, POD_CAP_NAIRA, ShippingSettingsBody, type StoreSettings } from "@market/contract";
import { IconInfoCircle } from "@tabler/icons-react";
import { useEffect } from "react";
import { useSchemaForm } from "../../../lib/form";
import { notifyInfo, notifySuccess } from "../../../lib/notify";
import { useStoreSettings } from "../../../lib/queries/settings";
import { useSaveShipping } from "../../../lib/queries/settings-admin";
import { useCommission, useSaveCommission } from "../api/finance";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

/** The props of an amount field in whole naira (the shipping card's two amounts). */
const WHOLE_NAIRA = { prefix: "₦", thousandSeparator: ",", min: 0, allowDecimal: false, allowNegative: false, maw: 320 } as const;

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

  const submit = form.submitWith(
    (v) => {
      const { body } = changes(settings, v);
      if (body.store_bps === undefined && !body.categories) {
        notifyInfo("The rates are unchanged.", "Nothing to save");
        return undefined;
      }
      return save.mutateAsync(body);
    },
    {
      onSuccess: (res) => notifySuccess(res.message),
      // The server numbers the categories it was sent (only the changed ones): back to the rows.
      fieldOf: (path, v) => path.replace(/^categories\.(\d+)/, (_, n) => `categories.${changes(settings, v).index[Number(n)]}`),
    },
  );

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

/** The shipping fields' values: whole naira, or "" while empty (the schema refuses it). */
type ShippingValues = { free_shipping_over: number | string; pay_on_delivery_cap: number | string };

const wholeNaira = (v: number | string) => (v === "" ? Number.NaN : Number(v));

/**
 * Free standard shipping (ADR 0135): the threshold checkout applies and every page promises; 0 turns
 * it off and the promise goes from every page. Beside it, the pay-on-delivery cap: only orders under
 * it may be paid on delivery (ADR 0220).
 */
function ShippingForm({ settings }: { settings: StoreSettings }) {
  const save = useSaveShipping();
  const valuesOf = (s: StoreSettings): ShippingValues => ({
    free_shipping_over: s.free_shipping_over,
    pay_on_delivery_cap: s.pay_on_delivery_cap ?? POD_CAP_NAIRA,
  });
  const form = useSchemaForm<ShippingValues>(ShippingSettingsBody, {
    initialValues: valuesOf(settings),
    toBody: (v) => ({ free_shipping_over: wholeNaira(v.free_shipping_over), pay_on_delivery_cap: wholeNaira(v.pay_on_delivery_cap) }),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable; refill when the server's value changes
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty(valuesOf(settings));
  }, [settings]);

  const submit = form.submitWith(
    (v) => {
      const body = { free_shipping_over: Number(v.free_shipping_over), pay_on_delivery_cap: Number(v.pay_on_delivery_cap) };
      if (body.free_shipping_over !== settings.free_shipping_over || body.pay_on_delivery_cap !== settings.pay_on_delivery_cap)
        return save.mutateAsync(body);
      notifyInfo("The amount is unchanged.", "Nothing to save");
      return undefined;
    },
    { onSuccess: (res) => notifySuccess(res.message) },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Paper withBorder radius="md" p="md">
        <Text fw={600}>Shipping</Text>
        <Group align="flex-end" mt="xs">
          <NumberInput
            label={`Free standard shipping in ${settings.free_shipping_state} on orders over`}
            description="Checkout charges no shipping above it, and every page says so. 0: no free shipping."
            {...WHOLE_NAIRA}
            {...form.getInputProps("free_shipping_over")}
          />
          <NumberInput
            label="Pay on delivery only for orders under"
            description="Buyers choose pay on delivery only below this total (sellers switch it on per state)."
            {...WHOLE_NAIRA}
            {...form.getInputProps("pay_on_delivery_cap")}
          />
          <Button type="submit" variant="light" loading={save.isPending}>
            Save shipping
          </Button>
        </Group>
      </Paper>
    </form>
  );
}

function Commission() {
  const q = useCommission();
  const store = useStoreSettings();
  return (
    <>
      <PageHeader title="Commission" subtitle="What the store keeps from each sale, store-wide or per category." />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <Stack gap="md">
          {store ? <ShippingForm settings={store} /> : null}
          <CommissionForm settings={q.data} />
        </Stack>
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
