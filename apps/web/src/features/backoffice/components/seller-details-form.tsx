/**
 * A seller's own details in Settings (ADR 0184): the categories they sell in (1 to 3, as at
 * sign-up; services are listed under a category of type "services") and the business details the
 * admin reviews before approving the seller: business name, CAC registration number (optional),
 * address, state and city. Two forms, each saved on its own.
 */
import { Button, Grid, MultiSelect, NativeSelect, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import {
  MAX_SELLER_CATEGORIES,
  NIGERIAN_STATES,
  type NigerianState,
  SELLER_MESSAGES,
  SellerBusinessBody,
  SellerCategoriesBody,
  TEXT,
  type UserDetails,
} from "@market/contract";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useCategories } from "../../../lib/queries/categories";
import { useSaveBusiness, useSaveOwnCategories } from "../api/seller-details";

type BusinessValues = { business_name: string; cac_number: string; address: string; state: string; city: string };

/** Options of a categories picker: each category with its type, so a seller sees which are for services. */
export function categoryOptions(categories: Array<{ _id: string; name: string; type: string }>) {
  return categories.map((c) => ({ value: c._id, label: `${c.name} (${c.type === "services" ? "services" : "products"})` }));
}

function CategoriesForm({ details }: { details: UserDetails }) {
  const categories = useCategories();
  const save = useSaveOwnCategories();
  const form = useSchemaForm<{ category_ids: string[] }>(SellerCategoriesBody, { initialValues: { category_ids: details.category_ids } });
  const onSubmit = form.submitWith(save.mutateAsync, { onSuccess: (res) => notifySuccess(res.message || SELLER_MESSAGES.categoriesSaved) });
  return (
    <form onSubmit={onSubmit} aria-label="Your categories">
      <Stack gap="sm">
        <MultiSelect
          label={`Your categories (at most ${MAX_SELLER_CATEGORIES})`}
          description="Your products and services are listed under these. To offer services, pick at least one services category."
          data={categoryOptions(categories.data ?? [])}
          maxValues={MAX_SELLER_CATEGORIES}
          searchable
          disabled={!categories.isSuccess}
          data-testid="seller-categories"
          {...form.getInputProps("category_ids")}
        />
        <div>
          <Button type="submit" variant="light" disabled={save.isPending} data-testid="save-categories">
            {save.isPending ? TEXT.buttons.processing : "Save categories"}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

function BusinessForm({ details }: { details: UserDetails }) {
  const save = useSaveBusiness();
  const b = details.business;
  const form = useSchemaForm<BusinessValues>(SellerBusinessBody, {
    initialValues: {
      business_name: b?.business_name ?? "",
      cac_number: b?.cac_number ?? "",
      address: b?.address ?? "",
      state: b?.state ?? "",
      city: b?.city ?? "",
    },
  });
  // Checked by the contract's schema first: the state is one of NIGERIAN_STATES by then.
  const onSubmit = form.submitWith((v) => save.mutateAsync({ ...v, state: v.state as NigerianState }), {
    onSuccess: (res) => {
      notifySuccess(res.message || SELLER_MESSAGES.businessSaved);
      // The stored form of what was typed (e.g. "rc 123" -> "RC123").
      const saved = res.data.business;
      if (saved)
        form.setValues({
          business_name: saved.business_name,
          cac_number: saved.cac_number ?? "",
          address: saved.address,
          state: saved.state,
          city: saved.city,
        });
    },
  });
  return (
    <form onSubmit={onSubmit} aria-label="Business details">
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="Business name" maxLength={120} autoComplete="organization" {...form.getInputProps("business_name")} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput
            label="CAC registration number (optional)"
            placeholder="RC123456, BN1234567 or IT12345"
            maxLength={20}
            {...form.getInputProps("cac_number")}
          />
        </Grid.Col>
        <Grid.Col span={12}>
          <TextInput label="Business address" maxLength={200} autoComplete="street-address" {...form.getInputProps("address")} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          {/* The phone's own picker: 37 names to scroll through. */}
          <NativeSelect
            label="State"
            data={[{ value: "", label: "Choose your state" }, ...NIGERIAN_STATES]}
            {...form.getInputProps("state")}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label="City or town" maxLength={60} autoComplete="address-level2" {...form.getInputProps("city")} />
        </Grid.Col>
        <Grid.Col span={12}>
          <Button type="submit" variant="light" disabled={save.isPending} data-testid="save-business">
            {save.isPending ? TEXT.buttons.processing : "Save business details"}
          </Button>
        </Grid.Col>
      </Grid>
    </form>
  );
}

/** The seller's section of Settings. */
export function SellerDetailsSection({ details }: { details: UserDetails }) {
  return (
    <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} maw={900} mt="lg" data-testid="seller-details">
      <Stack gap="lg">
        <div>
          <Title order={2} fz="lg">
            Your shop
          </Title>
          <Text fz="sm" c="dimmed">
            {details.status === "pending"
              ? "The admin reviews these details before approving your shop."
              : "What you sell and the business behind it, as the admin sees them."}
          </Text>
        </div>
        <CategoriesForm details={details} />
        <BusinessForm details={details} />
      </Stack>
    </Paper>
  );
}
