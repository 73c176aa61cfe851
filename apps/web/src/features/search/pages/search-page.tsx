/**
 * The results page `/search?q=...` (ADR 0205): drawn by the server like the other storefront pages,
 * so it shows before the app starts; its filters are a plain GET form whose fields are the address's
 * parameters, so it works without JavaScript and back, reload and a shared link keep them. With the
 * app running a filter applies as soon as it changes. Facet counts come from the API (each counted
 * with the other filters applied). A corrected query says so ("Showing results for ..., Search
 * instead for ..."); no results say what to try.
 */
import { Box, Container, Group, Stack, Text, Title } from "@mantine/core";
import { formatNaira, imageThumbUrl, NIGERIAN_STATES, type SearchAnswer, type SearchItem } from "@market/contract";
import { IconPhoto } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { FormEvent, ReactNode } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { LazyAlert } from "../../../components/lazy-alert";
import { Stars } from "../../../components/stars";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Grid } from "../../../components/ui/grid";
import { errorMessage } from "../../../lib/notify";
import { sectionHref } from "../../../lib/sections";
import { usePageTitle } from "../../../lib/use-page-title";
import { apiSearchParams, searchQuery } from "../api/search";
import classes from "./search-page.module.css";

const SORTS = [
  { value: "", label: "Best match" },
  { value: "newest", label: "Newest first" },
  { value: "price_asc", label: "Price: low to high" },
  { value: "price_desc", label: "Price: high to low" },
  { value: "rating", label: "Top rated" },
];

/** The address of the page with `changes` (null removes a parameter). */
function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.delete(k);
    else next.set(k, v);
  }
  return `/search?${next}`;
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const q = params.get("q")?.trim() ?? "";
  const apiQuery = apiSearchParams(params);
  const result = useQuery(searchQuery(apiQuery));
  usePageTitle(q ? `Search: ${q}` : "Search");
  const data = result.data?.data;

  // With the app running, the form navigates in the app (the same address the browser would load).
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === "string" && v.trim()) next.append(k, v.trim());
    navigate(`/search?${next}`);
  };
  const applyNow = (e: FormEvent<HTMLInputElement | HTMLSelectElement>) => e.currentTarget.form?.requestSubmit();
  const checked = (name: string, value: string) =>
    params
      .getAll(name)
      .flatMap((v) => v.split(","))
      .includes(value);

  return (
    <Container size="xl" py="lg">
      <Title order={1} fz={{ base: 24, sm: 30 }} mb="xs">
        {q ? `Results for "${q}"` : "Search"}
      </Title>
      {data?.did_you_mean ? (
        <Text mb="sm" data-testid="did-you-mean">
          Showing results for <strong>{data.did_you_mean}</strong>.{" "}
          <Link to={withParams(params, { correct: "false", cursor: null })}>Search instead for {q}</Link>
        </Text>
      ) : null}
      {params.get("user_id") ? (
        <Text mb="sm" data-testid="one-seller">
          Only one seller's items (searched from their shop).{" "}
          <Link to={withParams(params, { user_id: null, cursor: null })}>Search all sellers</Link>
        </Text>
      ) : null}
      {/* key: the fields start from the address on each navigation (back, a link, a suggestion). */}
      <form
        key={params.toString()}
        method="get"
        action="/search"
        onSubmit={onSubmit}
        className={classes.layout}
        aria-label="Search filters"
      >
        <input type="hidden" name="q" value={q} />
        {params.get("user_id") ? <input type="hidden" name="user_id" value={params.get("user_id") ?? ""} /> : null}
        {/* Phones fold the filters behind this toggle: a checkbox and its label, so it works without
            JavaScript. It travels with the form (filters=open), so the filters stay open on the
            page a change of filter leads to. Wider screens always show them. */}
        <input
          type="checkbox"
          id="search-filters-toggle"
          name="filters"
          value="open"
          className={classes.toggle}
          defaultChecked={params.get("filters") === "open"}
        />
        <label htmlFor="search-filters-toggle" className={classes.toggleLabel}>
          Filters
        </label>
        {/* key: the fields start from the address on each navigation (back, a link, a suggestion). */}
        <aside className={classes.filters} key={params.toString()}>
          <Facet legend="Type">
            {(["product", "service"] as const).map((k) => (
              <Check key={k} name="kind" value={k} defaultChecked={checked("kind", k)} onChange={applyNow}>
                {k === "product" ? "Products" : "Services"} <Count n={data?.facets.kind.find((f) => f.value === k)?.count} />
              </Check>
            ))}
          </Facet>
          {data?.facets.category.length ? (
            <Facet legend="Category">
              {data.facets.category.map((c) => (
                <Check key={c._id} name="category_id" value={c._id} defaultChecked={checked("category_id", c._id)} onChange={applyNow}>
                  {c.name} <Count n={c.count} />
                </Check>
              ))}
            </Facet>
          ) : null}
          <Facet legend="Price (₦)">
            <Group gap={6} wrap="nowrap">
              <input
                className={classes.price}
                type="number"
                name="min_price"
                min={0}
                inputMode="numeric"
                aria-label="Lowest price in naira"
                placeholder={data?.facets.price.min != null ? String(data.facets.price.min) : "Min"}
                defaultValue={params.get("min_price") ?? ""}
              />
              <span aria-hidden>-</span>
              <input
                className={classes.price}
                type="number"
                name="max_price"
                min={0}
                inputMode="numeric"
                aria-label="Highest price in naira"
                placeholder={data?.facets.price.max != null ? String(data.facets.price.max) : "Max"}
                defaultValue={params.get("max_price") ?? ""}
              />
            </Group>
          </Facet>
          <Facet legend="Seller's state">
            <StateChecks params={params} data={data} checked={checked} onChange={applyNow} />
          </Facet>
          <Facet legend="Rating">
            {[
              ["", "Any rating", null],
              ["4", "4 stars and up", data?.facets.rating["4"]],
              ["3", "3 stars and up", data?.facets.rating["3"]],
            ].map(([value, label, n]) => (
              <label key={String(value)} className={classes.check}>
                <input
                  type="radio"
                  name="min_rating"
                  value={String(value)}
                  defaultChecked={(params.get("min_rating") ?? "") === value}
                  onChange={applyNow}
                />
                {label} {n != null ? <Count n={Number(n)} /> : null}
              </label>
            ))}
          </Facet>
          <OptionFacets params={params} data={data} onChange={applyNow} />
          <Facet legend="More">
            <Check name="verified" value="true" defaultChecked={params.get("verified") === "true"} onChange={applyNow}>
              Verified sellers <Count n={data?.facets.verified} />
            </Check>
            <Check name="in_stock" value="true" defaultChecked={params.get("in_stock") === "true"} onChange={applyNow}>
              In stock <Count n={data?.facets.in_stock} />
            </Check>
          </Facet>
          <Group gap="xs">
            <Button type="submit" size="sm">
              Apply filters
            </Button>
            <Button as={Link} to={`/search?${new URLSearchParams({ q })}`} variant="subtle" size="sm">
              Clear
            </Button>
          </Group>
        </aside>
        <Box className={classes.results}>
          <Group justify="space-between" mb="sm" gap="sm">
            <Title order={2} fz="sm" fw={400} c="dimmed" data-testid="search-total" aria-live="polite">
              {data ? `${data.total.toLocaleString("en-NG")} ${data.total === 1 ? "result" : "results"}` : "\u00a0"}
            </Title>
            <label className={classes.sortLabel}>
              Sort by{" "}
              <select
                key={params.toString()}
                name="sort"
                defaultValue={params.get("sort") ?? ""}
                onChange={applyNow}
                className={classes.sort}
              >
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </label>
          </Group>
          {result.isError ? (
            <LazyAlert color="red" title="Search failed" data-testid="search-error">
              {errorMessage(result.error)}
            </LazyAlert>
          ) : !data ? (
            <Text>Loading...</Text>
          ) : data.items.length === 0 ? (
            <NoResults q={q} params={params} />
          ) : (
            <>
              <Grid cols="2 md:3" spacing="md" data-testid="search-results" style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}>
                {data.items.map((item, i) => (
                  <ResultCard key={item._id} item={item} eager={i < 3} />
                ))}
              </Grid>
              <Group justify="center" mt="xl" gap="sm">
                {params.get("cursor") ? (
                  <Button as={Link} to={withParams(params, { cursor: null })} variant="default" size="sm">
                    First page
                  </Button>
                ) : null}
                {data.nextCursor ? (
                  <Button as={Link} to={withParams(params, { cursor: data.nextCursor })} size="sm" data-testid="next-page">
                    Next page
                  </Button>
                ) : null}
              </Group>
            </>
          )}
        </Box>
      </form>
    </Container>
  );
}

function Facet({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={classes.facet}>
      <legend className={classes.legend}>{legend}</legend>
      <Stack gap={4}>{children}</Stack>
    </fieldset>
  );
}

function Check({
  name,
  value,
  defaultChecked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  defaultChecked: boolean;
  onChange: (e: FormEvent<HTMLInputElement>) => void;
  children: ReactNode;
}) {
  return (
    <label className={classes.check}>
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} onChange={onChange} />
      {children}
    </label>
  );
}

function Count({ n }: { n: number | undefined }) {
  return n === undefined ? null : <span className={classes.count}>({n})</span>;
}

/** The states with matches, then any chosen one without (so it can be unticked). */
function StateChecks({
  params,
  data,
  checked,
  onChange,
}: {
  params: URLSearchParams;
  data: SearchAnswer["data"] | undefined;
  checked: (name: string, value: string) => boolean;
  onChange: (e: FormEvent<HTMLInputElement>) => void;
}) {
  const chosen = params
    .getAll("state")
    .flatMap((v) => v.split(","))
    .filter((s) => (NIGERIAN_STATES as readonly string[]).includes(s));
  const rows = [...(data?.facets.state ?? [])];
  for (const s of chosen) if (!rows.some((r) => r.value === s)) rows.push({ value: s, count: 0 });
  if (!rows.length)
    return (
      <Text fz="sm" c="dimmed">
        No seller's state among these results
      </Text>
    );
  return (
    <>
      {rows.map((s) => (
        <Check key={s.value} name="state" value={s.value} defaultChecked={checked("state", s.value)} onChange={onChange}>
          {s.value} <Count n={s.count} />
        </Check>
      ))}
    </>
  );
}

/**
 * One fieldset per variant option (Size, Colour, ADR 0225): its values with counts, then any chosen
 * value without matches (so it can be unticked). The field is `option=Name:Value`, repeated.
 */
function OptionFacets({
  params,
  data,
  onChange,
}: {
  params: URLSearchParams;
  data: SearchAnswer["data"] | undefined;
  onChange: (e: FormEvent<HTMLInputElement>) => void;
}) {
  const chosen = params.getAll("option");
  const groups = (data?.facets.options ?? []).map((o) => ({ name: o.name, values: [...o.values] }));
  for (const c of chosen) {
    const at = c.indexOf(":");
    if (at < 1) continue;
    const [name, value] = [c.slice(0, at), c.slice(at + 1)];
    let g = groups.find((x) => x.name.toLowerCase() === name.toLowerCase());
    if (!g) {
      g = { name, values: [] };
      groups.push(g);
    }
    if (!g.values.some((v) => v.value.toLowerCase() === value.toLowerCase())) g.values.push({ value, count: 0 });
  }
  const isChosen = (name: string, value: string) => chosen.some((c) => c.toLowerCase() === `${name}:${value}`.toLowerCase());
  return (
    <>
      {groups.map((g) => (
        <Facet key={g.name} legend={g.name}>
          {g.values.map((v) => (
            <Check
              key={v.value}
              name="option"
              value={`${g.name}:${v.value}`}
              defaultChecked={isChosen(g.name, v.value)}
              onChange={onChange}
            >
              {v.value} <Count n={v.count} />
            </Check>
          ))}
        </Facet>
      ))}
    </>
  );
}

function ResultCard({ item, eager }: { item: SearchItem; eager: boolean }) {
  const href = item.kind === "service" ? `/product/services/${item._id}` : `/product/market-place/${item._id}`;
  const src = item.image_urls[0];
  return (
    <Card withBorder padding={0} radius="md" data-testid="search-card" style={{ height: "100%" }}>
      <Link to={href} tabIndex={-1} aria-hidden className={classes.imageLink}>
        {src ? (
          <img src={imageThumbUrl(src)} alt="" width={400} height={400} loading={eager ? "eager" : "lazy"} className={classes.image} />
        ) : (
          <span className={classes.noImage}>
            <IconPhoto size={36} aria-hidden />
          </span>
        )}
      </Link>
      <Stack gap={4} p="sm" style={{ flex: 1 }}>
        <Text component={Link} to={href} fw={600} lineClamp={2} fz="sm">
          {item.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {item.kind === "service" ? "Service" : "Product"} · {item.category_name}
        </Text>
        {item.price !== null ? (
          <Text fw={700} c="naija.8" mt="auto">
            {formatNaira(item.price)}
            {item.count_in_stock === 0 ? (
              <Text component="span" fz="xs" c="red.8" fw={500}>
                {" "}
                · Out of stock
              </Text>
            ) : null}
          </Text>
        ) : (
          <Group gap={6} mt="auto">
            <Stars value={item.stars} size="xs" label={`${item.stars} stars`} />
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** "No results for ..." with what to try. */
function NoResults({ q, params }: { q: string; params: URLSearchParams }) {
  const filtered = [...params.keys()].some((k) => !["q", "correct", "filters"].includes(k));
  return (
    <Box data-testid="no-results" className={classes.noResults}>
      <Title order={2} fz="lg" mb="xs">
        {q ? `No results for "${q}"` : "No results"}
      </Title>
      <Text mb="xs">Try:</Text>
      <ul className={classes.tips}>
        <li>checking the spelling, or fewer or shorter words ("samsung" rather than "samsung galaxy a15 blue");</li>
        <li>another word for the same thing ("fridge" or "refrigerator");</li>
        {filtered ? (
          <li>
            <Link to={`/search?${new URLSearchParams({ q })}`}>removing the filters</Link>
            {";"}
          </li>
        ) : null}
        <li>
          browsing the <Link to={sectionHref("market-place")}>Market Place</Link> or the <Link to={sectionHref("services")}>Services</Link>.
        </li>
      </ul>
    </Box>
  );
}
