/**
 * View Products (spec §2 "Back-office screens"): the signed-in seller's own products only, with
 * image, name, category, price, stock, description cut to 20 characters, Edit and Delete (with the
 * spec's confirmation). The search box searches the seller's products on the server.
 */
import { Anchor, Badge, Button, Image, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { formatNaira, imageThumbUrl, type ProductListAnswer, TEXT, TRUNCATE, truncate } from "@market/contract";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { useMyItems } from "../api/items";
import { ItemActions } from "../components/item-actions";
import { type ListColumn, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { RoleGate } from "../components/role-gate";
import { BO } from "../lib/nav";

type Product = ProductListAnswer["products"][number];

function ProductsView() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const q = useMyItems("market-place", debounced);
  const rows = q.data?.pages.flatMap((p) => p.products) ?? [];
  const total = q.data?.pages[0]?.total;

  const columns: ListColumn<Product>[] = [
    {
      label: "Image",
      phone: "image",
      cell: (p) => (
        <Image src={imageThumbUrl(p.image_urls[0])} alt={p.name} w={56} h={56} radius="sm" fit="cover" fallbackSrc="/favicon.svg" />
      ),
    },
    {
      label: "Name",
      phone: "title",
      cell: (p) => (
        <>
          <Anchor component={Link} to={`/product/market-place/${p._id}`} fw={500} fz="sm">
            {p.name}
          </Anchor>
          {!p.listed ? (
            <Text fz="xs" c="orange.8">
              Not public yet
            </Text>
          ) : null}
        </>
      ),
    },
    { label: "Category", cell: (p) => p.category_name },
    { label: "Price", nowrap: true, cell: (p) => formatNaira(p.price) },
    { label: "Stock", cell: (p) => stock(p.count_in_stock, p.options.length ? p.variants.length : 0) },
    { label: "Description", cell: (p) => truncate(p.description, TRUNCATE.backOfficeList) },
    { label: "Actions", phone: "actions", cell: (p) => <ItemActions type="market-place" id={p._id} /> },
  ];

  return (
    <>
      <PageHeader
        title="View Products"
        subtitle={total !== undefined ? `${total} product${total === 1 ? "" : "s"}` : undefined}
        actions={
          <Button component={Link} to={`${BO}/add_products`} leftSection={<IconPlus size={16} />}>
            Add New
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <TextInput
          placeholder="Search your products"
          aria-label="Search products"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          mb="md"
          maw={360}
        />
        <ListTable
          query={q}
          rows={rows}
          rowKey={(p) => p._id}
          columns={columns}
          testId="products-table"
          rowTestId="product-row"
          minWidth={760}
          empty={debounced ? "No product matches your search." : "You have no products yet."}
        />
      </Paper>
    </>
  );
}

/** The product's total stock, and how many variants it has when it has options (ADR 0215). */
function stock(count: number, variants: number) {
  const badge =
    count > 0 ? (
      <Badge color="green" variant="light" style={{ minWidth: "fit-content" }}>
        {TEXT.stock.inStock} ({count})
      </Badge>
    ) : (
      <Badge color="red" variant="light" style={{ minWidth: "fit-content" }}>
        {TEXT.stock.outOfStock}
      </Badge>
    );
  if (!variants) return badge;
  return (
    <Stack gap={2} align="flex-start">
      {badge}
      <Text fz="xs" c="dimmed" data-testid="variants-note">
        {variants} {variants === 1 ? "variant" : "variants"}
      </Text>
    </Stack>
  );
}

export default function ProductsPage() {
  return (
    <RoleGate roles={["business"]}>
      <ProductsView />
    </RoleGate>
  );
}
