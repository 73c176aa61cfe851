/**
 * Product or service detail `/product/:type/:id` (spec §2 "Product or service detail"): gallery
 * (thumbnail strip 420px high, 60px thumbnails, main picture 60vh) with a quick-view modal; name,
 * price, the seller's name (a link to their shop) with the seller score's label, description cut to 250, availability, quantity dropdown 1..stock, "Add To Cart" (or
 * "Request Service"), the category link; tabs Description / Reviews (services, with count) /
 * Business Owner (picture, description, a button opening the seller popup). The query is keyed by
 * the route id, so going from one item to another in the app fetches the new one. On a phone the
 * picture is smaller with its thumbnails in a row under it, and the description follows the buy
 * controls, so the name, price and Add To Cart show on the first screen (ADR 0188).
 */
import { Anchor, Container, Group, Stack, Text, Title } from "@mantine/core";
import { type CategoryType, formatNaira, type Post, type Product, TEXT, TRUNCATE, truncate } from "@market/contract";
import { IconBrandWhatsapp } from "@tabler/icons-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { LazyAlert } from "../../../components/lazy-alert";
import { SellerScoreBadge, sellerHref } from "../../../components/seller-score";
import { Stars, starsSummary } from "../../../components/stars";
import { Button } from "../../../components/ui/button";
import { SelectField } from "../../../components/ui/fields";
import { useAddToCart } from "../../../lib/cart-add";
import { cartLineOf } from "../../../lib/cart-items";
import { lazyComponent } from "../../../lib/lazy-component";
import { errorMessage } from "../../../lib/notify";
import type { DetailAnswer } from "../../../lib/queries/catalog";
import { sectionHref } from "../../../lib/sections";
import { useKeptValue } from "../../../lib/use-kept-value";
import { usePageTitle } from "../../../lib/use-page-title";
import { isCategoryType, isPost, useItemDetail } from "../api/catalog";
import classes from "../components/catalog.module.css";
import { CatalogTrail } from "../components/catalog-trail";
import { ItemImage } from "../components/item-image";
import { itemTitle } from "../components/item-title";
import { preloadQuickView, QuickViewModal } from "../components/quick-view-modal";
import { SellerModal } from "../components/seller-modal";
import { StockBadge } from "../components/stock-badge";
import { WishlistButton } from "../components/wishlist-button";
import { type Choice, chosenVariant, lineVariant, priceLabel } from "../lib/variant-choice";
import { whatsappLink } from "../lib/whatsapp-link";

/** Description / Reviews / Business Owner tabs, below the fold (ADR 0051). */
/** Only for a mistyped address: its own chunk (the PublicLayout's Suspense shows the loader meanwhile; ADR 0051). */
const NotFoundPage = lazy(() => import("../../../components/not-found-page"));

/** Drawn by the server below the fold: loaded with this page, so hydration never waits for it (lib/lazy-component). */
const DetailTabs = lazyComponent(() => import("../components/detail-tabs"));
DetailTabs.preload().catch(() => undefined);
/** The delivery line for the shopper's state (ADR 0199): its own chunk, outside the first load's budget. */
const DeliveryLine = lazyComponent(() => import("../components/delivery-line"));
DeliveryLine.preload().catch(() => undefined);
/** The picker of a product with options (ADR 0215): its own chunk, loaded only for such products. */
const VariantPicker = lazyComponent(() => import("../components/variant-picker"));

/** Mantine's w="fit-content" on the Request Service buttons. */
const FIT = { width: "fit-content" } as const;

/** The quantity dropdown lists 1..stock, at most this many entries (a select of 10,000 rows helps nobody). */
const QTY_OPTIONS_MAX = 100;

export default function ProductDetailPage() {
  const { type, id } = useParams();
  if (!isCategoryType(type) || !id) return <NotFoundPage />;
  return <Detail type={type} id={id} />;
}

function Detail({ type, id }: { type: CategoryType; id: string }) {
  const q = useItemDetail(type, id);
  const title = q.data ? itemTitle(q.data.products) : undefined;
  usePageTitle(title);

  // Spec §8: the failure is shown once, in place of the detail (the alert below), and logged.
  useEffect(() => {
    if (q.isError) console.error("Detail failed to load", q.error);
  }, [q.isError, q.error]);

  if (q.isPending) {
    return (
      <Container size="xl" py="xl">
        <Text>{TEXT.pages.loading}</Text>
      </Container>
    );
  }
  if (q.isError) {
    return (
      <Container size="xl" py="xl">
        <LazyAlert color="red" title={TEXT.alerts.errorTitle} data-testid="detail-error">
          {errorMessage(q.error)}
        </LazyAlert>
      </Container>
    );
  }
  return <DetailView key={id} type={type} data={q.data} />;
}

function DetailView({ type, data }: { type: CategoryType; data: DetailAnswer }) {
  const item = data.products as Product | Post;
  const seller = data.user;
  const navigate = useNavigate();
  // Only adding: the cart's other changes are not loaded with this page.
  const addLine = useAddToCart();
  const [image, setImage] = useState(0);
  const [quickView, setQuickView] = useState(false);
  const [sellerOpen, setSellerOpen] = useState(false);
  const [qty, setQty] = useState("1");
  // A quantity picked on the server-drawn page before the app started (ADR 0131).
  const qtyRef = useKeptValue<HTMLSelectElement>(qty, setQty);
  const [busy, setBusy] = useState(false);
  const title = itemTitle(item);
  const service = isPost(item);
  const product = service ? null : (item as Product);
  const hasOptions = !!product?.options?.length;
  const [choice, setChoice] = useState<Choice>({});
  // Price, stock and picture follow a complete choice; Add To Cart needs one (ADR 0215).
  const variant = product && hasOptions ? chosenVariant(product, choice) : null;
  const images = variant?.image_url ? [variant.image_url, ...item.image_urls.filter((u) => u !== variant.image_url)] : item.image_urls;
  const choose = (next: Choice) => {
    setChoice(next);
    setImage(0);
  };

  const addToCart = async (p: Product) => {
    setBusy(true);
    try {
      const ok = await addLine(cartLineOf(p, Number(qty), lineVariant(p, variant)));
      if (ok) navigate("/cart");
    } finally {
      setBusy(false);
    }
  };

  const stock = service ? 0 : hasOptions ? (variant?.count_in_stock ?? 0) : (item as Product).count_in_stock;
  const incomplete = hasOptions && !variant;
  const qtyOptions = Array.from({ length: Math.min(Math.max(stock, 1), QTY_OPTIONS_MAX) }, (_, i) => String(i + 1));
  const chat = whatsappLink(seller.whatsapp);
  const categoryHref = sectionHref(type, item.category_id);

  return (
    <Container size="xl" py="lg">
      <CatalogTrail type={type} mb="md">
        <Anchor component={Link} to={categoryHref}>
          {item.category_name}
        </Anchor>
      </CatalogTrail>

      {/* Mantine's <Grid gap="xl"> with spans 12 / md 7 + 5, as a CSS grid (catalog.module.css, ADR 0051). */}
      <div className={classes.detailGrid}>
        <div>
          <div className={classes.gallery} data-testid="gallery">
            <div className={classes.thumbStrip} data-testid="thumb-strip">
              {images.map((src, i) => (
                <button
                  key={src}
                  type="button"
                  className={classes.thumbButton}
                  data-active={i === image || undefined}
                  aria-label={`Show picture ${i + 1}`}
                  onClick={() => setImage(i)}
                >
                  <ItemImage src={src} alt="" width={60} height={60} eager={i < 6} />
                </button>
              ))}
            </div>
            <button
              type="button"
              className={classes.mainImageButton}
              onClick={() => setQuickView(true)}
              onPointerEnter={preloadQuickView}
              onPointerDown={preloadQuickView}
              onFocus={preloadQuickView}
              aria-label="Open quick view"
              data-testid="main-image"
            >
              <ItemImage src={images[image]} alt={title} size="full" width={800} height={800} priority className={classes.mainImage} />
            </button>
          </div>
        </div>

        <div>
          <Stack gap="sm">
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {title}
            </Title>
            <Group gap="xs" fz="sm">
              <Text fz="sm">
                Sold by{" "}
                <Anchor component={Link} to={sellerHref(seller.username)} fz="sm" fw={600} data-testid="seller-link">
                  {seller.names}
                </Anchor>
              </Text>
              <SellerScoreBadge score={seller.score} />
            </Group>
            {service ? (
              <Group gap="xs">
                <Stars value={(item as Post).stars} />
                <Text fz="sm" data-testid="stars-summary">
                  {starsSummary(item as Post)}
                </Text>
              </Group>
            ) : (
              <Text fz={28} fw={800} c="naija.8" data-testid="detail-price">
                {variant ? formatNaira(variant.price) : priceLabel(item as Product)}
              </Text>
            )}
            {/* On a phone the description follows the buy controls (catalog.module.css). */}
            <Text className={classes.detailAfterBuy}>
              {truncate(service ? (item as Post).body : (item as Product).description, TRUNCATE.detail)}
            </Text>
            <Group gap="xs">
              <Text fw={600}>Availability:</Text>
              {incomplete ? (
                <Text fz="sm" c="dimmed" data-testid="choose-variant">
                  Choose {product!.options.map((o) => o.name).join(" and ")}
                </Text>
              ) : (
                <StockBadge service={service} countInStock={stock} />
              )}
            </Group>
            {hasOptions ? (
              <Suspense fallback={<div style={{ minHeight: product!.options.length * 64 }} />}>
                <VariantPicker product={product!} value={choice} onChange={choose} />
              </Suspense>
            ) : null}
            {service ? (
              chat ? (
                <Button
                  as="a"
                  href={chat}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="md"
                  leftSection={<IconBrandWhatsapp size={18} />}
                  style={FIT}
                >
                  {TEXT.buttons.requestService}
                </Button>
              ) : (
                <Button size="md" onClick={() => setSellerOpen(true)} style={FIT}>
                  {TEXT.buttons.requestService}
                </Button>
              )
            ) : (
              <Group gap="sm" align="flex-end">
                <SelectField
                  ref={qtyRef}
                  label="Quantity"
                  data={qtyOptions}
                  value={qty}
                  onChange={(e) => setQty(e.currentTarget.value)}
                  style={{ width: "calc(5.625rem * var(--mantine-scale))" }}
                  disabled={stock < 1}
                />
                <Button size="md" onClick={() => void addToCart(item as Product)} loading={busy} disabled={stock < 1 || incomplete}>
                  {TEXT.buttons.addToCart}
                </Button>
                <WishlistButton productId={item._id} />
              </Group>
            )}
            {service ? null : (
              <Suspense fallback={<div style={{ minHeight: 60 }} />}>
                <DeliveryLine sellerId={seller._id} />
              </Suspense>
            )}
            <Text fz="sm" className={classes.detailAfterBuy}>
              Category:{" "}
              <Anchor component={Link} to={categoryHref} inherit>
                {item.category_name}
              </Anchor>
            </Text>
            <Text fz="sm" c="dimmed" className={classes.detailAfterBuy}>
              {TEXT.pages.sku}
            </Text>
          </Stack>
        </div>
      </div>

      {/* Below the fold: its chunk loads after the page; the placeholder keeps the tab bar's place. */}
      <Suspense fallback={<div style={{ marginTop: 40, minHeight: 160 }} data-testid="detail-tabs-placeholder" />}>
        <DetailTabs item={item} seller={seller} onOpenSeller={() => setSellerOpen(true)} />
      </Suspense>

      <QuickViewModal item={quickView ? item : null} image={image} onClose={() => setQuickView(false)} />
      <SellerModal key={seller._id} seller={seller} opened={sellerOpen} onClose={() => setSellerOpen(false)} />
    </Container>
  );
}
