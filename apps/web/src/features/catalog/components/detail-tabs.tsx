/**
 * The detail page's tabs (spec §2 "Product or service detail"): Description, Reviews (services,
 * with count) and Business Owner. Below the fold, in a chunk of its own that the server draws and
 * the page preloads (ADR 0051, 0073).
 */
import { Avatar, Box, Button, Group, Stack, Tabs, Text } from "@mantine/core";
import type { Post, Product, Seller } from "@market/contract";
import { lazy, Suspense } from "react";
import { isPost } from "../api/catalog";

/**
 * Services only, and only once its tab is chosen (the panels are not kept mounted): its chunk (the
 * review form: Rating, Textarea, Alert) is not part of the product page's start-up (ADR 0073).
 */
const ReviewsPanel = lazy(() => import("./reviews-panel"));

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
            <Suspense fallback={null}>
              <ReviewsPanel postId={item._id} ownerId={item.user_id} />
            </Suspense>
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
