/**
 * Header basket button and the "SHOPPING CART" panel (spec §2 "Header and menus"): opens on the
 * basket, closes by its close control; lists items as "quantity x price", shows the total, a Cart
 * button and, only when the cart has items, a Checkout button.
 */
import { ActionIcon, Avatar, Button, Divider, Group, Indicator, ScrollArea, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { formatNaira, TEXT } from "@market/contract";
import { IconShoppingBag } from "@tabler/icons-react";
import { Link } from "react-router";
import { LazyDrawer as Drawer } from "../../../components/lazy-overlay";
import { useCart } from "../../../lib/cart";
import { naira2 } from "../money";

export function MiniCart() {
  const [opened, { open, close }] = useDisclosure(false);
  const { items, count, subtotal } = useCart();
  return (
    <>
      <Indicator label={count} size={18} disabled={count === 0} color="yellow.5" c="dark" offset={4} inline>
        <ActionIcon variant="light" size="lg" onClick={open} aria-label={`Open shopping cart (${count} items)`}>
          <IconShoppingBag size={20} />
        </ActionIcon>
      </Indicator>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="sm"
        title={
          <Text fw={800} lts={1}>
            SHOPPING CART
          </Text>
        }
        closeButtonProps={{ "aria-label": "Close shopping cart" }}
      >
        <Stack gap="md">
          {items.length === 0 ? (
            <Text c="dimmed">{TEXT.pages.emptyCart}</Text>
          ) : (
            <ScrollArea.Autosize mah="55vh" type="auto">
              <Stack gap="sm" data-testid="mini-cart-lines">
                {items.map((l) => (
                  <Group key={l.product} wrap="nowrap" gap="sm" align="flex-start">
                    <Avatar src={l.imageUrl[0] || null} alt="" radius="sm" size={48} color="naija">
                      {l.name.slice(0, 1)}
                    </Avatar>
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={600} lineClamp={2}>
                        {l.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {l.qty} x {formatNaira(l.price)}
                      </Text>
                    </Stack>
                  </Group>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Divider />
          <Group justify="space-between">
            <Text fw={700}>Total</Text>
            <Text fw={800} data-testid="mini-cart-total">
              {naira2(subtotal)}
            </Text>
          </Group>
          <Group grow>
            <Button component={Link} to="/cart" variant="default" onClick={close}>
              Cart
            </Button>
            {items.length > 0 ? (
              <Button component={Link} to="/checkout" onClick={close}>
                Checkout
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
