/**
 * Add/Update Service (spec §2, §5): images (several), a category among the seller's OWN categories
 * of type services, and a description. `add_services` creates, `update_Service/:id` edits.
 * "Service Successfully Created" / "Service Successfully Updated"; the form clears after a create.
 */
import { Alert, Anchor, Button, Paper, Select, Stack, Textarea } from "@mantine/core";
import { BACKOFFICE_PATHS, MAX_SELLER_CATEGORIES, PostCreateInput, TEXT } from "@market/contract";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useUserCategories } from "../../../lib/queries/categories-admin";
import { useSession } from "../../../lib/session";
import { useMyItem, useSaveItem } from "../api/items";
import { ImageUploader } from "../components/image-uploader";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { useLoadForm } from "../components/use-load-form";

// No category is null, not "": Mantine's Select clears the text it shows only for null (after a
// create it kept the last choice's name over an empty value).
type FormValues = Omit<Required<PostCreateInput>, "category_id"> & { category_id: string | null };

const EMPTY: FormValues = { category_id: null, body: "", image_urls: [] };

function ServiceFormView() {
  const { id } = useParams();
  const { details } = useSession();
  const service = useMyItem("services", id);
  const categories = useUserCategories(details?._id, "services");
  const save = useSaveItem("services");
  const [uploading, setUploading] = useState(false);
  const form = useSchemaForm<FormValues>(PostCreateInput, { initialValues: EMPTY });
  useLoadForm(form, id, service.data, EMPTY, (s) => ({ category_id: s.category_id, body: s.body, image_urls: s.image_urls }));

  const options = (categories.data ?? []).map((c) => ({ value: c._id, label: c.name }));
  const notMine = !!(id && service.data && details && service.data.user_id !== details._id);

  const onSubmit = form.submitWith(
    (values) => {
      // Checked by the contract's schema: the category is chosen.
      const v = { ...values, category_id: values.category_id as string };
      return save.mutateAsync(id ? { _id: id, ...v } : v);
    },
    {
      onSuccess: () => {
        notifySuccess(id ? TEXT.success.serviceUpdated : TEXT.success.serviceCreated);
        if (!id) form.setValues(EMPTY);
      },
    },
  );

  return (
    <>
      <PageHeader title={id ? "Update Service" : "Add Service"} subtitle="Describe a service you offer; customers can rate it" />
      {id && service.isPending ? (
        <Loading />
      ) : id && service.isError ? (
        <LoadError error={service.error} onRetry={() => service.refetch()} />
      ) : notMine ? (
        <Alert color="red" title={TEXT.alerts.errorTitle}>
          You can only edit your own services.
        </Alert>
      ) : (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={onSubmit} maw={900}>
          <Stack gap="md">
            <ImageUploader
              value={form.values.image_urls}
              onChange={(urls) => form.setFieldValue("image_urls", urls)}
              onBusyChange={setUploading}
              error={form.errors.image_urls as string | undefined}
            />
            <Select
              label="Category"
              placeholder={categories.isPending ? TEXT.pages.loading : "Choose one of your service categories"}
              data={options}
              nothingFoundMessage="No category"
              {...form.getInputProps("category_id")}
            />
            {categories.isSuccess && options.length === 0 ? (
              <Alert color="yellow" title="No service category">
                Services are listed under your own categories of type services, and your account has none.{" "}
                <Anchor component={Link} to={BACKOFFICE_PATHS.settings}>
                  Add one in Settings
                </Anchor>{" "}
                (up to {MAX_SELLER_CATEGORIES} categories).
              </Alert>
            ) : null}
            <Textarea label="Description" autosize minRows={5} maxRows={14} {...form.getInputProps("body")} />
            <div>
              <Button type="submit" size="md" disabled={save.isPending || uploading} data-testid="service-submit">
                {save.isPending ? TEXT.buttons.processing : id ? "Update Service" : "Add Service"}
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
    </>
  );
}

export default function ServiceFormPage() {
  return (
    <RoleGate roles={["business"]}>
      <ServiceFormView />
    </RoleGate>
  );
}
