/**
 * /account, the customer's dashboard (spec §2 "Customer area"): a greeting, the order history
 * (GET /api/orders page by page with "Load more"; "No order has been made yet." when there is none;
 * refunds under the order's status; each order's number opens its page, /account/orders/:id) and the account details
 * (name, e-mail, default address first and last name and country).
 */
import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { type BuyerOrder, formatNaira, koboToNaira, nairaToKobo, STOREFRONT_PATHS, TEXT } from "@market/contract";
import { generatePath, Link, useNavigate } from "react-router";
import { LoadMore } from "../../../components/load-more";
import { FULFILMENT_LABEL, orderStatusLabel } from "../../../components/orders/order-labels";
import { PendingOrder } from "../../../components/orders/pending-order";
import { formatDay } from "../../../lib/dates";
import { errorMessage } from "../../../lib/notify";
import { type SessionUser, useSignOut } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { useMyOrders } from "../api/account";
import { CustomerArea } from "../components/customer-area";

/** Under the status of an order whose transfer no admin confirmed in time (ADR 0081). */
const UNCONFIRMED_NOTE = "We could not confirm your transfer in time, so the items went back on sale. If you paid, reply to our e-mail.";

/** What was refunded of an order, naira (summed in kobo). */
function refundedNaira(o: BuyerOrder): number {
  return koboToNaira((o.refunds ?? []).reduce((sum, r) => sum + nairaToKobo(r.amount), 0));
}

/** One line per refund of an order (ADR 0093): the amount, what it was for, the reason. */
function RefundNotes({ order }: { order: BuyerOrder }) {
  const refunds = order.refunds ?? [];
  if (!refunds.length) return null;
  return (
    <div data-testid="order-refunds">
      <Badge color="grape" variant="light" mt={4} style={{ minWidth: "fit-content" }}>
        Refunded {formatNaira(refundedNaira(order))}
      </Badge>
      {refunds.map((r) => {
        const line = order.lines.find((l) => l._id === r.line_id);
        return (
          <Text key={r._id} fz="xs" c="dimmed" maw={260} mt={4}>
            {formatNaira(r.amount)} {line ? `for ${line.name}` : "for shipping"}
            {r.reason ? `: ${r.reason}` : ""} ({formatDay(r.createdAt)})
          </Text>
        );
      })}
    </div>
  );
}

function OrderHistory({ orders }: { orders: BuyerOrder[] }) {
  if (!orders.length) return <Text c="dimmed">{TEXT.pages.noOrders}</Text>;
  return (
    // No minimum width: on a phone the date goes under the order number, so Status and Total stay on screen.
    <Table.ScrollContainer minWidth={0}>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Order</Table.Th>
            <Table.Th visibleFrom="sm">Date</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((o) => {
            const status = orderStatusLabel(o.status, o.pay_at_door);
            const date = formatDay(o.createdAt);
            return (
              <Table.Tr key={o._id}>
                <Table.Td>
                  {/* The row's link to the order page (its number); the other cells say what it holds. */}
                  <Anchor
                    component={Link}
                    to={generatePath(STOREFRONT_PATHS.accountOrder, { id: o._id })}
                    fz="sm"
                    fw={600}
                    data-testid="order-link"
                  >
                    {o.number}
                  </Anchor>
                  <Text fz="xs" c="dimmed" hiddenFrom="sm">
                    {date}
                  </Text>
                  <Text fz="xs" c="dimmed" lineClamp={2} style={{ wordBreak: "break-word" }} data-testid="order-history-lines">
                    {/* A paid order's lines say where each is (ADR 0193): to ship, shipped, delivered, received… */}
                    {o.lines
                      .map((l) => `${l.quantity} x ${l.name}${o.status === "paid" ? ` (${FULFILMENT_LABEL[l.fulfilment].label})` : ""}`)
                      .join(", ")}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm" visibleFrom="sm">
                  {date}
                </Table.Td>
                <Table.Td>
                  {/* On a phone a long status wraps instead of being cut ("CA..."). */}
                  <Badge
                    color={status.color}
                    variant="light"
                    h="auto"
                    py={2}
                    styles={{ label: { whiteSpace: "normal", overflow: "visible", textAlign: "center" } }}
                  >
                    {status.label}
                  </Badge>
                  {o.status === "unconfirmed" && (
                    <Text fz="xs" c="dimmed" maw={260} mt={4}>
                      {UNCONFIRMED_NOTE}
                    </Text>
                  )}
                  <RefundNotes order={o} />
                </Table.Td>
                <Table.Td ta="right" fz="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                  {formatNaira(o.total)}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  const orders = useMyOrders(true);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const main = user.addresses.find((a) => a.default);
  const logOut = async () => {
    await signOut();
    navigate("/signin");
  };
  return (
    <Stack gap="lg">
      <div>
        <Title order={2} fz="xl">
          Hello {user.names}
        </Title>
        <Text c="dimmed" fz="sm" mt={4}>
          (not {user.names}?{" "}
          <Anchor component="button" type="button" fz="sm" onClick={logOut}>
            {TEXT.accounts.logOut}
          </Anchor>
          ) From your account dashboard you can view your recent orders, manage your addresses and change your password.
        </Text>
      </div>
      <PendingOrder enabled />
      <Card withBorder radius="md" padding="lg">
        <Title order={3} fz="lg" mb="sm">
          {TEXT.accounts.orderHistory}
        </Title>
        {orders.isPending ? (
          <Skeleton h={60} />
        ) : orders.isError ? (
          <Alert color="red" title={TEXT.alerts.errorTitle}>
            {errorMessage(orders.error)}
          </Alert>
        ) : (
          <>
            <OrderHistory orders={orders.data.pages.flatMap((page) => page.data)} />
            <LoadMore list={orders} />
          </>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" data-testid="account-details">
        <Title order={3} fz="lg" mb="sm">
          {TEXT.accounts.accountDetails}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Detail label="Name" value={user.names} />
          <Detail label="E-mail" value={user.email} />
          <Detail label="Phone" value={user.phone} />
          <Detail
            label="Default address"
            value={main ? `${main.first_name} ${main.last_name}, ${main.country}` : TEXT.accounts.noAddresses}
          />
        </SimpleGrid>
      </Card>
    </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="baseline">
      <Text fz="sm" c="dimmed" miw={110}>
        {label}:
      </Text>
      <Text fz="sm" fw={600} style={{ wordBreak: "break-word" }}>
        {value}
      </Text>
    </Group>
  );
}

export default function AccountPage() {
  usePageTitle(TEXT.pages.myAccount);
  return <CustomerArea title={TEXT.accounts.dashboard}>{(user) => <Dashboard user={user} />}</CustomerArea>;
}
