/**
 * The one way to read a keyset-paginated list of the API (spec §7 lists with `nextCursor`): an
 * infinite query that asks `path` with `params` and, from the second page on, the previous
 * answer's `nextCursor` as `cursor`; the list ends where `nextCursor` is null.
 */
import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import { api } from "../api";

/** Infinite query options of the list at `path`; `params` left empty or undefined are not sent. */
export function cursorPagesQuery<T extends { nextCursor?: string | null }, K extends QueryKey = QueryKey>(
  queryKey: K,
  path: string,
  params: Record<string, string | undefined> = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
      if (pageParam) query.set("cursor", pageParam);
      const search = query.toString();
      return api<T>(search ? `${path}?${search}` : path, { signal });
    },
    initialPageParam: "",
    getNextPageParam: (last: T) => last.nextCursor ?? undefined,
  });
}
