/**
 * The search benchmark's queries (ADR 0205): at least 1,000 distinct queries drawn from the bench
 * catalog's words (bench/seed.ts), a fifth of them with a typo and a tenth with two facets, and the
 * prefixes the suggestions are asked for. Each request also carries a counter parameter the API
 * ignores, so no answer comes from the public response cache.
 */
import { BRANDS, MARKET, NOUNS, SERVICES } from "./seed.js";

/** One typo in the longest word of at least 5 letters (two inner letters swapped, or one dropped). */
function withTypo(q: string, i: number): string {
  const words = q.split(" ");
  const at = words.reduce((best, w, k) => (w.length > (words[best]?.length ?? 0) ? k : best), 0);
  const w = words[at]!;
  if (w.length < 5) return q;
  const k = 1 + (i % (w.length - 2));
  words[at] = i % 2 ? w.slice(0, k) + w[k + 1] + w[k] + w.slice(k + 2) : w.slice(0, k) + w.slice(k + 1);
  return words.join(" ");
}

/** Distinct queries with their facet parameters: `/api/search?q=...` paths without the counter. */
export function searchPaths(facets: { categoryIds: string[]; states: string[] }): string[] {
  const words = [...new Set([...MARKET, ...SERVICES].flatMap((c) => c.toLowerCase().split(/[^a-z]+/)).filter((w) => w.length > 2))];
  const queries = new Set<string>();
  for (const b of BRANDS) for (const n of NOUNS) queries.add(`${b} ${n}`.toLowerCase());
  for (const n of NOUNS) for (const w of words) queries.add(`${n} ${w}`);
  for (const b of BRANDS) for (const w of words) queries.add(`${b.toLowerCase()} ${w}`);
  for (const n of NOUNS) for (const s of ["cheap", "original", "new", "lagos"]) queries.add(`${s} ${n}`);
  for (const n of NOUNS) queries.add(n);
  for (const b of BRANDS) queries.add(b.toLowerCase());
  const list = [...queries].slice(0, 1_200);
  return list.map((q, i) => {
    const text = i % 5 === 0 ? withTypo(q, i) : q;
    const params = new URLSearchParams({ q: text });
    if (i % 10 === 1) {
      // Two facets, alternating pairs.
      if (i % 20 === 1) {
        params.set("category_id", facets.categoryIds[i % facets.categoryIds.length]!);
        params.set("in_stock", "true");
      } else {
        params.set("state", facets.states[i % facets.states.length]!);
        params.set("max_price", "250000");
      }
    }
    return `/api/search?${params}`;
  });
}

/** Prefixes of the catalog's words (2 to 6 letters), for the suggestions. */
export function suggestPaths(): string[] {
  const words = [...BRANDS, ...NOUNS, ...MARKET, ...SERVICES]
    .flatMap((w) => w.toLowerCase().split(/[^a-z0-9]+/))
    .filter((w) => w.length >= 2);
  const prefixes = new Set<string>();
  for (const w of words) for (let n = 2; n <= Math.min(6, w.length); n++) prefixes.add(w.slice(0, n));
  return [...prefixes].map((p) => `/api/search/suggest?${new URLSearchParams({ q: p })}`);
}
