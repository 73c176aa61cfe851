/**
 * Body of the product quick-view popup (quick-view-modal.tsx), imported on first open (ADR 0051).
 */
import { Button, Group, Rating, SimpleGrid, Stack, Text } from "@mantine/core";
import { formatNaira, type Post, type Product, TEXT, TRUNCATE, truncate } from "@market/contract";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { cartLineOf, useCart } from "../../../lib/cart";
import { isPost } from "../api/catalog";
import { type Choice, chosenVariant, lineVariant, priceLabel } from "../lib/variant-choice";
import { ImageCarousel } from "./image-carousel";
import { itemTitle } from "./item-title";
import { QuantityControl } from "./quantity-control";
import { StockBadge } from "./stock-badge";
import VariantPicker from "./variant-picker";

export default function QuickViewBody({ item, onClose, image = 0 }: { item: Product | Post; onClose: () => void; image?: number }) {
  const navigate = useNavigate();
  const cart = useCart();
  const [qty, setQty] = useState(1);
  const [busy, setBusy] = useState(false);
  const [choice, setChoice] = useState<Choice>({});
  const title = itemTitle(item);
  // As on the product page: price, stock and picture follow a complete choice (ADR 0215).
  const hasOptions = !isPost(item) && item.options.length > 0;
  const variant = !isPost(item) && hasOptions ? chosenVariant(item, choice) : null;
  const stock = isPost(item) ? 0 : hasOptions ? (variant?.count_in_stock ?? 0) : item.count_in_stock;
  const images = variant?.image_url ? [variant.image_url, ...item.image_urls.filter((u) => u !== variant.image_url)] : item.image_urls;

  const addToCart = async (p: Product) => {
    setBusy(true);
    try {
      const ok = await cart.add(cartLineOf(p, qty, lineVariant(p, variant)));
      if (ok) {
        onClose();
        navigate("/cart");
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="quick-view">
      <ImageCarousel key={images[0]} images={images} alt={title} start={variant?.image_url ? 0 : image} />
      {/* The title is the modal's own heading (quick-view-modal.tsx), printed once. */}
      <Stack gap="sm">
        {isPost(item) ? (
          <>
            <Text>{truncate(item.body, TRUNCATE.productPopup)}</Text>
            <Group gap="xs">
              <Text fw={600}>Availability:</Text>
              <StockBadge service />
            </Group>
            <Group gap="xs">
              <Text fw={600}>Stars:</Text>
              <Rating value={item.stars} fractions={10} readOnly size="sm" />
              <Text data-testid="stars-value">{item.stars}</Text>
            </Group>
            <Button component={Link} to={`/product/services/${item._id}`} onClick={onClose} w="fit-content">
              {TEXT.buttons.viewMore}
            </Button>
          </>
        ) : (
          <>
            <Text fz={24} fw={800} c="naija.8" data-testid="quick-view-price">
              {variant ? formatNaira(variant.price) : priceLabel(item)}
            </Text>
            <Text>{truncate(item.description, TRUNCATE.productPopup)}</Text>
            <Group gap="xs">
              <Text fw={600}>Availability:</Text>
              {hasOptions && !variant ? (
                <Text fz="sm" c="dimmed">
                  Choose {item.options.map((o) => o.name).join(" and ")}
                </Text>
              ) : (
                <StockBadge countInStock={stock} />
              )}
            </Group>
            {hasOptions ? <VariantPicker product={item} value={choice} onChange={setChoice} /> : null}
            <Group gap="sm" wrap="wrap">
              <QuantityControl value={qty} stock={stock} onChange={setQty} />
              <Button onClick={() => void addToCart(item)} loading={busy} disabled={stock < 1 || (hasOptions && !variant)}>
                add to cart
              </Button>
            </Group>
            <Text fz="sm">
              Category:{" "}
              <Text component={Link} to={`/categories/collections/market-place/${item.category_id}`} onClick={onClose} c="naija.8" inherit>
                {item.category_name}
              </Text>
            </Text>
            <Text fz="sm" c="dimmed">
              {TEXT.pages.sku}
            </Text>
            <Button component={Link} to={`/product/market-place/${item._id}`} variant="subtle" onClick={onClose} w="fit-content" px={0}>
              View full details
            </Button>
          </>
        )}
      </Stack>
    </SimpleGrid>
  );
}
