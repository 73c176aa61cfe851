/** Header basket button and "SHOPPING CART" panel. Placeholder until the cart issue lands. */
import { ActionIcon, Drawer, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { TEXT } from "@market/contract";
import { IconShoppingBag } from "@tabler/icons-react";

export function MiniCart() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <ActionIcon variant="light" size="lg" onClick={open} aria-label="Open shopping cart">
        <IconShoppingBag size={20} />
      </ActionIcon>
      <Drawer opened={opened} onClose={close} position="right" title="SHOPPING CART">
        <Text>{TEXT.pages.emptyCart}</Text>
      </Drawer>
    </>
  );
}
