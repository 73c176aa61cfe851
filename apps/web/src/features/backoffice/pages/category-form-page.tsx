/**
 * Add/Update Category (admin; spec §2): name and type (market-place or services), plus whether it
 * is a default (featured) category. "Category Successfully Created" / "... Updated".
 */
import { Button, Paper, Select, Stack, Switch, TextInput } from "@mantine/core";
import { CATEGORY_TYPES, CategoryCreateInput, type CategoryType, TEXT } from "@market/contract";
import { useParams } from "react-router";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useCategory, useSaveCategory } from "../../../lib/queries/categories-admin";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { useLoadForm } from "../components/use-load-form";

const EMPTY: CategoryCreateInput = { name: "", type: "market-place", is_default: false };

function CategoryForm() {
  const { id } = useParams();
  const category = useCategory(id);
  const save = useSaveCategory();
  const form = useSchemaForm<CategoryCreateInput>(CategoryCreateInput, { initialValues: EMPTY });
  useLoadForm(form, id, category.data, EMPTY, (c) => ({ name: c.name, type: c.type, is_default: c.is_default }));

  const onSubmit = form.submitWith((v) => save.mutateAsync(id ? { id, ...v } : v), {
    onSuccess: (res) => {
      notifySuccess(res.message || (id ? TEXT.success.categoryUpdated : TEXT.success.categoryCreated));
      if (!id) form.setValues(EMPTY);
    },
  });

  return (
    <>
      <PageHeader title={id ? "Update Category" : "Add Category"} />
      {id && category.isPending ? (
        <Loading />
      ) : id && (category.isError || category.data === null) ? (
        <LoadError error={category.error ?? new Error("Category not found")} />
      ) : (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={onSubmit} maw={560}>
          <Stack>
            <TextInput label="Name" {...form.getInputProps("name")} />
            <Select
              label="Type"
              data={CATEGORY_TYPES.map((t) => ({ value: t, label: t }))}
              allowDeselect={false}
              {...form.getInputProps("type")}
              onChange={(v) => form.setFieldValue("type", (v ?? "market-place") as CategoryType)}
            />
            <Switch label="Default category (featured on the home page)" {...form.getInputProps("is_default", { type: "checkbox" })} />
            <div>
              <Button type="submit" disabled={save.isPending} data-testid="category-submit">
                {save.isPending ? TEXT.buttons.processing : id ? "Update Category" : "Add Category"}
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
    </>
  );
}

export default function CategoryFormPage() {
  return (
    <RoleGate roles={["admin"]}>
      <CategoryForm />
    </RoleGate>
  );
}
