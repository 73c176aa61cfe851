/**
 * Category listing `/categories/collections/:type/:id` (spec §2 "Category listing"): breadcrumb
 * Home > type, a title, the "All" entry plus one per category of the type (active highlighted),
 * a grid of cards (3 per row on wide screens), "Loading..." while loading, the server's message on
 * failure, sorting, search and pages with the real "Showing a-b of N results" (id 001 = all).
 * Pages use the server's keyset cursors for next/previous and page numbers for jumps; the state
 * lives in the URL (?sort=&q=&page=&cursor=) so a shared link opens the same page.
 */
import { Container, Group, Text, Title } from "@mantine/core";
import { ALL_CATEGORIES_ID, type CategoryType, TEXT } from "@market/contract";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, lazy, useState } from "react";
import { Link, useParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/fields";
import { ofType, useCategories } from "../../../lib/queries/categories";
import { SECTION_LABEL, sectionHref } from "../../../lib/sections";
import { useKeptValue } from "../../../lib/use-kept-value";
import { usePageTitle } from "../../../lib/use-page-title";
import { isCategoryType, useListing } from "../api/catalog";
import classes from "../components/catalog.module.css";
import { CatalogTrail } from "../components/catalog-trail";
import { ListingResults, SortSelect, useListingUrl } from "../components/listing-results";

/** Only for a mistyped address: its own chunk (the PublicLayout's Suspense shows the loader meanwhile; ADR 0051). */
const NotFoundPage = lazy(() => import("../../../components/not-found-page"));

export default function CategoryListingPage() {
  const { type, id = ALL_CATEGORIES_ID } = useParams();
  if (!isCategoryType(type)) return <NotFoundPage />;
  return <Listing key={type} type={type} categoryId={id} />;
}

function Listing({ type, categoryId }: { type: CategoryType; categoryId: string }) {
  const { params, sort, update, changeSort, goToPage, page, cursor } = useListingUrl(type);
  const search = params.get("q") ?? "";
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

  // A search typed on the server-drawn page before the app started (ADR 0131; the sort keeps its own).
  const searchRef = useKeptValue<HTMLInputElement>(searchInput, setSearchInput);

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: searchInput.trim() || null, page: null, cursor: null });
  };

  const data = listing.data;

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
          <SortSelect type={type} sort={sort} onChange={changeSort} />
        </Group>
      </Group>

      <ListingResults
        type={type}
        listing={listing}
        onPage={goToPage}
        empty={search ? `No results for "${search}".` : "No items in this category yet."}
      />
    </Container>
  );
}
