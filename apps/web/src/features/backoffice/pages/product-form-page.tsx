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
import { lazy, Suspense, useState } from "react";
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
import type { OptionDraft, VariantDraft } from "../components/variant-editor";

// No category is null, not "": Mantine's Select clears the text it shows only for null, and kept
// the last choice's name on screen over an empty value after a create.
type FormValues = Omit<Required<ProductCreateInput>, "category_id" | "price" | "count_in_stock" | "options" | "variants"> & {
  category_id: string | null;
  price: number | string;
  count_in_stock: number | string;
  options: OptionDraft[];
  variants: VariantDraft[];
};

const EMPTY: FormValues = {
  name: "",
  category_id: null,
  price: "",
  count_in_stock: "",
  description: "",
  image_urls: [],
  options: [],
  variants: [],
};

/** The options and variants editor (ADR 0215): its own chunk. */
const VariantEditor = lazy(() => import("../components/variant-editor"));

/** A typed amount as the body sends it: "" is left out (the contract says it is required). */
const amount = (v: number | string) => (v === "" ? undefined : Number(v));

/**
 * The request body of the form's values: price (naira) and stock as numbers. An empty price is
 * left out, so the contract refuses it ("Price is required") instead of publishing a free
 * product; an empty stock is 0 (out of stock).
 */
function productBody(v: FormValues, hadOptions = false) {
  const common = { name: v.name, category_id: v.category_id, description: v.description, image_urls: v.image_urls };
  if (v.options.length) {
    // With options, price and stock are each variant's; the product's follow (ADR 0215).
    return {
      ...common,
      options: v.options,
      variants: v.variants.map((x) => ({
        ...(x._id ? { _id: x._id } : {}),
        sku: x.sku,
        options: x.options,
        price: amount(x.price),
        count_in_stock: Number(x.count_in_stock || 0),
      })),
    };
  }
  const price = amount(v.price);
  const count = Number(v.count_in_stock || 0);
  // Options all removed: the product goes back to one default variant.
  const back = hadOptions && price !== undefined ? { options: [], variants: [{ sku: "", options: {}, price, count_in_stock: count }] } : {};
  return { ...common, price, count_in_stock: count, ...back };
}

function ProductFormView() {
  const { id } = useParams();
  const { details } = useSession();
  const product = useMyItem("market-place", id);
  const categories = useCategories();
  const save = useSaveItem("market-place");
  const [uploading, setUploading] = useState(false);
  const hadOptions = !!product.data?.options?.length;
  const form = useSchemaForm<FormValues>(ProductCreateInput, { initialValues: EMPTY, toBody: (v) => productBody(v, hadOptions) });
  useLoadForm(form, id, product.data, EMPTY, (p) => ({
    name: p.name,
    category_id: p.category_id,
    price: p.price,
    count_in_stock: p.count_in_stock,
    description: p.description,
    image_urls: p.image_urls,
    options: p.options,
    variants: p.options.length
      ? p.variants.map((v) => ({ _id: v._id, sku: v.sku, options: v.options, price: v.price, count_in_stock: v.count_in_stock }))
      : [],
  }));
  const withOptions = form.values.options.length > 0;

  const options = (categories.data ?? []).filter((c) => c.type !== "services").map((c) => ({ value: c._id, label: c.name }));
  const notMine = !!(id && product.data && details && product.data.user_id !== details._id);

  const onSubmit = form.submitWith(
    (v) => {
      // The contract's schema passed: the category is chosen and the price given.
      const body = productBody(v, hadOptions) as ProductCreateInput;
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
              {withOptions ? null : (
                <>
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
                </>
              )}
            </Grid>
            <Suspense fallback={null}>
              <VariantEditor
                options={form.values.options}
                variants={form.values.variants}
                onOptions={(o) => form.setFieldValue("options", o)}
                onVariants={(v) => form.setFieldValue("variants", v)}
                errors={form.errors}
                inputProps={(path) => form.getInputProps(path)}
              />
            </Suspense>
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
