/**
 * Ordered Products (seller; spec §2, made real per the design brief): the lines of PAID orders for
 * the seller's items — product, buyer's name and city, quantity, amount, status — which the seller
 * moves on: unfulfilled -> shipped -> delivered (`PUT /api/orders/lines`).
 */
import { Badge, Button, Group, Image, Paper, Stack, Table, Text } from "@mantine/core";
import { type FulfilmentStatus, formatNaira, imageThumbUrl, type SellerOrderLine } from "@market/contract";
import { IconCheck, IconTruck } from "@tabler/icons-react";
import { LoadMore } from "../../../components/load-more";
import { notifyError, notifySuccess } from "../../../lib/notify";
import { useSellerLines, useUpdateLine } from "../api/orders";
import { PageHeader } from "../components/page-header";
import { Empty, LoadError, Loading } from "../components/query-state";
import { RoleGate } from "../components/role-gate";
import { RowCard } from "../components/row-card";
import { useIsPhone } from "../lib/use-is-phone";

const STATUS: Record<FulfilmentStatus, { label: string; color: string }> = {
  unfulfilled: { label: "Pending", color: "orange" },
  shipped: { label: "Shipped", color: "blue" },
  delivered: { label: "Delivered", color: "green" },
};

const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

function OrderedProducts() {
  const q = useSellerLines();
  const update = useUpdateLine();
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];

  const moveOn = (line_id: string, fulfilment: "shipped" | "delivered") =>
    update.mutate({ line_id, fulfilment }, { onSuccess: (res) => notifySuccess(res.message), onError: (e) => notifyError(e) });

  const phone = useIsPhone();
  const action = (l: SellerOrderLine) =>
    l.fulfilment === "unfulfilled" ? (
      <Button
        size="xs"
        leftSection={<IconTruck size={14} />}
        loading={update.isPending && update.variables?.line_id === l._id}
        onClick={() => moveOn(l._id, "shipped")}
      >
        Mark shipped
      </Button>
    ) : l.fulfilment === "shipped" ? (
      <Button
        size="xs"
        variant="light"
        leftSection={<IconCheck size={14} />}
        loading={update.isPending && update.variables?.line_id === l._id}
        onClick={() => moveOn(l._id, "delivered")}
      >
        Mark delivered
      </Button>
    ) : (
      <Text fz="xs" c="dimmed">
        Done
      </Text>
    );

  return (
    <>
      <PageHeader title="Ordered Products" subtitle="Paid orders for your products. Mark each line shipped, then delivered." />
      <Paper withBorder radius="md" p="md">
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <LoadError error={q.error} onRetry={() => q.refetch()} />
        ) : rows.length === 0 ? (
          <Empty>No paid orders for your products yet.</Empty>
        ) : phone ? (
          <Stack gap="xs">
            {rows.map((l) => (
              <RowCard
                key={l._id}
                testId="order-line-row"
                image={l.image_url}
                title={l.name}
                meta={`Order ${l.order_id.slice(0, 8).toUpperCase()} · ${dateFmt.format(new Date(l.createdAt))}`}
                actions={action(l)}
              >
                <Text fz="sm">
                  {l.quantity} x {formatNaira(l.unit_price)} = <b>{formatNaira(l.amount)}</b>
                </Text>
                <Text fz="xs">
                  {l.buyer.names}, {l.buyer.city}
                </Text>
                <div>
                  <Badge style={{ minWidth: "fit-content" }} color={STATUS[l.fulfilment].color} variant="light" data-testid="line-status">
                    {STATUS[l.fulfilment].label}
                  </Badge>
                </div>
              </RowCard>
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="order-lines-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Buyer</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((l) => (
                  <Table.Tr key={l._id} data-testid="order-line-row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Image
                          src={imageThumbUrl(l.image_url)}
                          alt={l.name}
                          w={44}
                          h={44}
                          radius="sm"
                          fit="cover"
                          fallbackSrc="/favicon.svg"
                        />
                        <div>
                          <Text fz="sm" fw={500}>
                            {l.name}
                          </Text>
                          <Text fz="xs" c="dimmed">
                            Order {l.order_id.slice(0, 8).toUpperCase()} · {formatNaira(l.unit_price)} each
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm">{l.buyer.names}</Text>
                      <Text fz="xs" c="dimmed">
                        {l.buyer.city}
                      </Text>
                    </Table.Td>
                    <Table.Td>{l.quantity}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{formatNaira(l.amount)}</Table.Td>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>{dateFmt.format(new Date(l.createdAt))}</Table.Td>
                    <Table.Td>
                      <Badge
                        style={{ minWidth: "fit-content" }}
                        color={STATUS[l.fulfilment].color}
                        variant="light"
                        data-testid="line-status"
                      >
                        {STATUS[l.fulfilment].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{action(l)}</Table.Td>
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

export default function OrderedProductsPage() {
  return (
    <RoleGate roles={["business"]}>
      <OrderedProducts />
    </RoleGate>
  );
}
