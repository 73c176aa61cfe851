/**
 * Body of the "SHOPPING CART" panel (spec §2 "Header and menus"): items as "quantity x price", the
 * total, a Cart button and, only when the cart has items, a Checkout button; signed out, the sign-in
 * prompt /cart shows. Imported lazily by
 * mini-cart.tsx on first open: its ScrollArea pulls in floating-ui, which no first screen needs
 * (ADR 0051).
 */
import { Avatar, Button, Divider, Group, ScrollArea, Stack, Text } from "@mantine/core";
import { formatNaira, TEXT } from "@market/contract";
import { Link } from "react-router";
import { SignInPrompt } from "../../../components/sign-in-prompt";
import type { CartItem } from "../../../lib/cart";
import { lineKey } from "../../../lib/cart-items";
import { naira2 } from "../../../lib/money";
import { useSession } from "../../../lib/session";

export default function MiniCartPanel({ items, subtotal, onClose }: { items: CartItem[]; subtotal: number; onClose: () => void }) {
  const { isLogin, loading } = useSession();
  // Signed out, the same prompt as /cart, not an empty cart and a ₦0.00 total the shopper cannot use.
  if (!isLogin && !loading) return <SignInPrompt onNavigate={onClose}>{TEXT.pages.cartSignInPrompt}</SignInPrompt>;
  return (
    <Stack gap="md">
      {items.length === 0 ? (
        <Text c="dimmed">{TEXT.pages.emptyCart}</Text>
      ) : (
        <ScrollArea.Autosize mah="55vh" type="auto">
          <Stack gap="sm" data-testid="mini-cart-lines">
            {items.map((l) => (
              <Group key={lineKey(l)} wrap="nowrap" gap="sm" align="flex-start">
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
        <Button component={Link} to="/cart" variant="default" onClick={onClose}>
          Cart
        </Button>
        {items.length > 0 ? (
          <Button component={Link} to="/checkout" onClick={onClose}>
            Checkout
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
