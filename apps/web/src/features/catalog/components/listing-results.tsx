/**
 * One page of a catalog listing as the listing page and the shop page show it (spec §2 "Category
 * listing"): the sorts of each type, the URL state (?sort=&page=&cursor=, so a shared link opens the
 * same page), and the grid of cards with "Loading...", the server's message on failure, an empty
 * note and the pager. Pages use the server's keyset cursors for next/previous and page numbers for
 * jumps.
 */
import { Box, Group, Text } from "@mantine/core";
import { type CategoryType, type Post, type Product, TEXT } from "@market/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { LazyAlert } from "../../../components/lazy-alert";
import { SelectField } from "../../../components/ui/fields";
import { Grid } from "../../../components/ui/grid";
import { Skeleton } from "../../../components/ui/skeleton";
import { lazyComponent } from "../../../lib/lazy-component";
import { errorMessage } from "../../../lib/notify";
import type { ListingAnswer, ListingParams } from "../../../lib/queries/catalog";
import { useKeptValue } from "../../../lib/use-kept-value";
import classes from "./catalog.module.css";
import { ItemCard } from "./item-card";
import { preloadQuickView, QuickViewModal } from "./quick-view-modal";

/** The pager sits below the grid, off the first screen: its code loads with the page, not before it (ADR 0051). */
const Pagination = lazyComponent(() => import("./pagination.impl"));
// Drawn by the server: loaded with the page, so hydration never waits for it (lib/lazy-component).
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

/** The listing's state in the URL (sort, page, cursor) and its changes, which scroll back to the top. */
export function useListingUrl(type: CategoryType) {
  const [params, setParams] = useSearchParams();
  const sort = SORTS[type].find((s) => s.value === params.get("sort"))?.value ?? "newest";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const cursor = params.get("cursor");
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
  const goToPage = (data: ListingAnswer, target: number) => {
    // Neighbouring pages go by keyset cursor (as fast deep in the list as at its start); jumps by number.
    if (target === data.page + 1 && data.nextCursor) update({ cursor: data.nextCursor, page: String(target) });
    else if (target === data.page - 1 && data.prevCursor && target > 1) update({ cursor: data.prevCursor, page: String(target) });
    else update({ cursor: null, page: target > 1 ? String(target) : null });
  };
  return { params, sort, page, cursor, update, changeSort, goToPage };
}

/**
 * The listing's sort, the browser's own select (no Combobox/floating-ui on the first load, ADR
 * 0051); a sort picked on the server-drawn page before the app started is kept (ADR 0131).
 */
export function SortSelect({ type, sort, onChange }: { type: CategoryType; sort: string; onChange: (sort: string) => void }) {
  const ref = useKeptValue<HTMLSelectElement>(sort, onChange);
  return (
    <SelectField
      ref={ref}
      aria-label="Sort by"
      data={SORTS[type]}
      value={sort}
      onChange={(e) => onChange(e.currentTarget.value)}
      className={classes.sortField}
    />
  );
}

/** The grid of one listing page and its pager; `empty` is the note when it has no items. */
export function ListingResults({
  type,
  listing,
  onPage,
  empty,
}: {
  type: CategoryType;
  listing: UseQueryResult<ListingAnswer>;
  onPage: (data: ListingAnswer, target: number) => void;
  empty: string;
}) {
  const [quickView, setQuickView] = useState<Product | Post | null>(null);
  const data = listing.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  return (
    <>
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
          {empty}
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
                  onChange={(p) => onPage(data, p)}
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
    </>
  );
}
