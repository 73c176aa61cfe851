/**
 * One card of the listing grid (spec §2 "Category listing"): the first picture (small size), the
 * name (or "#category" for a service), the price in naira or the stars, availability, and a
 * quick-view button. The picture and the name link to the detail page.
 */
import { Group, Stack, Text } from "@mantine/core";
import { type Post, type Product, truncate } from "@market/contract";
import { IconEye } from "@tabler/icons-react";
import { Link } from "react-router";
import { Stars } from "../../../components/stars";
import { IconButton } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { isPost } from "../api/catalog";
import { priceLabel } from "../lib/variant-choice";
import classes from "./catalog.module.css";
import { ItemImage } from "./item-image";
import { detailHref, itemTitle } from "./item-title";
import { StockBadge } from "./stock-badge";

export function ItemCard({
  item,
  eager,
  onQuickView,
  onQuickViewNear,
}: {
  item: Product | Post;
  eager: boolean;
  onQuickView: () => void;
  /** A pointer or the focus reached the quick-view button: its popup may start loading. */
  onQuickViewNear?: () => void;
}) {
  const title = itemTitle(item);
  const href = detailHref(item);
  return (
    <Card withBorder padding={0} radius="md" data-testid="item-card" style={{ height: "100%" }}>
      <div className={classes.cardImageWrap}>
        <Link to={href} aria-label={title}>
          <ItemImage src={item.image_urls[0]} alt={title} width={400} height={400} priority={eager} className={classes.cardImage} />
        </Link>
        {/* A native title, not Mantine's Tooltip: floating-ui stays off the listing's first load (ADR 0051). */}
        <IconButton
          className={classes.quickViewButton}
          variant="white"
          size="lg"
          radius="xl"
          aria-label={`Quick view: ${title}`}
          title="Quick view"
          onClick={onQuickView}
          onPointerEnter={onQuickViewNear}
          onPointerDown={onQuickViewNear}
          onFocus={onQuickViewNear}
        >
          <IconEye size={18} />
        </IconButton>
      </div>
      <Stack gap={6} p="sm" style={{ flex: 1 }}>
        <Text component={Link} to={href} fw={600} lineClamp={2} fz="sm">
          {title}
        </Text>
        {isPost(item) ? (
          <>
            <Text fz="xs" c="dimmed" lineClamp={2}>
              {truncate(item.body, 90)}
            </Text>
            <Group gap={6} mt="auto">
              <Stars value={item.stars} size="xs" label={`${item.stars} stars`} />
              <Text fz="xs" c="dimmed">
                {item.stars} ({item.reactions.length})
              </Text>
            </Group>
          </>
        ) : (
          // Badge under the price on phones, beside it on wider cards: the same place on every card
          // whatever the price's length (catalog.module.css).
          <div className={classes.cardPriceRow}>
            <Text fw={700} c="naija.8" data-testid="card-price">
              {priceLabel(item)}
            </Text>
            <StockBadge countInStock={item.count_in_stock} />
          </div>
        )}
      </Stack>
    </Card>
  );
}
