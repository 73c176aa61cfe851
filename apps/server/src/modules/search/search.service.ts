/**
 * The one search of the catalog (ADR 0205): products and services from the `search_items` index
 * (kept by triggers in the writers' transactions, migration 0018), ranked by relevance, corrected
 * for typos against the catalog's own words, widened by the admin's synonyms (ADR 0206), with
 * disjunctive facet counts. The search page, `GET /api/search`, the suggestions and the
 * `search=` of the product and service listings all go through `planSearch`.
 */
import {
  koboToNaira,
  nairaToKobo,
  type SearchFacets,
  type SearchItem,
  type SearchParams,
  type SearchSort,
  type Suggestion,
} from "@market/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invalidCursor, parseCursorJson } from "../../lib/cursor.js";
import { applySynonyms, type Clause, editDistance, type ParsedQuery, parseQuery, type Term, typosAllowed, wordsOf } from "./query.js";

/** The text search configuration of the index: unaccent, then English stems (migration 0018). */
const CONFIG = sql.raw("'market_search'");
/** ts_rank weights of D (description), C (seller), B (category), A (name). */
const WEIGHTS = sql.raw("'{0.1, 0.2, 0.4, 1.0}'::float4[]");
/** Multiplier of an item out of stock: in stock ranks above an equal match out of stock. */
const OUT_OF_STOCK_FACTOR = 0.5;
/** Multiplier of a verified (blue tick) seller's item: small, it reorders near-equal matches only. */
const VERIFIED_BOOST = 1.05;
/**
 * Multipliers of a seller's score label (ADR 0208, docs/seller-score.md), copied into the index as
 * `search_items.seller_label`: small, like the blue tick's, so they reorder near-equal matches only.
 * "Fair" and "New seller" are 1: a new seller is not pushed down for being new.
 */
export const SELLER_SCORE_BOOST = { Excellent: 1.08, Good: 1.04 } as const;
/** A prefix match needs this many letters (the word being typed), or the word is the query's last. */
const PREFIX_MIN = 3;
/**
 * Catalog words a prefix stands for, shortest first. A prefix is matched through them, not as a
 * tsquery prefix: the index holds stems ("cleaning" is "clean"), so "cleanin:*" would miss it,
 * and a stemmed prefix finds too much ("sams" stems to "sam", a prefix of "same").
 */
const COMPLETIONS = 12;
/**
 * Under this many items with all the words (under the filters), the items with only some of them
 * follow (ADR 0226): a page's worth, so a precise query is not buried and a rare pair still finds
 * something. Reading every item with any word of a broad query costs several times the search.
 */
const SOME_WORDS_BELOW = 24;
/** Deepest offset a cursor may name (relevance is paged by position). */
const MAX_OFFSET = 10_000;

/** What the database answers about a query word. */
type WordFacts = { known: boolean; corrections: string[]; completions: string[] };

/** A query ready to run: tsquery texts built from letters and digits only (query.ts). */
export type SearchPlan = {
  /** Every clause (AND), with exclusions; null when the query has no word. */
  all: string | null;
  /** Any clause (OR), null under two clauses: the items with some words, after those with all. */
  any: string | null;
  /** Each clause alone, to count how many an item matches (its tier, with two or more clauses). */
  clauses: string[];
  /** The words as typed, without prefix or correction (ranks exact above typo and prefix). */
  exact: string | null;
  /** The plain words as one phrase (ranks the exact phrase first), null under two words. */
  phrase: string | null;
  /** The query with its corrections, or null when nothing was corrected. */
  didYouMean: string | null;
};

const exactTerm = (t: Term) => (t.phrase ? `(${t.words.join(" <-> ")})` : t.words[0]!);

/**
 * Which query words the catalog knows (the word, a word it begins, or its English stem), and for
 * the others the catalog words within the typo rule (`typosAllowed`), nearest first.
 */
async function wordFacts(db: Executor, words: string[]): Promise<Map<string, WordFacts>> {
  const facts = new Map<string, WordFacts>();
  // Numbers (model numbers, sizes) are matched as typed: the lexicon leaves them out.
  const lookups = words.filter((w) => !/^[0-9]+$/.test(w));
  if (!lookups.length) return facts;
  // One row per word, each lookup with its own constant pattern, so the indexes serve it (a
  // pattern computed in the query would make `like` read the whole lexicon).
  // The trigram candidates (the costly lookup) are read only for a word the catalog does not know:
  // the CASE evaluates its uncorrelated sub-select only in the branch taken.
  const rows = lookups.map(
    (w) => sql`select k.w, k.known, k.completions, ${
      w.length >= 5 && !/[0-9]/.test(w)
        ? sql`case when k.known then null else array(select s.word from search_words s where s.word % ${w}::text order by s.word <-> ${w}::text limit 20) end`
        : sql`null::text[]`
    } as candidates
    from (select ${w}::text as w,
      (exists (select 1 from search_words s where s.word like ${`${w}%`})
        or exists (select 1 from search_words s where s.stem = coalesce((ts_lexize('english_stem', ${w}::text))[1], ${w}::text))) as known,
      array(select s.word from search_words s where s.word like ${`${w}_%`} order by length(s.word), s.word limit ${COMPLETIONS}) as completions) k`,
  );
  const res = await db.execute<{ w: string; known: boolean; candidates: string[] | null; completions: string[] }>(
    sql.join(rows, sql` union all `),
  );
  for (const r of res.rows) {
    const max = typosAllowed(r.w.length);
    const corrections = r.known
      ? []
      : (r.candidates ?? [])
          .map((c) => ({ c, d: editDistance(r.w, c, max) }))
          .filter((x) => x.d <= max)
          .sort((a, b) => a.d - b.d)
          .map((x) => x.c)
          .slice(0, 3);
    facts.set(r.w, { known: r.known, corrections, completions: r.completions });
  }
  return facts;
}

/**
 * Plan the search of `text`: parse it, apply the synonym groups, look its words up in the
 * catalog's lexicon (corrections for unknown words) and build the tsquery texts.
 */
async function planSearch(db: Executor, text: string, synonyms: readonly (readonly string[])[], correct = true): Promise<SearchPlan> {
  const parsed: ParsedQuery = parseQuery(text);
  const { clauses } = applySynonyms(parsed, synonyms);
  const plainWords = new Set<string>();
  for (const c of clauses) if (!c.synonym) for (const t of c.alts) if (!t.phrase) plainWords.add(t.words[0]!);
  const facts = await wordFacts(db, [...plainWords]);
  const lastWord = clauses.at(-1)?.alts.at(-1)?.words.at(-1);
  let corrected = false;
  // Did a prefix, a correction or a synonym widen the words? Only then is "exact" worth ranking by.
  let widened = clauses.some((c) => c.synonym);

  const matchTerm = (t: Term, synonym: boolean): string => {
    if (t.phrase || synonym) return exactTerm(t);
    const w = t.words[0]!;
    const alts = [w];
    const f = facts.get(w);
    if (w.length >= PREFIX_MIN || (w === lastWord && w.length >= 2)) alts.push(...(f?.completions ?? []));
    if (correct && f && !f.known && f.corrections.length) {
      corrected = true;
      alts.push(...f.corrections);
    }
    if (alts.length > 1) widened = true;
    return alts.length === 1 ? w : `(${alts.join(" | ")})`;
  };
  const renderClause = (c: Clause & { synonym?: true }) => `(${c.alts.map((t) => matchTerm(t, !!c.synonym)).join(" | ")})`;
  const rendered = clauses.map(renderClause);
  const excluded = parsed.excluded.map((t) => `!${exactTerm(t)}`);
  const join = (parts: string[], op: string) => (parts.length ? parts.join(op) : null);
  const withExcluded = (q: string | null) => (q && excluded.length ? `(${q}) & ${excluded.join(" & ")}` : (q ?? join(excluded, " & ")));

  const exactAlts = clauses.flatMap((c) => c.alts.map(exactTerm));
  const plain = parsed.clauses.every((c) => c.alts.length === 1 && !c.alts[0]!.phrase);
  const corrections = (w: string) => {
    const f = facts.get(w);
    return f && !f.known && f.corrections.length ? f.corrections[0]! : w;
  };
  return {
    all: withExcluded(join(rendered, " & ")),
    any: rendered.length > 1 ? withExcluded(join(rendered, " | ")) : null,
    clauses: rendered,
    exact: widened ? join(exactAlts, " | ") : null,
    phrase: plain && parsed.clauses.length > 1 ? parsed.clauses.map((c) => c.alts[0]!.words[0]).join(" <-> ") : null,
    didYouMean: corrected ? rewriteQuery(text, corrections) : null,
  };
}

/** `text` with each word replaced by `map(word)` (normalised, as the search reads it). */
function rewriteQuery(text: string, map: (w: string) => string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((chunk) => {
      const words = wordsOf(chunk);
      if (!words.length) return chunk;
      const quoted = chunk.startsWith('"') || chunk.endsWith('"');
      return quoted ? chunk.toLowerCase() : chunk.replace(/[\p{L}\p{N}\p{M}]+/gu, (w) => map(wordsOf(w)[0] ?? w));
    })
    .join(" ");
}

/** The condition "item matches the planned query" on `search_items` (alias `s`, or `alias`). */
function textMatch(q: string, alias = sql.raw("s")): SQL {
  return sql`${alias}.doc @@ to_tsquery(${CONFIG}, ${q})`;
}

/**
 * The relevance score of `s` for `plan` (higher first), within its tier. `isAll`: with tiers, the
 * condition "the item has all the words": such an item is scored as the all-words search scores
 * it, the others by the some-words query.
 */
function scoreOf(plan: SearchPlan, isAll: SQL | null): SQL {
  const rank = (q: string | null, factor = 1) =>
    q ? sql` + ${factor}::float4 * ts_rank(${WEIGHTS}, s.doc, to_tsquery(${CONFIG}, ${q}))` : sql``;
  const textRank =
    isAll && plan.any ? sql` + (case when ${isAll} then 0::float4 ${rank(plan.all)} else 0::float4 ${rank(plan.any)} end)` : rank(plan.all);
  return sql`((0::float4 ${textRank}${rank(plan.exact)}${rank(plan.phrase, 2)})
    * (case when s.in_stock then 1 else ${OUT_OF_STOCK_FACTOR}::float4 end)
    * (case when s.verified then ${VERIFIED_BOOST}::float4 else 1 end)
    * (case s.seller_label when 'Excellent' then ${SELLER_SCORE_BOOST.Excellent}::float4
        when 'Good' then ${SELLER_SCORE_BOOST.Good}::float4 else 1 end))`;
}

/**
 * How a search ranks its matches: `tier` first, `score` second (ADR 0226), and `inner`, columns
 * computed once per match before them (`is_all`, `few`). None but by relevance. With two or more
 * clauses the tier is how many clauses an item matches, so every item with all the words comes
 * above any with some, and more words above fewer. ts_rank and the clause tests are the costly
 * part, so when the all-words items fill the page (a count of at most `offset + limit` of them
 * under the filters, run once: `few` is false) only they are scored and the tier is just "has all
 * the words": the others sort after them and cannot be on the page. Otherwise every match is
 * scored and tiered by its clause count.
 */
function rankingOf(plan: SearchPlan, p: SearchParams, sort: SearchSort, offset: number): { inner: SQL; tier: SQL; score: SQL } {
  if (sort !== "relevance") return { inner: sql``, tier: sql`0`, score: sql`0::float4` };
  if (plan.any === null) return { inner: sql``, tier: sql`0`, score: scoreOf(plan, null) };
  const page = offset + p.limit;
  const seller = p.user_id ? sql` and m.user_id = ${p.user_id}` : sql``;
  const fewAll = sql`(select count(*) from (select 1 from search_items m
    where ${textMatch(plan.all!, sql.raw("m"))}${seller} and ${whereOf(filtersOf(p))} limit ${page}) x) < ${page}`;
  const clauses = sql.join(
    plan.clauses.map((c) => sql` + (s.doc @@ to_tsquery(${CONFIG}, ${c}))::int`),
    sql``,
  );
  return {
    inner: sql`, ${textMatch(plan.all!)} as is_all, ${fewAll} as few`,
    tier: sql`(case when s.few then 0 ${clauses} else s.is_all::int end)`,
    score: sql`(case when s.few or s.is_all then ${scoreOf(plan, sql`s.is_all`)} end)`,
  };
}

/** A filter of the matches, or true when not set. */
type Filters = Record<"kind" | "category" | "price" | "state" | "rating" | "verified" | "inStock" | "options", SQL | null>;

/**
 * Separator of an option's name and value in `search_items.options` (migration 0024), in SQL and in
 * JavaScript. Written into the SQL text, not as a parameter: the facet's grouping expressions must
 * be the same text in select and group by.
 */
const OPTION_SEP_SQL = sql.raw("chr(31)");
const OPTION_SEP = "\u001f";
/** Most options, and values of each, the option facet lists. */
const OPTION_FACETS = 10;
const OPTION_VALUES = 30;

/** The `option` filters grouped by option name (lower case): each name's wanted "name<SEP>value" keys. */
function optionGroups(p: SearchParams): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const o of p.option ?? []) {
    const name = o.name.toLowerCase();
    const keys = groups.get(name) ?? [];
    keys.push(`${name}${OPTION_SEP}${o.value.toLowerCase()}`);
    groups.set(name, keys);
  }
  return groups;
}

/** "m has one of `keys`" (one option's values are alternatives). */
function hasOption(keys: string[]): SQL {
  return sql`exists (select 1 from unnest(m.options) mo where lower(mo) = any(${sql.param(keys)}::text[]))`;
}

function filtersOf(p: SearchParams): Filters {
  let [lo, hi] = [p.min_price, p.max_price];
  if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
  const price =
    lo === undefined && hi === undefined
      ? null
      : sql`m.price_kobo between ${lo === undefined ? 0 : nairaToKobo(lo)} and ${hi === undefined ? Number.MAX_SAFE_INTEGER : nairaToKobo(hi)}`;
  return {
    kind: p.kind?.length ? sql`m.kind = any(${sql.param(p.kind)}::text[])` : null,
    category: p.category_id?.length ? sql`m.category_id = any(${sql.param(p.category_id)}::uuid[])` : null,
    price,
    state: p.state?.length ? sql`m.state = any(${sql.param(p.state)}::text[])` : null,
    rating: p.min_rating ? sql`m.stars >= ${p.min_rating}` : null,
    verified: p.verified ? sql`m.verified` : null,
    inStock: p.in_stock ? sql`m.in_stock` : null,
    options: p.option?.length ? sql.join([...optionGroups(p).values()].map(hasOption), sql` and `) : null,
  };
}

/**
 * The option facet: per option name, its values' counts over the matches with every filter but that
 * option's own (disjunctive per option: Size:M stays countable beside Size:S while Colour applies).
 */
function optionFacetSql(p: SearchParams, f: Filters): SQL {
  const groups = [...optionGroups(p)];
  const others = groups.length
    ? sql.join(
        groups.map(([name, keys]) => sql`(lower(split_part(o, ${OPTION_SEP_SQL}, 1)) = ${name} or ${hasOption(keys)})`),
        sql` and `,
      )
    : sql`true`;
  return sql`(select json_agg(json_build_object('name', g.name, 'values', g.values) order by lower(g.name), g.name) from (
      select min(v.name) as name, sum(v.count) as total,
        json_agg(json_build_object('value', v.value, 'count', v.count) order by v.count desc, v.value) filter (where v.rank <= ${OPTION_VALUES}) as values
      from (
        select min(split_part(o, ${OPTION_SEP_SQL}, 1)) as name, lower(split_part(o, ${OPTION_SEP_SQL}, 1)) as lname,
          min(split_part(o, ${OPTION_SEP_SQL}, 2)) as value, count(*)::int as count,
          row_number() over (partition by lower(split_part(o, ${OPTION_SEP_SQL}, 1)) order by count(*) desc, min(split_part(o, ${OPTION_SEP_SQL}, 2))) as rank
        from m, unnest(m.options) o
        -- Most items have no options: they are passed over before the unnest.
        where cardinality(m.options) > 0 and ${whereOf(f, "options")} and ${others}
        group by lower(split_part(o, ${OPTION_SEP_SQL}, 1)), lower(split_part(o, ${OPTION_SEP_SQL}, 2))
      ) v group by v.lname order by sum(v.count) desc, min(v.name) limit ${OPTION_FACETS}) g)`;
}

/** AND of the filters, leaving out `except` (a facet's count ignores its own filter: disjunctive). */
function whereOf(f: Filters, except?: keyof Filters): SQL {
  const parts = (Object.keys(f) as (keyof Filters)[]).filter((k) => k !== except && f[k]).map((k) => f[k]!);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const ORDERS: Record<SearchSort, SQL> = {
  relevance: sql`m.tier desc, m.score desc nulls last, m.created_at desc, m.id desc`,
  newest: sql`m.created_at desc, m.id desc`,
  price_asc: sql`m.price_kobo asc nulls last, m.id`,
  price_desc: sql`m.price_kobo desc nulls last, m.id`,
  rating: sql`m.stars desc nulls last, m.created_at desc, m.id desc`,
};

/** The offset a cursor names (relevance has no stable key to page by: position it is). */
function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const v = parseCursorJson(cursor);
  if (!Array.isArray(v) || v.length !== 1 || !Number.isInteger(v[0]) || v[0] < 0 || v[0] > MAX_OFFSET) throw invalidCursor();
  return v[0] as number;
}

type Row = {
  items: Array<{
    id: string;
    kind: "product" | "service";
    name: string;
    price_kobo: number | null;
    image_urls: string[];
    category_id: string;
    category_name: string;
    user_id: string;
    count_in_stock: number | null;
    stars: number | null;
  }> | null;
  total: number;
  kind: { value: string; count: number }[] | null;
  category: { _id: string; name: string; count: number }[] | null;
  state: { value: string; count: number }[] | null;
  rating4: number;
  rating3: number;
  verified: number;
  in_stock: number;
  price_min: number | null;
  price_max: number | null;
  options: { name: string; values: { value: string; count: number }[] }[] | null;
};

/** One statement: the matches once (materialised), the page, the total and every facet over them. */
async function runSearch(
  db: Executor,
  p: SearchParams,
  match: SQL,
  rank: { inner: SQL; tier: SQL; score: SQL },
  sort: SearchSort,
  offset: number,
): Promise<Row> {
  const f = filtersOf(p);
  const seller = p.user_id ? sql` and s.user_id = ${p.user_id}` : sql``;
  const res = await db.execute<Row>(sql`
    with m as materialized (
      select s.id, s.kind, s.category_id, s.price_kobo, s.state, s.stars, s.verified, s.in_stock, s.options, s.created_at, ${rank.tier} as tier, ${rank.score} as score
      -- offset 0: the inner columns are computed once per match, not once per use.
      from (select s.* ${rank.inner} from search_items s where ${match}${seller} offset 0) s
    )
    select
      (select json_agg(x order by x.ord) from (
        select pg.ord, s.id, s.kind, s.name, s.price_kobo, s.image_urls, s.category_id, c.name as category_name, s.user_id, s.count_in_stock, s.stars
        -- The page is cut first (a bounded sort of offset + limit rows), then numbered.
        from (select m.id, row_number() over (order by ${ORDERS[sort]}) as ord
          from (select m.* from m where ${whereOf(f)} order by ${ORDERS[sort]} limit ${p.limit} offset ${offset}) m) pg
        join search_items s on s.id = pg.id join categories c on c.id = s.category_id
      ) x) as items,
      (select json_agg(x order by x.count desc, x.value) from (select m.kind as value, count(*)::int as count from m where ${whereOf(f, "kind")} group by m.kind) x) as kind,
      (select json_agg(x order by x.count desc, x.name) from (
        select c.id as _id, c.name, t.count from (select m.category_id, count(*)::int as count from m where ${whereOf(f, "category")} group by m.category_id order by 2 desc limit 30) t
        join categories c on c.id = t.category_id) x) as category,
      (select json_agg(x order by x.count desc, x.value) from (select m.state as value, count(*)::int as count from m where ${whereOf(f, "state")} and m.state <> '' group by m.state) x) as state,
      ${optionFacetSql(p, f)} as options,
      -- The single-number facets in one pass over the matches.
      c.total, c.rating4, c.rating3, c.verified, c.in_stock, c.price_min, c.price_max
    from (select
        count(*) filter (where ${whereOf(f)})::int as total,
        count(*) filter (where ${whereOf(f, "rating")} and m.stars >= 4)::int as rating4,
        count(*) filter (where ${whereOf(f, "rating")} and m.stars >= 3)::int as rating3,
        count(*) filter (where ${whereOf(f, "verified")} and m.verified)::int as verified,
        count(*) filter (where ${whereOf(f, "inStock")} and m.in_stock)::int as in_stock,
        min(m.price_kobo) filter (where ${whereOf(f, "price")}) as price_min,
        max(m.price_kobo) filter (where ${whereOf(f, "price")}) as price_max
      from m) c`);
  return res.rows[0]!;
}

export type SearchResult = {
  items: SearchItem[];
  total: number;
  facets: SearchFacets;
  did_you_mean: string | null;
  nextCursor: string | null;
};

/**
 * Search the public catalog (listed items only: the index holds nothing else). With words, items
 * matching every word come first by relevance, then items matching some of them, most words first
 * (ADR 0205). Without words, every item under the filters, newest first.
 * @throws HttpError 400 for a bad cursor.
 */
export async function search(db: Executor, p: SearchParams, synonyms: readonly (readonly string[])[]): Promise<SearchResult> {
  const offset = offsetOf(p.cursor);
  const plan = await planSearch(db, p.q, synonyms, p.correct !== false);
  const sort: SearchSort = p.sort ?? (plan.all ? "relevance" : "newest");
  let row: Row;
  if (!plan.all) row = await runSearch(db, p, sql`true`, { inner: sql``, tier: sql`0`, score: sql`0::float4` }, sort, offset);
  else {
    // Two or more words: the items with all of them; when they are too few to fill a page, the
    // items with some of them follow (rankingOf), as Meilisearch's "last" matching strategy widens
    // a query only when it finds too little (ADR 0226). The choice depends on the query and the
    // filters, never on the page, so paging stays in one list.
    row = await runSearch(db, p, textMatch(plan.all), rankingOf({ ...plan, any: null }, p, sort, offset), sort, offset);
    if (plan.any !== null && row.total < SOME_WORDS_BELOW)
      row = await runSearch(db, p, textMatch(plan.any), rankingOf(plan, p, sort, offset), sort, offset);
  }
  const items = (row.items ?? []).map(
    (r): SearchItem => ({
      _id: r.id,
      kind: r.kind,
      name: r.name,
      price: r.price_kobo === null ? null : koboToNaira(Number(r.price_kobo)),
      image_urls: r.image_urls,
      category_id: r.category_id,
      category_name: r.category_name,
      user_id: r.user_id,
      count_in_stock: r.count_in_stock,
      stars: r.stars === null ? 0 : Number(r.stars),
    }),
  );
  const next = offset + items.length;
  return {
    items,
    total: row.total,
    facets: {
      kind: row.kind ?? [],
      category: row.category ?? [],
      state: row.state ?? [],
      rating: { "4": row.rating4, "3": row.rating3 },
      verified: row.verified,
      in_stock: row.in_stock,
      price: {
        min: row.price_min === null ? null : koboToNaira(Number(row.price_min)),
        max: row.price_max === null ? null : koboToNaira(Number(row.price_max)),
      },
      options: row.options ?? [],
    },
    did_you_mean: plan.didYouMean,
    nextCursor: next < row.total && next <= MAX_OFFSET ? Buffer.from(JSON.stringify([next])).toString("base64url") : null,
  };
}

/**
 * The listings' `search=` (GET /api/product, /api/posts): the ids of `kind` matching `text` the
 * way the search does (typos, synonyms, stems), as a condition on `idColumn`; undefined without a
 * word. A seller's own list (`own`) holds unlisted items the index lacks: their words are read
 * from the row itself (`ownText`).
 */
export async function listingMatch(
  db: Executor,
  kind: "product" | "service",
  text: string | undefined,
  synonyms: readonly (readonly string[])[],
  idColumn: SQL,
  ownText: SQL | null,
): Promise<SQL | undefined> {
  if (!text?.trim()) return undefined;
  const plan = await planSearch(db, text, synonyms);
  if (!plan.all) return undefined;
  if (ownText) return sql`to_tsvector(${CONFIG}, ${ownText}) @@ to_tsquery(${CONFIG}, ${plan.all})`;
  return sql`${idColumn} in (select s.id from search_items s where s.kind = ${kind} and ${textMatch(plan.all)})`;
}

/** How many suggestions of each type, at most. */
const SUGGEST_ITEMS = 5;
/**
 * Suggestions rank at most this many matching items: a two-letter prefix matches a large part of
 * the catalog, and ranking all of it for five suggestions costs more than typing can wait for.
 */
const SUGGEST_CANDIDATES = 300;
const SUGGEST_OTHERS = 3;

/**
 * Suggestions while typing (from the second letter): the best of the first SUGGEST_CANDIDATES
 * matching items, then categories and listed sellers whose name holds what was typed last. Each has the page it opens
 * (a seller's: their shop page, ADR 0210).
 */
export async function suggest(db: Executor, text: string, synonyms: readonly (readonly string[])[]): Promise<Suggestion[]> {
  const words = wordsOf(text);
  if (words.join("").length < 2) return [];
  const plan = await planSearch(db, text, synonyms);
  if (!plan.all) return [];
  const pattern = `%${words.at(-1)}%`;
  const res = await db.execute<{ type: Suggestion["type"]; id: string; text: string; ctype: string | null; username: string | null }>(sql`
    (select s.kind as type, s.id, s.name as text, null as ctype, null as username
      from (select s.* from search_items s where ${textMatch(plan.all)} limit ${SUGGEST_CANDIDATES}) s
      order by ${scoreOf(plan, null)} desc, s.created_at desc limit ${SUGGEST_ITEMS})
    union all
    (select 'category', c.id, c.name, c.type::text, null from categories c where lower(unaccent(c.name)) like ${pattern} order by c.name limit ${SUGGEST_OTHERS})
    union all
    (select 'seller', u.id, coalesce(b.business_name, u.names), null, u.username from users u left join seller_businesses b on b.user_id = u.id
      where u.acc_type = 'business' and u.status = 'approved' and u.active and exists (select 1 from search_items s where s.user_id = u.id)
        -- One unaccent of the three names joined by a separator a typed word cannot hold (it has
        -- letters and digits only), so the pattern cannot match across two of them.
        and lower(unaccent(coalesce(b.business_name, '') || chr(31) || u.names || chr(31) || u.username)) like ${pattern}
      order by u.names limit ${SUGGEST_OTHERS})`);
  return res.rows.map((r) => ({
    type: r.type,
    text: r.text,
    url:
      r.type === "product"
        ? `/product/market-place/${r.id}`
        : r.type === "service"
          ? `/product/services/${r.id}`
          : r.type === "category"
            ? `/categories/collections/${r.ctype}/${r.id}`
            : `/seller/${encodeURIComponent(r.username ?? "")}`,
  }));
}
