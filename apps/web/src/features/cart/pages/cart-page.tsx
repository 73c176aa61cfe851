/**
 * Cart (/cart, spec §2 "Cart"): title Cart; a table of remove, image, name (linking to
 * /product/market-place/{id}), price, quantity dropdown (1..stock) and line total; "Clear shopping
 * cart"; the subtotal with the item count to 2 decimals; "Proceed to Checkout". An empty cart says
 * "Your Cart Is Empty" with Go Back. Signed-out users are asked to sign in. With an order awaiting
 * payment, its banner leads to "Continue payment" and the checkout button says it replaces that order. While the session loads
 * (a page the browser draws itself, ADR 0130) the title and placeholders of the cart's size. On phones
 * the table becomes one card per line. Below it, one shipment per seller to the default address's state
 * (GET /api/shipping/quote, ADR 0199).
 */
import { ActionIcon, Anchor, Avatar, Box, Button, Card, Container, Group, NativeSelect, Stack, Table, Text, Title } from "@mantine/core";
import { formatNaira, nigerianState, TEXT } from "@market/contract";
import { IconShoppingCartOff, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { PendingOrder } from "../../../components/orders/pending-order";
import { SignInPrompt } from "../../../components/sign-in-prompt";
import { Skeleton } from "../../../components/ui/skeleton";
import { type CartItem, lineKey, useCart } from "../../../lib/cart";
import { naira2 } from "../../../lib/money";
import { usePendingTransfer } from "../../../lib/queries/orders";
import { useShippingQuote } from "../../../lib/queries/shipping";
import { useSession } from "../../../lib/session";
import { usePageTitle } from "../../../lib/use-page-title";
import { ShipmentRow } from "../components/shipment-row";

/** Options 1..stock for the quantity dropdown (at least the current quantity). */
function qtyOptions(line: CartItem): string[] {
  const max = Math.max(1, Math.min(line.countInStock, 100), line.qty);
  return Array.from({ length: max }, (_, i) => String(i + 1));
}

function QtySelect({ line, onChange }: { line: CartItem; onChange: (qty: number) => void }) {
  return (
    <NativeSelect
      aria-label={`Quantity of ${line.name}`}
      data={qtyOptions(line)}
      value={String(line.qty)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
      w={84}
    />
  );
}

/** The cart's frame while the session loads: a few lines and the subtotal box, as placeholders. */
function CartPlaceholder() {
  return (
    <Stack gap="lg" data-testid="cart-placeholder">
      <span className="visually-hidden">{TEXT.pages.loading}</span>
      <Stack gap="sm">
        <Skeleton h={72} />
        <Skeleton h={72} />
      </Stack>
      <Group justify="flex-end">
        <Box w={{ base: "100%", sm: 360 }}>
          <Skeleton h={124} />
        </Box>
      </Group>
    </Stack>
  );
}

export default function CartPage() {
  usePageTitle("Cart");
  const { isLogin, loading, details } = useSession();
  const cart = useCart();
  // One shipment per seller to the default address's state (ADR 0199); checkout quotes the state typed there.
  const home = details?.addresses.find((a) => a.default) ?? details?.addresses[0];
  const state = (home ? nigerianState(home.state) : null) ?? "Lagos";
  const cartKey = cart.items.map((l) => `${lineKey(l)}:${l.qty}`).join(",");
  const quote = useShippingQuote(state, [], cartKey, isLogin && cart.items.length > 0).data;
  const [confirmClear, setConfirmClear] = useState(false);
  // The same query as the banner above (one request): with an order awaiting payment, the way to
  // checkout says what it does to that order (ADR 0186).
  const pending = usePendingTransfer(isLogin).data;

  const productLink = (l: CartItem) => `/product/market-place/${l.product}`;

  return (
    <Container size="lg" py="xl">
      <Title order={1} mb="lg">
        Cart
      </Title>
      <PendingOrder enabled={isLogin} />
      {loading ? (
        <CartPlaceholder />
      ) : !isLogin ? (
        <SignInPrompt>{TEXT.pages.cartSignInPrompt}</SignInPrompt>
      ) : cart.items.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="sm">
            <IconShoppingCartOff size={48} stroke={1.4} color="var(--mantine-color-gray-5)" />
            <Text fz="lg" fw={700}>
              {TEXT.pages.emptyCart}
            </Text>
            <Button component={Link} to="/" variant="light">
              Go Back
            </Button>
          </Stack>
        </Card>
      ) : (
        <Stack gap="lg">
          <Box visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={48}>
                    <span className="visually-hidden">Remove</span>
                  </Table.Th>
                  <Table.Th w={72}>Image</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Price</Table.Th>
                  <Table.Th>Quantity</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {cart.items.map((l) => (
                  <Table.Tr key={lineKey(l)}>
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" aria-label={`Remove ${l.name}`} onClick={() => cart.remove(lineKey(l))}>
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Table.Td>
                    <Table.Td>
                      <Avatar src={l.imageUrl[0] || null} alt={l.name} radius="sm" size={56} color="naija">
                        {l.name.slice(0, 1)}
                      </Avatar>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={productLink(l)} fw={600}>
                        {l.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatNaira(l.price)}</Table.Td>
                    <Table.Td>
                      <QtySelect line={l} onChange={(q) => cart.setQty(lineKey(l), q)} />
                    </Table.Td>
                    <Table.Td ta="right" fw={700} data-testid="cart-line-total">
                      {formatNaira(l.price * l.qty)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>

          <Stack gap="sm" hiddenFrom="sm">
            {cart.items.map((l) => (
              <Card key={lineKey(l)} withBorder padding="sm" radius="md">
                <Group wrap="nowrap" align="flex-start" gap="sm">
                  <Avatar src={l.imageUrl[0] || null} alt={l.name} radius="sm" size={64} color="naija">
                    {l.name.slice(0, 1)}
                  </Avatar>
                  <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                    <Anchor component={Link} to={productLink(l)} fw={600} lineClamp={2}>
                      {l.name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {formatNaira(l.price)} each
                    </Text>
                    <Group justify="space-between" wrap="nowrap">
                      <QtySelect line={l} onChange={(q) => cart.setQty(lineKey(l), q)} />
                      <Text fw={700} data-testid="cart-line-total">
                        {formatNaira(l.price * l.qty)}
                      </Text>
                    </Group>
                  </Stack>
                  <ActionIcon variant="subtle" color="red" aria-label={`Remove ${l.name}`} onClick={() => cart.remove(lineKey(l))}>
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
          </Stack>

          {quote && quote.state === state ? (
            <Card withBorder padding="md" radius="md" data-testid="cart-shipments">
              <Text fw={700} mb={6}>
                Delivery to {state}: {quote.groups.length} {quote.groups.length === 1 ? "shipment" : "shipments"},{" "}
                {quote.shipping === 0 ? "free" : formatNaira(quote.shipping)}
              </Text>
              <Stack gap={6}>
                {quote.groups.map((g) => (
                  <ShipmentRow key={g.seller_id} group={g} state={state} />
                ))}
              </Stack>
              {quote.blocked ? (
                <Text size="sm" c="red.8" fw={600} mt="xs">
                  {quote.blocked}
                </Text>
              ) : null}
              <Text size="xs" c="dimmed" mt={6}>
                Choose another state or a pickup point at checkout.
              </Text>
            </Card>
          ) : null}
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
            <Button variant="subtle" color="red" onClick={() => setConfirmClear(true)} leftSection={<IconTrash size={16} />}>
              {TEXT.buttons.clearCart}
            </Button>
            <Card withBorder padding="lg" radius="md" w={{ base: "100%", sm: 360 }}>
              <Stack gap="md">
                <Group justify="space-between">
                  <Text fw={600}>
                    Subtotal ({cart.count} {cart.count === 1 ? "item" : "items"})
                  </Text>
                  <Text fw={800} fz="lg" data-testid="cart-subtotal">
                    {naira2(cart.subtotal)}
                  </Text>
                </Group>
                {pending ? (
                  <Text size="sm" c="dimmed" data-testid="cart-pending-note">
                    {TEXT.pages.cartPendingNote}
                  </Text>
                ) : null}
                <Button component={Link} to="/checkout" size="md" fullWidth variant={pending ? "default" : "filled"}>
                  {TEXT.buttons.proceedToCheckout}
                </Button>
              </Stack>
            </Card>
          </Group>
        </Stack>
      )}
      <ConfirmDialog
        opened={confirmClear}
        title="Clear your shopping cart?"
        onConfirm={() => cart.clear()}
        onClose={() => setConfirmClear(false)}
      >
        <Text size="sm">Every item will be removed from your cart.</Text>
      </ConfirmDialog>
    </Container>
  );
}
