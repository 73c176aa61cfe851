/**
 * A seller's shop `/seller/:username` (ADR 0210), drawn by the server: picture, name, blue tick,
 * @username, description, state and city, member since, followers with Follow/Following, rating,
 * the seller score's label and parts (ADR 0211), then the seller's products or services with the
 * listing's sorts and pages (state in the URL: ?type=services&sort=&page=&cursor=), or the seller's
 * reviews from verified buyers (?type=reviews, ADR 0212). A search box searches only this seller's
 * items through the one search (ADR 0205): a GET form to `/search?user_id=...&q=`, so it works before
 * the app starts and the shop page's first load stays small (ADR 0208). An unknown,
 * pending or blocked seller is the Not Found page (the server answers 404).
 */
import { Container, Group, Stack, Text, Title } from "@mantine/core";
import { ALL_CATEGORIES_ID, type CategoryType, type SellerShop, TEXT } from "@market/contract";
import { IconRosetteDiscountCheckFilled, IconSearch } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { LazyAlert } from "../../../components/lazy-alert";
import searchBox from "../../../components/search-box.module.css";
import { SellerScoreBadge, scoreParts, sellerHref } from "../../../components/seller-score";
import { Stars } from "../../../components/stars";
import { Button } from "../../../components/ui/button";
import { Skeleton } from "../../../components/ui/skeleton";
import { ApiError } from "../../../lib/api";
import { formatDay } from "../../../lib/dates";
import { errorMessage } from "../../../lib/notify";
import { usePageTitle } from "../../../lib/use-page-title";
import { useListing, useSellerShop } from "../api/catalog";
import classes from "../components/catalog.module.css";
import { ListingResults, SortSelect, useListingUrl } from "../components/listing-results";
import { useFollowToggle } from "../components/use-follow-toggle";

/** Only for an unknown seller: its own chunk (ADR 0051). */
const NotFoundPage = lazy(() => import("../../../components/not-found-page"));
/** The seller's reviews from verified buyers (ADR 0212): their own chunk, loaded when their tab is chosen. */
const PurchaseReviewsPanel = lazy(() => import("../../../components/reviews/purchase-reviews-panel"));

export default function SellerPage() {
  const { username = "" } = useParams();
  const q = useSellerShop(username);
  usePageTitle(q.data?.data.names);
  if (q.isPending) {
    return (
      <Container size="xl" py="lg">
        <Text>{TEXT.pages.loading}</Text>
        <Skeleton h={160} radius="md" />
      </Container>
    );
  }
  if (q.isError) {
    if (q.error instanceof ApiError && q.error.statusCode === 404) return <NotFoundPage />;
    return (
      <Container size="xl" py="lg">
        <LazyAlert color="red" title={TEXT.alerts.errorTitle} data-testid="shop-error">
          {errorMessage(q.error)}
        </LazyAlert>
      </Container>
    );
  }
  return <Shop key={q.data.data._id} shop={q.data.data} />;
}

/** Up to two initials of a name ("Ada Gadgets" -> "AG"), as Mantine's Avatar draws them. */
function initials(names: string): string {
  return names
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

function Profile({ shop }: { shop: SellerShop }) {
  const { following, count, toggle, pending } = useFollowToggle(shop);
  const place = [shop.city, shop.state].filter(Boolean).join(", ");
  const { score } = shop;
  return (
    <section aria-label="About the seller" className={classes.shopProfile}>
      {/* A plain picture or initials, not Mantine's Avatar: the page's first load stays small (ADR 0051). */}
      {shop.profile ? (
        <img src={shop.profile} alt={shop.names} width={96} height={96} className={classes.shopPicture} />
      ) : (
        <span className={classes.shopPicture} role="img" aria-label={shop.names}>
          {initials(shop.names)}
        </span>
      )}
      <Stack gap={6}>
        <Group gap={6}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {shop.names}
          </Title>
          {shop.verified.blue_tick && (
            <IconRosetteDiscountCheckFilled
              size={24}
              color="var(--mantine-color-blue-6)"
              role="img"
              aria-label="Verified business"
              data-testid="blue-tick"
            />
          )}
        </Group>
        <Text c="dimmed">@{shop.username}</Text>
        {shop.desc && (
          <Text maw={720} style={{ whiteSpace: "pre-line" }}>
            {shop.desc}
          </Text>
        )}
        <Group gap="lg" fz="sm">
          {place && (
            <Text fz="sm" data-testid="shop-place">
              {place}
            </Text>
          )}
          <Text fz="sm" data-testid="member-since">
            Member since {formatDay(shop.member_since)}
          </Text>
          <Text fz="sm">
            <b data-testid="follower-count">{count}</b> {count === 1 ? "follower" : "followers"}
          </Text>
        </Group>
        <Group gap="sm" align="center">
          <Button onClick={toggle} loading={pending} variant={following ? "default" : "filled"} data-testid="follow-button">
            {following ? "Following" : "Follow"}
          </Button>
          {score.rating !== null && (
            <Group gap={6}>
              <Stars value={score.rating} label={`Rated ${score.rating} of 5`} />
              <Text fz="sm">
                {score.rating} ({score.rating_count} {score.rating_count === 1 ? "rating" : "ratings"})
              </Text>
            </Group>
          )}
        </Group>
      </Stack>
      <div className={classes.shopScore} data-testid="score-parts">
        <Group gap="xs" mb={6}>
          <Text fw={700}>Seller score</Text>
          <SellerScoreBadge score={score} />
        </Group>
        <dl className={classes.scoreParts}>
          {scoreParts(score).map((p) => (
            <div key={p.label}>
              <dt>{p.label}</dt>
              <dd>{p.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

/**
 * Search within the shop: the one search filtered to the seller (`/search?user_id=&q=`). A plain
 * GET form, before and after the app starts (the results page is server-drawn), in the header
 * search box's look and styles (already on the page): the shop page stays within its first-load
 * budget (ADR 0208).
 */
function ShopSearch({ shop }: { shop: SellerShop }) {
  return (
    <form method="get" action="/search" className={searchBox.form} style={{ margin: "16px 0" }}>
      <input type="hidden" name="user_id" value={shop._id} />
      <input type="search" name="q" className={searchBox.input} placeholder="Search this shop" aria-label="Search this shop" />
      <button type="submit" className={searchBox.submit} aria-label="Search">
        <IconSearch size={18} aria-hidden />
      </button>
    </form>
  );
}

function Shop({ shop }: { shop: SellerShop }) {
  const [params] = useSearchParams();
  const reviews = params.get("type") === "reviews";
  const type: CategoryType = params.get("type") === "services" ? "services" : "market-place";
  const { sort, page, cursor, changeSort, goToPage } = useListingUrl(type);
  const listing = useListing({ type, categoryId: ALL_CATEGORIES_ID, sort, search: "", page, cursor, sellerId: shop._id });
  const data = listing.data;
  const tabs: Array<{ type: CategoryType | "reviews"; label: string }> = [
    { type: "market-place", label: `Products (${shop.products_count})` },
    { type: "services", label: `Services (${shop.services_count})` },
    { type: "reviews", label: "Reviews" },
  ];
  const current = reviews ? "reviews" : type;
  return (
    <Container size="xl" py="lg">
      <Profile shop={shop} />
      <ShopSearch shop={shop} />
      <nav aria-label="The seller's items" className={classes.tabStrip} data-testid="shop-tabs">
        {tabs.map((t) => (
          <Button
            key={t.type}
            as={Link}
            to={t.type === "market-place" ? sellerHref(shop.username) : `${sellerHref(shop.username)}?type=${t.type}`}
            variant={t.type === current ? "filled" : "default"}
            size="xs"
            radius="xl"
            aria-current={t.type === current ? "page" : undefined}
          >
            {t.label}
          </Button>
        ))}
      </nav>
      {reviews ? (
        <div style={{ marginTop: "var(--mantine-spacing-md)" }}>
          <Suspense fallback={<Text>{TEXT.pages.loading}</Text>}>
            <PurchaseReviewsPanel sellerId={shop._id} />
          </Suspense>
        </div>
      ) : (
        <>
          <Group justify="space-between" align="flex-end" my="md" gap="sm">
            <Text fz="sm" c="dimmed" data-testid="showing">
              {data ? TEXT.pages.showingResults(data.from, data.to, data.total) : "\u00a0"}
            </Text>
            <SortSelect type={type} sort={sort} onChange={changeSort} />
          </Group>
          <ListingResults
            type={type}
            listing={listing}
            onPage={goToPage}
            empty={type === "services" ? "This seller offers no services yet." : "This seller has no products for sale yet."}
          />
        </>
      )}
    </Container>
  );
}
