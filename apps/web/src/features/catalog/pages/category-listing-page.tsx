/**
 * Category listing `/categories/collections/:type/:id` (spec §2 "Category listing"): breadcrumb
 * Home > type, a title, the "All" entry plus one per category of the type (active highlighted),
 * a grid of cards (3 per row on wide screens), "Loading..." while loading, the server's message on
 * failure, sorting, search and pages with the real "Showing a-b of N results" (id 001 = all).
 * Pages use the server's keyset cursors for next/previous and page numbers for jumps; the state
 * lives in the URL (?sort=&q=&page=&cursor=) so a shared link opens the same page.
 */
import { Box, Container, Group, Text, Title } from "@mantine/core";
import { ALL_CATEGORIES_ID, type CategoryType, type Post, type Product, TEXT } from "@market/contract";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { LazyAlert } from "../../../components/lazy-alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/fields";
import { Grid } from "../../../components/ui/grid";
import { Skeleton } from "../../../components/ui/skeleton";
import { lazyComponent } from "../../../lib/lazy-component";
import { errorMessage } from "../../../lib/notify";
import type { ListingAnswer, ListingParams } from "../../../lib/queries/catalog";
import { ofType, useCategories } from "../../../lib/queries/categories";
import { SECTION_LABEL, sectionHref } from "../../../lib/sections";
import { useKeptValue } from "../../../lib/use-kept-value";
import { usePageTitle } from "../../../lib/use-page-title";
import { isCategoryType, useListing } from "../api/catalog";
import classes from "../components/catalog.module.css";
import { CatalogTrail } from "../components/catalog-trail";
import { ItemCard } from "../components/item-card";
import { preloadQuickView, QuickViewModal } from "../components/quick-view-modal";

/** Only for a mistyped address: its own chunk (the PublicLayout's Suspense shows the loader meanwhile; ADR 0051). */
const NotFoundPage = lazy(() => import("../../../components/not-found-page"));

/** The pager sits below the grid, off the first screen: its code loads with the page, not before it (ADR 0051). */
const Pagination = lazyComponent(() => import("../components/pagination.impl"));
// Drawn by the server: loaded with this page, so hydration never waits for it (lib/lazy-component).
Pagination.preload().catch(() => undefined);

const SORTS: Record<CategoryType, Array<{ value: ListingParams["sort"]; label: string }>> = {
  "market-place": [
    { value: "newest", label: "Newest first" },
    { value: "price_asc", label: "Price: low to high" },
    { value: "price_desc", label: "Price: high to low" },
  ],
  services: [
    { value: "newest", label: "Newest first" },
    { value: "rating", label: "Top rated" },
  ],
};

export default function CategoryListingPage() {
  const { type, id = ALL_CATEGORIES_ID } = useParams();
  if (!isCategoryType(type)) return <NotFoundPage />;
  return <Listing key={type} type={type} categoryId={id} />;
}

function Listing({ type, categoryId }: { type: CategoryType; categoryId: string }) {
  const [params, setParams] = useSearchParams();
  const sorts = SORTS[type];
  const sort = sorts.find((s) => s.value === params.get("sort"))?.value ?? "newest";
  const search = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const cursor = params.get("cursor");
  const [searchInput, setSearchInput] = useState(search);
  // The field follows the address's search when that changes (not on mount: it may hold kept input, below).
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setSearchInput(search);
  }

  const categories = useCategories(ofType(type));
  const listing = useListing({ type, categoryId, sort, search, page, cursor });
  const active = categories.data?.find((c) => c._id === categoryId);
  const title = categoryId === ALL_CATEGORIES_ID ? SECTION_LABEL[type] : (active?.name ?? SECTION_LABEL[type]);
  usePageTitle(title);

  const [quickView, setQuickView] = useState<Product | Post | null>(null);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
    window.scrollTo({ top: 0 });
  };
  const changeSort = (v: string) => update({ sort: v !== "newest" ? v : null, page: null, cursor: null });
  // A search typed or a sort picked on the server-drawn page before the app started (ADR 0131).
  const searchRef = useKeptValue<HTMLInputElement>(searchInput, setSearchInput);
  const sortRef = useKeptValue<HTMLSelectElement>(sort, changeSort);

  const goToPage = (data: ListingAnswer, target: number) => {
    // Neighbouring pages go by keyset cursor (as fast deep in the list as at its start); jumps by number.
    if (target === data.page + 1 && data.nextCursor) update({ cursor: data.nextCursor, page: String(target) });
    else if (target === data.page - 1 && data.prevCursor && target > 1) update({ cursor: data.prevCursor, page: String(target) });
    else update({ cursor: null, page: target > 1 ? String(target) : null });
  };

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: searchInput.trim() || null, page: null, cursor: null });
  };

  const data = listing.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <Container size="xl" py="lg">
      <CatalogTrail type={type} mb="sm" />
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="md">
        {title}
      </Title>

      <nav aria-label="Categories" className={classes.tabStrip} data-testid="category-strip">
        <Button
          as={Link}
          to={sectionHref(type)}
          variant={categoryId === ALL_CATEGORIES_ID ? "filled" : "default"}
          size="xs"
          radius="xl"
          aria-current={categoryId === ALL_CATEGORIES_ID ? "page" : undefined}
        >
          All
        </Button>
        {categories.data?.map((c) => (
          <Button
            key={c._id}
            as={Link}
            to={sectionHref(type, c._id)}
            variant={c._id === categoryId ? "filled" : "default"}
            size="xs"
            radius="xl"
            aria-current={c._id === categoryId ? "page" : undefined}
          >
            {c.name}
          </Button>
        ))}
      </nav>

      <Group justify="space-between" align="flex-end" my="md" gap="sm">
        <Text fz="sm" c="dimmed" data-testid="showing">
          {data ? TEXT.pages.showingResults(data.from, data.to, data.total) : "\u00a0"}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <form onSubmit={onSearch} role="search">
            <TextField
              ref={searchRef}
              aria-label={`Search ${SECTION_LABEL[type]}`}
              placeholder="Search"
              value={searchInput}
              onChange={(e) => setSearchInput(e.currentTarget.value)}
              leftSection={<IconSearch size={16} />}
              className={classes.searchField}
              maxLength={100}
            />
          </form>
          {/* The browser's own select: no Combobox/floating-ui on the listing's first load (ADR 0051). */}
          <SelectField
            ref={sortRef}
            aria-label="Sort by"
            data={sorts}
            value={sort}
            onChange={(e) => changeSort(e.currentTarget.value)}
            className={classes.sortField}
          />
        </Group>
      </Group>

      {listing.isPending ? (
        <Box>
          <Text mb="sm">{TEXT.pages.loading}</Text>
          <Grid cols="2 md:3" spacing="md">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
              <Skeleton key={i} h={300} radius="md" />
            ))}
          </Grid>
        </Box>
      ) : listing.isError ? (
        <LazyAlert color="red" title={TEXT.alerts.errorTitle} data-testid="listing-error">
          {errorMessage(listing.error)}
        </LazyAlert>
      ) : data && data.products.length === 0 ? (
        <LazyAlert color="gray" title="Nothing here yet">
          {search ? `No results for "${search}".` : "No items in this category yet."}
        </LazyAlert>
      ) : data ? (
        <>
          <Grid
            cols={type === "services" ? "1 xs:2 md:3" : "2 md:3"}
            spacing="md"
            data-testid="listing-grid"
            style={{ opacity: listing.isPlaceholderData ? 0.6 : 1 }}
          >
            {(data.products as Array<Product | Post>).map((item, i) => (
              <ItemCard
                key={item._id}
                item={item}
                eager={i < 3}
                onQuickView={() => setQuickView(item)}
                onQuickViewNear={preloadQuickView}
              />
            ))}
          </Grid>
          {pages > 1 && (
            <Group justify="center" mt="xl">
              {/* Until its chunk arrives, a box of the pager's height (Mantine's control size md, 32px). */}
              <Suspense fallback={<div className={classes.pagerPlaceholder} />}>
                <Pagination
                  total={pages}
                  value={data.page}
                  onChange={(p) => goToPage(data, p)}
                  siblings={1}
                  boundaries={1}
                  aria-label="Pages"
                />
              </Suspense>
            </Group>
          )}
        </>
      ) : null}
      <QuickViewModal item={quickView} onClose={() => setQuickView(null)} />
    </Container>
  );
}
