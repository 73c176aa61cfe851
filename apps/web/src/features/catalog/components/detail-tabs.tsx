/**
 * The detail page's tabs (spec §2 "Product or service detail"): Description, Reviews (services,
 * with count) and Business Owner. Below the fold, so the page loads this chunk (Tabs, the reviews
 * list and form, Textarea) lazily behind a fixed-height placeholder (ADR 0051).
 */
import { Avatar, Box, Button, Group, Stack, Tabs, Text } from "@mantine/core";
import type { Post, Product, Seller } from "@market/contract";
import { isPost } from "../api/catalog";
import { ReviewsPanel } from "./reviews-panel";

export default function DetailTabs({ item, seller, onOpenSeller }: { item: Product | Post; seller: Seller; onOpenSeller: () => void }) {
  const service = isPost(item);
  return (
    <Tabs defaultValue="description" mt={40} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="description">Description</Tabs.Tab>
        {service && <Tabs.Tab value="reviews">Reviews ({(item as Post).reviews_count})</Tabs.Tab>}
        <Tabs.Tab value="owner">Business Owner</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="description" pt="md">
        <Text style={{ whiteSpace: "pre-line" }} maw={860}>
          {service ? (item as Post).body : (item as Product).description}
        </Text>
      </Tabs.Panel>
      {service && (
        <Tabs.Panel value="reviews" pt="md">
          <Box maw={860}>
            <ReviewsPanel postId={item._id} ownerId={item.user_id} />
          </Box>
        </Tabs.Panel>
      )}
      <Tabs.Panel value="owner" pt="md">
        <Group align="flex-start" gap="lg" wrap="nowrap" maw={860}>
          <Avatar src={seller.profile ?? undefined} alt={seller.names} name={seller.names} size={80} radius={80} color="naija" />
          <Stack gap="xs">
            <Text fw={700}>{seller.names}</Text>
            <Text fz="sm">{seller.desc}</Text>
            <Button variant="light" onClick={onOpenSeller} w="fit-content">
              View business owner
            </Button>
          </Stack>
        </Group>
      </Tabs.Panel>
    </Tabs>
  );
}
