/**
 * Header basket button and the "SHOPPING CART" panel (spec §2 "Header and menus"): opens on the
 * basket, closes by its close control. Only the button and its badge are on first paint; the panel
 * body (mini-cart-panel.tsx) and the drawer load on first open (ADR 0051).
 */
import { Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconShoppingBag } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { LazyDrawer as Drawer } from "../../../components/lazy-overlay";
import { IconButton } from "../../../components/ui/button";
import { CountBadge } from "../../../components/ui/count-badge";
import { cartCount, cartSubtotal, useCartItems } from "../../../lib/cart-items";

const MiniCartPanel = lazy(() => import("./mini-cart-panel"));

export function MiniCart() {
  const [opened, { open, close }] = useDisclosure(false);
  // Only the lines: the cart's changes (lib/cart.ts) load with the pages that make them.
  const items = useCartItems();
  const count = cartCount(items);
  const subtotal = cartSubtotal(items);
  return (
    <>
      <CountBadge count={count} hidden={count === 0} color="var(--mantine-color-yellow-5)" textColor="var(--mantine-color-dark-text)">
        <IconButton variant="light" size="lg" onClick={open} aria-label={`Open shopping cart (${count} items)`}>
          <IconShoppingBag size={20} />
        </IconButton>
      </CountBadge>
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
        <Suspense fallback={null}>
          <MiniCartPanel items={items} subtotal={subtotal} onClose={close} />
        </Suspense>
      </Drawer>
    </>
  );
}
