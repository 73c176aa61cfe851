/**
 * /address, the address book (spec §2 "Customer area", §3 "Address", §7 address helper): an "Add a
 * New Address" button, the form (create or update), and a card per saved address titled "Default"
 * or "Address N" (its position) with the full name, the country, Edit and Delete.
 */
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { type Address, TEXT } from "@market/contract";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { Suspense, useEffect, useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { Skeleton } from "../../../components/ui/skeleton";
import { lazyComponent } from "../../../lib/lazy-component";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useAddressMutation } from "../../../lib/queries/me";
import type { SessionUser } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import type { AddressValues } from "../components/address-form";
import { CustomerArea } from "../components/customer-area";

/**
 * The form opens only on "Add a New Address" or "Edit", so it (Mantine's Select, the country list)
 * is not part of the page's first load: it loads once the page has started (ADR 0192).
 */
const AddressForm = lazyComponent(() => import("../components/address-form").then((m) => ({ default: m.AddressForm })));

/** Card title (spec §2): "Default" for the default address, otherwise "Address N" by position. */
function addressTitle(a: Address): string {
  return a.default ? TEXT.accounts.defaultAddress : TEXT.accounts.addressN(a.address_id + 1);
}

function AddressCard({ address, onEdit, onDelete, busy }: { address: Address; onEdit: () => void; onDelete: () => void; busy: boolean }) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="address-card"
      style={address.default ? { borderColor: "var(--mantine-color-naija-6)" } : undefined}
    >
      <Group justify="space-between" mb={6}>
        <Title order={3} fz="md">
          {addressTitle(address)}
        </Title>
      </Group>
      <Text fw={600}>
        {address.first_name} {address.last_name}
      </Text>
      {address.company ? <Text fz="sm">{address.company}</Text> : null}
      <Text fz="sm" c="dimmed">
        {[address.address1, address.address2, address.city, address.state].filter(Boolean).join(", ")}
      </Text>
      <Text fz="sm">{address.country}</Text>
      {address.phone ? (
        <Text fz="sm" c="dimmed">
          {address.phone}
        </Text>
      ) : null}
      <Group gap="xs" mt="md">
        <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={onEdit}>
          {TEXT.accounts.edit}
        </Button>
        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={onDelete} disabled={busy}>
          {TEXT.accounts.delete}
        </Button>
      </Group>
    </Card>
  );
}

function AddressBook({ user }: { user: SessionUser }) {
  const mutation = useAddressMutation();
  /** null: form closed; -1: new address; n: editing address_id n. */
  const [editing, setEditing] = useState<number | null>(null);
  const [formKey, setFormKey] = useState(0);
  /** The address whose Delete was pressed, until the shopper confirms or leaves. */
  const [deleting, setDeleting] = useState<Address | null>(null);
  const open = (id: number) => {
    setEditing(id);
    setFormKey((k) => k + 1);
  };
  const close = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const current = editing !== null && editing >= 0 ? user.addresses[editing] : undefined;
  // After the first paint, so the form is there by the time a shopper taps Add or Edit.
  useEffect(() => {
    void AddressForm.preload().catch(() => undefined);
  }, []);

  const save = (values: AddressValues) => {
    const body = current
      ? { request_type: "update" as const, address_id: current.address_id, ...values }
      : { request_type: "create" as const, ...values };
    // A refusal is the form's to show (its field messages and the alert).
    return mutation.mutateAsync(body).then((res) => {
      notifySuccess(res.message);
      close();
    });
  };
  const remove = (a: Address) => {
    mutation.mutate(
      { request_type: "delete_address", address_id: a.address_id },
      {
        onSuccess: (res) => {
          notifySuccess(res.message);
          if (editing !== null) close();
        },
        onError: (err) => notifyError(err),
      },
    );
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} fz="xl">
          {TEXT.accounts.addresses(user.addresses.length)}
        </Title>
        {editing === null ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open(-1)}>
            {TEXT.accounts.addNewAddress}
          </Button>
        ) : null}
      </Group>
      {editing !== null ? (
        <Card withBorder radius="md" padding="lg">
          <Title order={3} fz="lg" mb="md">
            {current ? `${TEXT.accounts.updateAddress}: ${addressTitle(current)}` : TEXT.accounts.addNewAddress}
          </Title>
          <Suspense fallback={<Skeleton h={420} />}>
            <AddressForm key={formKey} address={current} editing={!!current} busy={mutation.isPending} onSubmit={save} onCancel={close} />
          </Suspense>
        </Card>
      ) : null}
      {user.addresses.length ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {user.addresses.map((a) => (
            <AddressCard
              key={a._id}
              address={a}
              busy={mutation.isPending}
              onEdit={() => open(a.address_id)}
              onDelete={() => setDeleting(a)}
            />
          ))}
        </SimpleGrid>
      ) : (
        <Text c="dimmed">{TEXT.accounts.noAddresses}</Text>
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Do you want to delete this address?"
        onConfirm={() => deleting && remove(deleting)}
        onClose={() => setDeleting(null)}
      >
        {deleting ? <Text size="sm">{addressTitle(deleting)}</Text> : null}
      </ConfirmDialog>
    </Stack>
  );
}

export default function AddressPage() {
  usePageTitle("Addresses");
  return <CustomerArea title="Addresses">{(user) => <AddressBook user={user} />}</CustomerArea>;
}
