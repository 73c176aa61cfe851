/**
 * The address form (spec §2 "Address book", §3 "Address"): first_name, last_name, company,
 * address1, address2, state, city, country (Pakistan first), zip and phone, plus "Set as default
 * address" (locked on the default address: another one must take it over). The button reads
 * "Update Address" when editing, otherwise "Add Address"; Cancel clears and closes. The contract's
 * address rules (`AddressFields`) are checked before saving; server field messages show under the
 * fields too.
 */
import { Button, Checkbox, Group, Select, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { type Address, type AddressFields, TEXT } from "@market/contract";
import { useMemo } from "react";
import { addressFields, EMPTY_ADDRESS } from "../../../lib/address";
import { countryNames } from "../../../lib/countries";
import { useSchemaForm } from "../../../lib/form";

export type AddressValues = Required<Omit<AddressFields, "default">> & { default: boolean };

/** The form values of a new address. */
const NEW_ADDRESS: AddressValues = { ...EMPTY_ADDRESS, default: false };

/** The form values of a saved address. */
function toValues(a: Address): AddressValues {
  return { ...addressFields(a), default: a.default };
}

type Props = {
  /** The saved address being edited; none: a new address. */
  address?: Address;
  editing: boolean;
  busy: boolean;
  /** Saves; a refusal's per-field messages (a 400's `errors`) then show under the fields. */
  onSubmit: (values: AddressValues) => Promise<unknown>;
  onCancel: () => void;
};

export function AddressForm({ address, editing, busy, onSubmit, onCancel }: Props) {
  const form = useSchemaForm<AddressValues>(() => import("../schemas").then((m) => m.AddressFields), {
    initialValues: address ? toValues(address) : NEW_ADDRESS,
  });
  // Pakistan first, as the spec's address book list (checkout puts Nigeria first).
  const countries = useMemo(() => countryNames("Pakistan"), []);
  const text = (key: Exclude<keyof AddressValues, "default" | "country">, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} {...form.getInputProps(key)} {...extra} />
  );
  const submit = form.submitWith((values) => (busy ? undefined : onSubmit(values)));
  return (
    <form onSubmit={submit} aria-label={editing ? TEXT.accounts.updateAddress : TEXT.accounts.addAddress} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text("first_name", "First name", { required: true, autoComplete: "given-name" })}
          {text("last_name", "Last name", { required: true, autoComplete: "family-name" })}
        </SimpleGrid>
        {text("company", "Company (optional)", { autoComplete: "organization" })}
        {text("address1", "Address line 1", { required: true, autoComplete: "address-line1", placeholder: "House number and street" })}
        {text("address2", "Address line 2 (optional)", { autoComplete: "address-line2", placeholder: "Apartment, estate, landmark" })}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {text("city", "City", { autoComplete: "address-level2" })}
          {text("state", "State", { autoComplete: "address-level1" })}
          <Select
            label="Country"
            data={countries}
            {...form.getInputProps("country")}
            onChange={(v) => form.setFieldValue("country", v ?? "")}
            searchable
            allowDeselect={false}
            required
            comboboxProps={{ withinPortal: true }}
          />
          {text("zip", "Zip / postal code", { autoComplete: "postal-code" })}
        </SimpleGrid>
        {text("phone", "Phone number", { type: "tel", inputMode: "tel", autoComplete: "tel" })}
        <Checkbox
          label={TEXT.accounts.setDefault}
          // The default keeps its place until another address takes it over (server rule, ADR 0014).
          disabled={editing && !!address?.default}
          description={editing && address?.default ? TEXT.accounts.defaultKept : undefined}
          {...form.getInputProps("default", { type: "checkbox" })}
        />
        <Group justify="flex-end">
          <Button variant="default" type="button" onClick={onCancel}>
            {TEXT.accounts.cancel}
          </Button>
          <Button type="submit" disabled={busy} miw={150}>
            {busy ? TEXT.buttons.processing : editing ? TEXT.accounts.updateAddress : TEXT.accounts.addAddress}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
