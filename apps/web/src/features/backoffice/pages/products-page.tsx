/**
 * View Products (spec §2 "Back-office screens"): the signed-in seller's own products only, with
 * image, name, category, price, stock, description cut to 20 characters, Edit and Delete (with the
 * spec's confirmation). The search box searches the seller's products on the server.
 */
import { Anchor, Badge, Button, Group, Image, Paper, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { formatNaira, imageThumbUrl, TEXT, TRUNCATE, truncate } from "@market/contract";
import { IconEdit, IconPlus, IconSearch, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { LoadMore } from "../../../components/load-more";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useDeleteItem, useMyItems } from "../api/items";
import { confirmDelete } from "../components/confirm";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { RowCard } from "../components/row-card";
import { BO } from "../lib/nav";
import { useIsPhone } from "../lib/use-is-phone";

function ProductsView() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const q = useMyItems("market-place", debounced);
  const del = useDeleteItem("market-place");
  const rows = q.data?.pages.flatMap((p) => p.products) ?? [];
  const total = q.data?.pages[0]?.total;
  const phone = useIsPhone();

  const onDelete = (id: string) =>
    confirmDelete(TEXT.confirm.deleteProduct, () =>
      del.mutate(id, { onSuccess: (res) => notifySuccess(res.message || TEXT.success.deleted), onError: (e) => notifyError(e) }),
    );

  const actions = (id: string) => (
    <Group gap={6} wrap="nowrap">
      <Button size="xs" variant="light" component={Link} to={`${BO}/update_products/${id}`} leftSection={<IconEdit size={14} />}>
        Edit
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(id)}>
        Delete
      </Button>
    </Group>
  );

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
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : rows.length === 0 ? (
          <Empty>{debounced ? "No product matches your search." : "You have no products yet."}</Empty>
        ) : phone ? (
          <Stack gap="xs">
            {rows.map((p) => (
              <RowCard
                key={p._id}
                testId="product-row"
                image={p.image_urls[0] ?? null}
                title={p.name}
                meta={`${p.category_name} · ${formatNaira(p.price)}`}
                actions={actions(p._id)}
              >
                <Group gap={6}>
                  {stock(p.count_in_stock)}
                  {!p.listed ? (
                    <Text fz="xs" c="orange.8">
                      Not public yet
                    </Text>
                  ) : null}
                </Group>
                <Text fz="xs">{truncate(p.description, TRUNCATE.backOfficeList)}</Text>
              </RowCard>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="products-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Image</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Stock</Table.Th>
                  <Table.Th>Description</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p) => (
                  <Table.Tr key={p._id} data-testid="product-row">
                    <Table.Td>
                      <Image
                        src={imageThumbUrl(p.image_urls[0])}
                        alt={p.name}
                        w={56}
                        h={56}
                        radius="sm"
                        fit="cover"
                        fallbackSrc="/favicon.svg"
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/product/market-place/${p._id}`} fw={500} fz="sm">
                        {p.name}
                      </Anchor>
                      {!p.listed ? (
                        <Text fz="xs" c="orange.8">
                          Not public yet
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{p.category_name}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatNaira(p.price)}</Table.Td>
                    <Table.Td>{stock(p.count_in_stock)}</Table.Td>
                    <Table.Td>{truncate(p.description, TRUNCATE.backOfficeList)}</Table.Td>
                    <Table.Td>{actions(p._id)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <LoadMore list={q} />
      </Paper>
    </>
  );
}

function stock(count: number) {
  return count > 0 ? (
    <Badge color="green" variant="light" style={{ minWidth: "fit-content" }}>
      {TEXT.stock.inStock} ({count})
    </Badge>
  ) : (
    <Badge color="red" variant="light" style={{ minWidth: "fit-content" }}>
      {TEXT.stock.outOfStock}
    </Badge>
  );
}

export default function ProductsPage() {
  return (
    <RoleGate roles={["business"]}>
      <ProductsView />
    </RoleGate>
  );
}
