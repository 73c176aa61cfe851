/**
 * The detail page's tabs (spec §2 "Product or service detail"): Description, Reviews (services'
 * reviews, or a product's reviews from verified buyers, ADR 0212; with count) and Business Owner. Below the fold, in a chunk of its own that the server draws and
 * the page preloads (ADR 0051, 0073).
 */
import { Anchor, Avatar, Box, Button, Group, Stack, Text } from "@mantine/core";
import type { Post, Product, Seller } from "@market/contract";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { ReportButton } from "../../../components/reviews/report-button";
import { sellerHref } from "../../../components/seller-score";
import { type Tab, Tabs } from "../../../components/ui/tabs";
import { isPost } from "../api/catalog";

/**
 * Services only, and only once its tab is chosen (the panels are not kept mounted): its chunk (the
 * review form: Rating, Textarea, Alert) is not part of the product page's start-up (ADR 0073).
 */
const ReviewsPanel = lazy(() => import("./reviews-panel"));
/** A product's reviews from verified buyers (ADR 0212), in the same way: only once its tab is chosen. */
const PurchaseReviewsPanel = lazy(() => import("../../../components/reviews/purchase-reviews-panel"));

export default function DetailTabs({ item, seller, onOpenSeller }: { item: Product | Post; seller: Seller; onOpenSeller: () => void }) {
  const service = isPost(item);
  const tabs: Tab[] = [
    {
      value: "description",
      label: "Description",
      panel: (
        <Stack gap="sm" maw={860} align="flex-start">
          <Text style={{ whiteSpace: "pre-line" }}>{service ? (item as Post).body : (item as Product).description}</Text>
          <ReportButton target="listing" id={item._id} />
        </Stack>
      ),
    },
  ];
  if (!service) {
    const product = item as Product;
    tabs.push({
      value: "reviews",
      label: `Reviews (${product.reactions_count})`,
      panel: (
        <Box maw={860}>
          <Suspense fallback={null}>
            <PurchaseReviewsPanel productId={product._id} sellerId={product.user_id} />
          </Suspense>
        </Box>
      ),
    });
  }
  if (service) {
    tabs.push({
      value: "reviews",
      label: `Reviews (${(item as Post).reviews_count})`,
      panel: (
        <Box maw={860}>
          <Suspense fallback={null}>
            <ReviewsPanel postId={item._id} ownerId={item.user_id} />
          </Suspense>
        </Box>
      ),
    });
  }
  tabs.push({
    value: "owner",
    label: "Business Owner",
    panel: (
      <Group align="flex-start" gap="lg" wrap="nowrap" maw={860}>
        <Avatar src={seller.profile ?? undefined} alt={seller.names} name={seller.names} size={80} radius={80} color="naija" />
        <Stack gap="xs">
          <Anchor component={Link} to={sellerHref(seller.username)} fw={700}>
            {seller.names}
          </Anchor>
          <Text fz="sm">{seller.desc}</Text>
          <Group gap="sm">
            <Button variant="light" onClick={onOpenSeller} w="fit-content">
              View business owner
            </Button>
            <Button component={Link} to={sellerHref(seller.username)} variant="default" w="fit-content">
              Visit shop
            </Button>
          </Group>
        </Stack>
      </Group>
    ),
  });
  return <Tabs id="detail-tabs" defaultValue="description" tabs={tabs} style={{ marginTop: "calc(2.5rem * var(--mantine-scale))" }} />;
}
