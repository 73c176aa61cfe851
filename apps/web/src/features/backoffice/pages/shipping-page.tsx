/**
 * Delivery (seller; ADR 0199): the states the seller delivers to, each with its fee (naira) and
 * delivery days, and their pickup points. No state at all means the store's rate everywhere; once
 * one is set, a state left out is not delivered to, and its buyers are told so on the product page
 * and at checkout. Per state, a switch says whether the seller's courier takes cash there (pay on
 * delivery, ADR 0220). Saving replaces the seller's settings.
 */
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import { formatNaira, NIGERIAN_STATES, SHIPPING_FEE_NAIRA, type ShippingRates, ShippingRatesBody, STORE_RATE_DAYS } from "@market/contract";
import { IconInfoCircle, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect } from "react";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useSaveShippingRates, useShippingRates } from "../../../lib/queries/shipping";
import { useSession } from "../../../lib/session";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";

/** A number field's value: a number, or "" while empty (the schema refuses it). */
type Num = number | string;
type Values = {
  rates: Array<{ state: string; fee: Num; min_days: Num; max_days: Num; pay_on_delivery: boolean }>;
  pickup_points: Array<{ name: string; address: string; state: string; fee: Num }>;
};

const num = (v: Num) => (v === "" ? Number.NaN : Number(v));
const valuesOf = (s: ShippingRates): Values => ({
  rates: s.rates.map(({ state, fee, min_days, max_days, pay_on_delivery }) => ({ state, fee, min_days, max_days, pay_on_delivery })),
  pickup_points: s.pickup_points.map(({ name, address, state, fee }) => ({ name, address, state, fee })),
});
const toBody = (v: Values) => ({
  rates: v.rates.map((r) => ({
    state: r.state,
    fee: num(r.fee),
    min_days: num(r.min_days),
    max_days: num(r.max_days),
    pay_on_delivery: r.pay_on_delivery,
  })),
  pickup_points: v.pickup_points.map((p) => ({ ...p, fee: num(p.fee) })),
});

function DeliveryForm({ sellerId, settings }: { sellerId: string; settings: ShippingRates }) {
  const save = useSaveShippingRates(sellerId);
  const form = useSchemaForm<Values>(ShippingRatesBody, { initialValues: valuesOf(settings), toBody });
  // biome-ignore lint/correctness/useExhaustiveDependencies: form is stable; refill when the saved settings change
  useEffect(() => {
    form.setValues(valuesOf(settings));
    form.resetDirty(valuesOf(settings));
  }, [settings]);
  const submit = form.submitWith((v) => save.mutateAsync(ShippingRatesBody.parse(toBody(v))), {
    onSuccess: (res) => notifySuccess(res.message),
  });

  const used = new Set(form.values.rates.map((r) => r.state));
  const left = NIGERIAN_STATES.filter((s) => !used.has(s));
  const addState = (state: string | null) => {
    if (state) form.insertListItem("rates", { state, fee: "", min_days: 1, max_days: 3, pay_on_delivery: false });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Text fw={600}>States you deliver to</Text>
          {form.values.rates.length === 0 ? (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} mt="xs" data-testid="store-rate-note">
              You use the store's rate everywhere: {formatNaira(SHIPPING_FEE_NAIRA)} per order, delivered in {STORE_RATE_DAYS.min_days}-
              {STORE_RATE_DAYS.max_days} days (free in Lagos over the store's threshold). Add a state to set your own fees; then you deliver
              only to the states listed here.
            </Alert>
          ) : (
            <Text fz="sm" c="dimmed" mb="xs">
              Buyers in other states are told you do not deliver there.
            </Text>
          )}
          <Stack gap="xs" mt="xs">
            {form.values.rates.map((r, i) => (
              <Paper key={r.state} withBorder radius="sm" p="sm" data-testid="rate-row">
                <Group justify="space-between" wrap="nowrap" mb={6}>
                  <Text fw={600}>{r.state}</Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Stop delivering to ${r.state}`}
                    onClick={() => form.removeListItem("rates", i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
                <SimpleGrid cols={3} spacing="xs">
                  <NumberInput
                    label="Fee"
                    aria-label={`${r.state} fee`}
                    prefix="₦"
                    thousandSeparator=","
                    min={0}
                    allowNegative={false}
                    decimalScale={2}
                    {...form.getInputProps(`rates.${i}.fee`)}
                  />
                  <NumberInput
                    label="From (days)"
                    aria-label={`${r.state} fewest days`}
                    min={0}
                    allowDecimal={false}
                    {...form.getInputProps(`rates.${i}.min_days`)}
                  />
                  <NumberInput
                    label="To (days)"
                    aria-label={`${r.state} most days`}
                    min={0}
                    allowDecimal={false}
                    {...form.getInputProps(`rates.${i}.max_days`)}
                  />
                </SimpleGrid>
                <Switch
                  mt="xs"
                  label="Pay on delivery: my courier takes cash"
                  aria-label={`${r.state} pay on delivery`}
                  {...form.getInputProps(`rates.${i}.pay_on_delivery`, { type: "checkbox" })}
                />
              </Paper>
            ))}
          </Stack>
          {form.errors.rates ? (
            <Text c="red" fz="sm" mt="xs">
              {form.errors.rates}
            </Text>
          ) : null}
          <Select
            mt="sm"
            label="Add a state"
            placeholder="Choose a state"
            searchable
            data={left}
            value={null}
            onChange={addState}
            maw={320}
            disabled={left.length === 0}
          />
        </Paper>

        <Paper withBorder radius="md" p="md">
          <Text fw={600}>Pickup points</Text>
          <Text fz="sm" c="dimmed" mb="xs">
            Places where buyers collect their parcels, often for less than door delivery (the fee may be ₦0).
          </Text>
          <Stack gap="xs">
            {form.values.pickup_points.map((_p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; they are only added at the end or removed
              <Paper key={i} withBorder radius="sm" p="sm" data-testid="pickup-row">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                  <TextInput label="Name" placeholder="Ikeja pickup station" {...form.getInputProps(`pickup_points.${i}.name`)} />
                  <TextInput label="Address" {...form.getInputProps(`pickup_points.${i}.address`)} />
                  <Select label="State" data={[...NIGERIAN_STATES]} searchable {...form.getInputProps(`pickup_points.${i}.state`)} />
                  <NumberInput
                    label="Fee"
                    prefix="₦"
                    thousandSeparator=","
                    min={0}
                    allowNegative={false}
                    decimalScale={2}
                    {...form.getInputProps(`pickup_points.${i}.fee`)}
                  />
                </SimpleGrid>
                <Group justify="flex-end" mt={6}>
                  <Button
                    variant="subtle"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => form.removeListItem("pickup_points", i)}
                  >
                    Remove
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
          <Button
            mt="sm"
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => form.insertListItem("pickup_points", { name: "", address: "", state: "Lagos", fee: 0 })}
          >
            Add pickup point
          </Button>
        </Paper>

        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save delivery rates
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Delivery() {
  const { details } = useSession();
  const q = useShippingRates(details?._id);
  return (
    <>
      <PageHeader title="Delivery" subtitle="Where you deliver, what it costs the buyer and how long it takes." />
      {q.isPending || !details ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : (
        <DeliveryForm sellerId={details._id} settings={q.data} />
      )}
    </>
  );
}

export default function ShippingPage() {
  return (
    <RoleGate roles={["business"]}>
      <Delivery />
    </RoleGate>
  );
}
