/**
 * Add/Edit Product (spec §2, §4 "Product form"): `add_products` creates, `update_products/:id`
 * edits. The heading reads "Add Products" in both modes; the button "Add Product" or "Update
 * Product" ("Processing" while saving). Fields: name, category (without services categories),
 * price (naira), count_in_stock, description and several images. After a create the form is
 * cleared (the category too); after an update it is kept. An empty price is a field error.
 * Server field messages show under the fields.
 */
import { Alert, Button, Grid, NumberInput, Paper, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { ProductCreateInput, TEXT } from "@market/contract";
import { useState } from "react";
import { useParams } from "react-router";
import { useSchemaForm } from "../../../lib/form";
import { notifySuccess } from "../../../lib/notify";
import { useCategories } from "../../../lib/queries/categories";
import { useSession } from "../../../lib/session";
import { useMyItem, useSaveItem } from "../api/items";
import { ImageUploader } from "../components/image-uploader";
import { PageHeader } from "../components/page-header";
import { LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { useLoadForm } from "../components/use-load-form";

// No category is null, not "": Mantine's Select clears the text it shows only for null, and kept
// the last choice's name on screen over an empty value after a create.
type FormValues = Omit<Required<ProductCreateInput>, "category_id" | "price" | "count_in_stock" | "options" | "variants"> & {
  category_id: string | null;
  price: number | string;
  count_in_stock: number | string;
};

const EMPTY: FormValues = { name: "", category_id: null, price: "", count_in_stock: "", description: "", image_urls: [] };

/**
 * The request body of the form's values: price (naira) and stock as numbers. An empty price is
 * left out, so the contract refuses it ("Price is required") instead of publishing a free
 * product; an empty stock is 0 (out of stock).
 */
function productBody(v: FormValues) {
  return {
    name: v.name,
    category_id: v.category_id,
    price: v.price === "" ? undefined : Number(v.price),
    count_in_stock: Number(v.count_in_stock || 0),
    description: v.description,
    image_urls: v.image_urls,
  };
}

function ProductFormView() {
  const { id } = useParams();
  const { details } = useSession();
  const product = useMyItem("market-place", id);
  const categories = useCategories();
  const save = useSaveItem("market-place");
  const [uploading, setUploading] = useState(false);
  const form = useSchemaForm<FormValues>(ProductCreateInput, { initialValues: EMPTY, toBody: productBody });
  useLoadForm(form, id, product.data, EMPTY, (p) => ({
    name: p.name,
    category_id: p.category_id,
    price: p.price,
    count_in_stock: p.count_in_stock,
    description: p.description,
    image_urls: p.image_urls,
  }));

  const options = (categories.data ?? []).filter((c) => c.type !== "services").map((c) => ({ value: c._id, label: c.name }));
  const notMine = !!(id && product.data && details && product.data.user_id !== details._id);

  const onSubmit = form.submitWith(
    (v) => {
      // The contract's schema passed: the category is chosen and the price given.
      const body = productBody(v) as ProductCreateInput;
      return save.mutateAsync(id ? { _id: id, ...body } : body);
    },
    {
      onSuccess: () => {
        notifySuccess(id ? TEXT.success.productUpdated : TEXT.success.productCreated);
        if (!id) form.setValues(EMPTY);
      },
    },
  );

  return (
    <>
      <PageHeader title="Add Products" subtitle={id ? "Edit your product" : "Create a new product for the market place"} />
      {id && product.isPending ? (
        <Loading />
      ) : id && product.isError ? (
        <LoadError error={product.error} onRetry={() => product.refetch()} />
      ) : notMine ? (
        <Alert color="red" title={TEXT.alerts.errorTitle}>
          You can only edit your own products.
        </Alert>
      ) : (
        <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }} component="form" onSubmit={onSubmit} maw={900}>
          <Stack gap="md">
            <TextInput label="Name" {...form.getInputProps("name")} />
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label="Category"
                  placeholder={categories.isPending ? TEXT.pages.loading : "Choose a category"}
                  data={options}
                  searchable
                  nothingFoundMessage="No category"
                  {...form.getInputProps("category_id")}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Price (₦)"
                  min={0}
                  decimalScale={2}
                  thousandSeparator=","
                  hideControls
                  {...form.getInputProps("price")}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, sm: 3 }}>
                <NumberInput
                  label="Count in stock"
                  min={0}
                  step={1}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps("count_in_stock")}
                />
              </Grid.Col>
            </Grid>
            <Textarea label="Description" autosize minRows={4} maxRows={12} {...form.getInputProps("description")} />
            <ImageUploader
              value={form.values.image_urls}
              onChange={(urls) => form.setFieldValue("image_urls", urls)}
              onBusyChange={setUploading}
              error={form.errors.image_urls as string | undefined}
            />
            <div>
              <Button type="submit" size="md" disabled={save.isPending || uploading} data-testid="product-submit">
                {save.isPending ? TEXT.buttons.processing : id ? TEXT.buttons.updateProduct : TEXT.buttons.addProduct}
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
    </>
  );
}

export default function ProductFormPage() {
  return (
    <RoleGate roles={["business"]}>
      <ProductFormView />
    </RoleGate>
  );
}
