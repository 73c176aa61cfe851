/**
 * The search's queries (GET /api/search, /api/search/suggest, ADR 0205): the results page and the
 * header's suggestions. The page's address is the form's (repeated `category_id`, `state`, `kind`
 * as a plain GET form sends them); the API takes each facet's values comma-separated, and the
 * variant options (`option=Size:M`, ADR 0225) repeated, as their values may hold commas.
 */
import { type SearchAnswer, SUGGEST_MIN_CHARS, type SuggestAnswer } from "@market/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** Facets whose values are alternatives: repeated in the page's address, comma-separated for the API. */
const LIST_PARAMS = ["kind", "category_id", "state"] as const;
/** The other parameters the API reads, passed on when not empty. */
const PLAIN_PARAMS = ["q", "user_id", "min_price", "max_price", "min_rating", "verified", "in_stock", "sort", "cursor", "correct"] as const;

/** The API query string of the page's address `params` (empty values left out). */
export function apiSearchParams(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const name of PLAIN_PARAMS) {
    const v = params.get(name)?.trim();
    if (v) out.set(name, v);
  }
  for (const name of LIST_PARAMS) {
    const values = params
      .getAll(name)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) out.set(name, [...new Set(values)].join(","));
  }
  for (const v of new Set(params.getAll("option").map((o) => o.trim()))) if (v) out.append("option", v);
  if (!out.has("q")) out.set("q", "");
  return out.toString();
}

export const searchQuery = (apiQuery: string) =>
  queryOptions({
    queryKey: ["search", apiQuery] as const,
    queryFn: ({ signal }) => api<SearchAnswer>(`/api/search?${apiQuery}`, { signal }),
    // The previous results stay (dimmed) while the next ones load: filters change them often.
    placeholderData: keepPreviousData,
  });

export const suggestQuery = (q: string) =>
  queryOptions({
    queryKey: ["search-suggest", q] as const,
    queryFn: ({ signal }) => api<SuggestAnswer>(`/api/search/suggest?${new URLSearchParams({ q })}`, { signal }),
    enabled: q.trim().length >= SUGGEST_MIN_CHARS,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
