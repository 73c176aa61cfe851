/**
 * A seller's details for the admin (View Sellers, ADR 0184): the business details the seller gave
 * (name, CAC number, address, state, city) to check before approving, the contact and payout
 * account, and the seller's categories, which the admin may change (1 to 3). A pending seller's
 * Approve button is here too, below what it approves, with "Not yet": a reason the seller is told
 * (they stay pending and can put it right).
 */
import { Alert, Button, Group, Modal, MultiSelect, SimpleGrid, Stack, Text, Textarea } from "@mantine/core";
import { type AdminUserRow, MAX_SELLER_CATEGORIES, SellerCategoriesBody, SellerDeclineBody, TEXT } from "@market/contract";
import type { ReactNode } from "react";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useCategories } from "../../../lib/queries/categories";
import { useDeclineSeller, useSetSellerCategories } from "../api/seller-details";
import { categoryOptions } from "./seller-details-form";

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </div>
  );
}

function CategoriesEditor({ seller }: { seller: AdminUserRow }) {
  const categories = useCategories();
  const save = useSetSellerCategories();
  const form = useSchemaForm<{ category_ids: string[] }>(SellerCategoriesBody, { initialValues: { category_ids: seller.category_ids } });
  const onSubmit = form.submitWith((v) => save.mutateAsync({ id: seller._id, ...v }), {
    onSuccess: (res) => notifySuccess(res.message || TEXT.success.updated),
  });
  return (
    <form onSubmit={onSubmit} aria-label="Seller's categories">
      <Stack gap="xs">
        <MultiSelect
          label={`Categories (at most ${MAX_SELLER_CATEGORIES})`}
          data={categoryOptions(categories.data ?? [])}
          maxValues={MAX_SELLER_CATEGORIES}
          searchable
          disabled={!categories.isSuccess}
          data-testid="admin-seller-categories"
          {...form.getInputProps("category_ids")}
        />
        <div>
          <Button type="submit" size="xs" variant="light" disabled={save.isPending}>
            {save.isPending ? TEXT.buttons.processing : "Save categories"}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function DeclineForm({ seller }: { seller: AdminUserRow }) {
  const decline = useDeclineSeller();
  const form = useSchemaForm<{ reason: string }>(SellerDeclineBody, { initialValues: { reason: "" } });
  const onSubmit = form.submitWith((v) => decline.mutateAsync({ id: seller._id, ...v }), {
    onSuccess: (res) => {
      form.reset();
      notifySuccess(res.message, "Seller told why");
    },
  });
  return (
    <form onSubmit={onSubmit} aria-label="Not approved yet">
      <Stack gap="xs">
        <Textarea
          label="Not approved yet? Tell the seller why"
          description="The seller stays pending and gets this reason by notification and e-mail."
          rows={3}
          maxLength={500}
          {...form.getInputProps("reason")}
        />
        <div>
          <Button type="submit" size="xs" variant="light" color="red" disabled={decline.isPending}>
            {decline.isPending ? TEXT.buttons.processing : "Send reason"}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

export function SellerDetailsModal({
  seller,
  onClose,
  onApprove,
}: {
  seller: AdminUserRow | null;
  onClose: () => void;
  /** Approve the seller (asks first); shown for a pending seller. */
  onApprove: (seller: AdminUserRow) => void;
}) {
  const b = seller?.business;
  return (
    <Modal opened={!!seller} onClose={onClose} title={seller ? `Seller: ${seller.names}` : ""} size="lg">
      {seller ? (
        <Stack gap="md" data-testid="seller-details-view">
          {b ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Field label="Business name">{b.business_name}</Field>
              <Field label="CAC number">{b.cac_number ?? "Not registered"}</Field>
              <Field label="Business address">{b.address}</Field>
              <Field label="State, city">
                {b.state}, {b.city}
              </Field>
            </SimpleGrid>
          ) : (
            <Alert color="yellow" title="No business details yet">
              The seller has not given their business name, address, state and city in Settings.
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Field label="Contact">
              {seller.email}
              <br />
              {seller.phone}
            </Field>
            <Field label="Payout account">
              {seller.account_no
                ? `${seller.account_name ?? ""} · ${seller.bank_name ?? seller.bank_code} · ${seller.account_no}`
                : "None yet"}
            </Field>
          </SimpleGrid>
          {seller.desc ? <Field label="About">{seller.desc}</Field> : null}
          <CategoriesEditor key={seller._id} seller={seller} />
          {seller.status === "pending" ? (
            <>
              <Group justify="flex-end">
                <Button color="orange" onClick={() => onApprove(seller)} data-testid="details-approve">
                  Approve seller
                </Button>
              </Group>
              <DeclineForm key={seller._id} seller={seller} />
            </>
          ) : (
            <Text fz="sm" c="dimmed">
              Status: {seller.status}
            </Text>
          )}
        </Stack>
      ) : null}
    </Modal>
  );
}
