/**
 * Ordered Products (seller; spec §2, made real per the design brief): the lines of PAID orders for
 * the seller's items — product, buyer's name and city, quantity, amount, status — which the seller
 * moves on: ship (carrier, tracking) by the ship-by time, then delivered (`PUT /api/orders/lines`),
 * or cancels with a reason; a buyer's problem is answered here (ADR 0193-0195). Each line's order number
 * opens the order's page (where to deliver, packing slip; ADR 0178).
 */
import { Anchor, Badge, Image, Paper, Text } from "@mantine/core";
import { BACKOFFICE_PATHS, formatNaira, imageThumbUrl, type SellerOrderLine, type UpdateOrderLineBody } from "@market/contract";
import { generatePath, Link } from "react-router";
import { FULFILMENT_LABEL } from "../../../components/orders/order-labels";
import { LineTracking, ProblemThread, SellerLineActions } from "../../../components/orders/protection";
import { toldAfter } from "../../../lib/notify";
import { useSellerLines, useUpdateLine } from "../api/orders";
import { type ListColumn, ListTable } from "../components/list-table";
import { PageHeader } from "../components/page-header";
import { RoleGate } from "../components/role-gate";

const dateFmt = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", year: "numeric" });

function OrderedProducts() {
  const q = useSellerLines();
  const update = useUpdateLine();
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];

  const moveOn = (body: UpdateOrderLineBody, done?: () => void) => update.mutate(body, toldAfter(done));

  const action = (l: SellerOrderLine) =>
    l.fulfilment === "unfulfilled" || l.fulfilment === "shipped" || l.open_problem ? (
      <>
        <SellerLineActions
          line={l}
          problem={l.open_problem}
          onMove={moveOn}
          busy={update.isPending && update.variables?.line_id === l._id}
          codeAtDoor={Boolean(l.collect_at_door)}
        />
        {/* Paid at the door: delivered with the buyer's code on the order page (ADR 0221). */}
        {l.collect_at_door && (
          <Anchor component={Link} to={generatePath(BACKOFFICE_PATHS.order, { id: l.order_id })} fz="xs" data-testid="collect-at-door">
            Deliver with the buyer's code
          </Anchor>
        )}
      </>
    ) : (
      <Text fz="xs" c="dimmed">
        Done
      </Text>
    );

  const columns: ListColumn<SellerOrderLine>[] = [
    {
      label: "Image",
      phone: "image",
      cell: (l) => <Image src={imageThumbUrl(l.image_url)} alt={l.name} w={44} h={44} radius="sm" fit="cover" fallbackSrc="/favicon.svg" />,
    },
    {
      label: "Product",
      phone: "title",
      cell: (l) => (
        <>
          <Text fz="sm" fw={500}>
            {l.name}
          </Text>
          <Text fz="xs" c="dimmed">
            <Anchor
              component={Link}
              to={generatePath(BACKOFFICE_PATHS.order, { id: l.order_id })}
              fz="xs"
              fw={600}
              data-testid="order-link"
            >
              Order {l.order_number}
            </Anchor>{" "}
            · {formatNaira(l.unit_price)} each
          </Text>
        </>
      ),
    },
    {
      label: "Buyer",
      cell: (l) => (
        <>
          <Text fz="sm">{l.buyer.names}</Text>
          <Text fz="xs" c="dimmed">
            {l.buyer.city}
          </Text>
        </>
      ),
    },
    { label: "Quantity", cell: (l) => l.quantity },
    { label: "Amount", nowrap: true, cell: (l) => formatNaira(l.amount) },
    { label: "Date", nowrap: true, cell: (l) => dateFmt.format(new Date(l.createdAt)) },
    {
      label: "Status",
      cell: (l) => (
        <>
          <Badge style={{ minWidth: "fit-content" }} color={FULFILMENT_LABEL[l.fulfilment].color} variant="light" data-testid="line-status">
            {FULFILMENT_LABEL[l.fulfilment].label}
          </Badge>
          <LineTracking line={l} />
          {l.open_problem ? <ProblemThread problem={l.open_problem} /> : null}
        </>
      ),
    },
    { label: "Action", phone: "actions", cell: action },
  ];

  return (
    <>
      <PageHeader
        title="Ordered Products"
        subtitle="Paid orders for your products. Ship each line by its ship-by time (with the carrier and tracking), then mark it delivered; answer any problem a buyer reports."
      />
      <Paper withBorder radius="md" p="md">
        <ListTable
          query={q}
          rows={rows}
          rowKey={(l) => l._id}
          columns={columns}
          testId="order-lines-table"
          rowTestId="order-line-row"
          minWidth={820}
          empty="No paid orders for your products yet."
        />
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
