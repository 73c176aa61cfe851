/**
 * The one search of the catalog (ADR 0205): products and services from the `search_items` index
 * (kept by triggers in the writers' transactions, migration 0018), ranked by relevance, corrected
 * for typos against the catalog's own words, widened by the admin's synonyms (ADR 0206), with
 * disjunctive facet counts. The search page, `GET /api/search`, the suggestions and the
 * `search=` of the product and service listings all go through `planSearch`.
 */
import { koboToNaira, type SearchFacets, type SearchItem, type SearchParams, type SearchSort, type Suggestion } from "@market/contract";
import { type SQL, sql } from "drizzle-orm";
import { invalidCursor, parseCursorJson } from "../../lib/cursor.js";
import { type CompiledSearch, type QNode, type RankQuery, runSearch, suggestItems } from "./engine.js";
import { FACET_SERVICE, type IndexData, type SearchIndex, type WordFacts } from "./memory-index.js";
import {
  applySynonyms,
  type Clause,
  editDistance,
  normalize,
  type ParsedQuery,
  parseQuery,
  type Term,
  typosAllowed,
  wordsOf,
} from "./query.js";

/** The text search configuration of the index: unaccent, then English stems (migration 0018). */
const CONFIG = sql.raw("'market_search'");
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
 * something.
 */
const SOME_WORDS_BELOW = 24;
/** Deepest offset a cursor may name (relevance is paged by position). */
const MAX_OFFSET = 10_000;
/** Typo candidates: trigram similarity at least this (pg_trgm's default `%` threshold), the 20 most similar. */
const TRIGRAM_THRESHOLD = 0.3;
const TYPO_CANDIDATES = 20;

/** One alternative of a clause: a word, or words in that order. */
type PlanTerm = { words: string[]; phrase: boolean };

/** A planned query (the words already widened by prefixes, corrections and synonyms). */
export type SearchPlan = {
  /** Each clause's alternatives: an item matches the query when it matches every clause. */
  clauses: PlanTerm[][];
  excluded: PlanTerm[];
  /** The words as typed, without prefix or correction (ranks exact above typo and prefix); null when nothing widened them. */
  exact: PlanTerm[] | null;
  /** The plain words as one phrase (ranks the exact phrase first), null under two words. */
  phrase: string[] | null;
  /** The query with its corrections, or null when nothing was corrected. */
  didYouMean: string | null;
};

const exactTerm = (t: Term): PlanTerm => ({ words: t.words, phrase: t.phrase });

/** The trigrams of a word as pg_trgm counts them (two spaces before, one after). */
function trigrams(w: string): Set<string> {
  const s = `  ${w} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= s.length; i++) out.add(s.slice(i, i + 3));
  return out;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / (a.size + b.size - both);
}

/**
 * What the catalog's lexicon says of a query word (`WordFacts`), remembered per lexicon. A word is
 * known when a catalog word begins with it or has its stem; a word of 5 letters or more the catalog
 * does not know is corrected to the catalog words within the typo rule (`typosAllowed`), found
 * among the most similar by trigrams, nearest first.
 */
function wordFacts(d: IndexData, w: string, lexemes: string[]): WordFacts {
  const memo = d.factsMemo.get(w);
  if (memo) return memo;
  const words = d.words;
  const from = d.lowerBound(w);
  const completions: string[] = [];
  for (let i = from; i < words.length && words[i]!.startsWith(w); i++) if (words[i]!.length > w.length) completions.push(words[i]!);
  completions.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  const known = (from < words.length && words[from]!.startsWith(w)) || lexemes.some((l) => d.stems.has(l));
  let corrections: string[] = [];
  if (!known && w.length >= 5 && !/[0-9]/.test(w)) {
    const max = typosAllowed(w.length);
    const mine = trigrams(w);
    corrections = words
      .filter((c) => Math.abs(c.length - w.length) <= max + 2)
      .map((c) => ({ c, sim: similarity(mine, trigrams(c)) }))
      .filter((x) => x.sim >= TRIGRAM_THRESHOLD)
      .sort((a, b) => b.sim - a.sim || (a.c < b.c ? -1 : 1))
      .slice(0, TYPO_CANDIDATES)
      .map((x) => ({ c: x.c, d: editDistance(w, x.c, max) }))
      .filter((x) => x.d <= max)
      .sort((a, b) => a.d - b.d)
      .map((x) => x.c)
      .slice(0, 3);
  }
  const facts = { known, corrections, completions: completions.slice(0, COMPLETIONS) };
  if (d.factsMemo.size > 50_000) d.factsMemo.clear();
  d.factsMemo.set(w, facts);
  return facts;
}

/**
 * Plan the search of `text`: parse it, apply the synonym groups, look its words up in the
 * catalog's lexicon (corrections for unknown words, completions of prefixes). Also returns the
 * lexemes of every word the plan holds, for `compile`.
 */
async function planSearch(
  index: SearchIndex,
  d: IndexData,
  text: string,
  synonyms: readonly (readonly string[])[],
  correct = true,
): Promise<{ plan: SearchPlan; lexemes: Map<string, string[]> }> {
  const parsed: ParsedQuery = parseQuery(text);
  const { clauses } = applySynonyms(parsed, synonyms);
  const typed = new Set<string>();
  for (const c of clauses) for (const t of c.alts) for (const w of t.words) typed.add(w);
  for (const t of parsed.excluded) for (const w of t.words) typed.add(w);
  const lexemes = await index.lexemes(d, typed);
  const facts = new Map<string, WordFacts>();
  for (const c of clauses)
    if (!c.synonym)
      for (const t of c.alts)
        if (!t.phrase && !/^[0-9]+$/.test(t.words[0]!)) facts.set(t.words[0]!, wordFacts(d, t.words[0]!, lexemes.get(t.words[0]!)!));
  const lastWord = clauses.at(-1)?.alts.at(-1)?.words.at(-1);
  let corrected = false;
  // Did a prefix, a correction or a synonym widen the words? Only then is "exact" worth ranking by.
  let widened = clauses.some((c) => c.synonym);

  const matchTerms = (t: Term, synonym: boolean): PlanTerm[] => {
    if (t.phrase || synonym) return [exactTerm(t)];
    const w = t.words[0]!;
    const alts = [w];
    const f = facts.get(w);
    if (w.length >= PREFIX_MIN || (w === lastWord && w.length >= 2)) alts.push(...(f?.completions ?? []));
    if (correct && f && !f.known && f.corrections.length) {
      corrected = true;
      alts.push(...f.corrections);
    }
    if (alts.length > 1) widened = true;
    return alts.map((a) => ({ words: [a], phrase: false }));
  };
  const planned = clauses.map((c: Clause & { synonym?: true }) => c.alts.flatMap((t) => matchTerms(t, !!c.synonym)));
  // Words added by completion and correction are catalog words: their lexemes are in the lexicon.
  for (const c of planned) for (const t of c) for (const w of t.words) if (!lexemes.has(w)) lexemes.set(w, d.wordLexemes.get(w) ?? []);
  const plain = parsed.clauses.every((c) => c.alts.length === 1 && !c.alts[0]!.phrase);
  const corrections = (w: string) => {
    const f = facts.get(w);
    return f && !f.known && f.corrections.length ? f.corrections[0]! : w;
  };
  return {
    plan: {
      clauses: planned,
      excluded: parsed.excluded.map(exactTerm),
      exact: widened ? clauses.flatMap((c) => c.alts.map(exactTerm)) : null,
      phrase: plain && parsed.clauses.length > 1 ? parsed.clauses.map((c) => c.alts[0]!.words[0]!) : null,
      didYouMean: corrected ? rewriteQuery(text, corrections) : null,
    },
    lexemes,
  };
}

/** The tsquery text of a plan's part (for the listings' SQL): every word reduced to letters and digits by query.ts. */
const termText = (t: PlanTerm) => (t.phrase ? `(${t.words.join(" <-> ")})` : t.words[0]!);
const clauseText = (alts: PlanTerm[]) => `(${alts.map(termText).join(" | ")})`;

/** The tsquery text of "every clause, none of the exclusions", or null without any word. */
function allText(plan: SearchPlan): string | null {
  const parts = [...plan.clauses.map(clauseText), ...plan.excluded.map((t) => `!${termText(t)}`)];
  return parts.length ? parts.join(" & ") : null;
}

/**
 * Compile a plan for the in-memory index: each term's words become the index's lexeme ids (stop
 * words dropped as to_tsquery drops them; a phrase keeps its words' distances), and the four
 * ranking queries get their distinct operands and top operator (engine.ts `RankQuery`).
 */
function compile(d: IndexData, plan: SearchPlan, lexemes: Map<string, string[]>): CompiledSearch | null {
  const unknown = new Map<string, number>();
  const idOf = (lexeme: string) => {
    const id = d.lexemeIds.get(lexeme);
    if (id !== undefined) return id;
    // A lexeme no item holds matches nothing but still counts among ts_rank's operands.
    const u = unknown.get(lexeme) ?? -2 - unknown.size;
    unknown.set(lexeme, u);
    return u;
  };
  const termNode = (t: PlanTerm): QNode | null => {
    const lex: number[] = [];
    const off: number[] = [];
    let at = 0;
    for (const w of t.words) {
      const ls = lexemes.get(w) ?? [];
      if (!ls.length) at++;
      for (const l of ls) {
        lex.push(idOf(l));
        off.push(at++);
      }
    }
    if (!lex.length) return null;
    return lex.length === 1 ? { t: "val", lex: lex[0]! } : { t: "phrase", lex, off };
  };
  const join = (t: "and" | "or", kids: (QNode | null)[]): QNode | null => {
    const live = kids.filter((k): k is QNode => k !== null);
    return live.length === 0 ? null : live.length === 1 ? live[0]! : { t, kids: live };
  };
  const opsOf = (n: QNode | null, out: Set<number>): Set<number> => {
    if (!n) return out;
    if (n.t === "val") out.add(n.lex);
    else if (n.t === "phrase") for (const l of n.lex) out.add(l);
    else if (n.t === "not") opsOf(n.kid, out);
    else for (const k of n.kids) opsOf(k, out);
    return out;
  };
  const rankQuery = (root: QNode | null): RankQuery => ({
    root,
    ops: [...opsOf(root, new Set())],
    andRoot: root !== null && (root.t === "and" || root.t === "phrase"),
  });
  const clauses = plan.clauses.map((alts) => {
    const nodes = alts.map(termNode).filter((n): n is QNode => n !== null);
    return nodes.length ? nodes : null;
  });
  const excluded = plan.excluded.map(termNode).filter((n): n is QNode => n !== null);
  if (!plan.clauses.length && !plan.excluded.length) return null;
  const nots = excluded.map((kid): QNode => ({ t: "not", kid }));
  const clauseNodes = clauses.map((c) => (c ? join("or", c) : null));
  const withExcluded = (q: QNode | null) => join("and", [q, ...nots]);
  return {
    clauses,
    excluded,
    all: rankQuery(withExcluded(join("and", clauseNodes))),
    any: plan.clauses.length > 1 ? rankQuery(withExcluded(join("or", clauseNodes))) : null,
    exact: plan.exact ? rankQuery(join("or", plan.exact.map(termNode))) : null,
    phrase: plan.phrase ? rankQuery(termNode({ words: plan.phrase, phrase: true })) : null,
    phraseWords: plan.phrase?.length ?? 0,
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

/** The offset a cursor names (relevance has no stable key to page by: position it is). */
function offsetOf(cursor: string | undefined): number {
  if (!cursor) return 0;
  const v = parseCursorJson(cursor);
  if (!Array.isArray(v) || v.length !== 1 || !Number.isInteger(v[0]) || v[0] < 0 || v[0] > MAX_OFFSET) throw invalidCursor();
  return v[0] as number;
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
export async function search(index: SearchIndex, p: SearchParams, synonyms: readonly (readonly string[])[]): Promise<SearchResult> {
  const offset = offsetOf(p.cursor);
  const d = await index.current();
  const { plan, lexemes } = await planSearch(index, d, p.q, synonyms, p.correct !== false);
  const compiled = compile(d, plan, lexemes);
  const sort: SearchSort = p.sort ?? (compiled ? "relevance" : "newest");
  // Two or more words: the items with all of them; when they are too few to fill a page, the
  // items with some of them follow, as Meilisearch's "last" matching strategy widens a query only
  // when it finds too little (ADR 0226). The choice depends on the query and the filters, never on
  // the page, so paging stays in one list.
  const row = runSearch(d, compiled, p, sort, offset, SOME_WORDS_BELOW);
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
  index: SearchIndex,
  kind: "product" | "service",
  text: string | undefined,
  synonyms: readonly (readonly string[])[],
  idColumn: SQL,
  ownText: SQL | null,
): Promise<SQL | undefined> {
  if (!text?.trim()) return undefined;
  const d = await index.current();
  const all = allText((await planSearch(index, d, text, synonyms)).plan);
  if (!all) return undefined;
  if (ownText) return sql`to_tsvector(${CONFIG}, ${ownText}) @@ to_tsquery(${CONFIG}, ${all})`;
  return sql`${idColumn} in (select s.id from search_items s where s.kind = ${kind} and s.doc @@ to_tsquery(${CONFIG}, ${all}))`;
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
 * matching items, then categories and listed sellers whose name holds what was typed last (case
 * and accents ignored). Each has the page it opens (a seller's: their shop page, ADR 0210).
 */
export async function suggest(index: SearchIndex, text: string, synonyms: readonly (readonly string[])[]): Promise<Suggestion[]> {
  const words = wordsOf(text);
  if (words.join("").length < 2) return [];
  const d = await index.current();
  const { plan, lexemes } = await planSearch(index, d, text, synonyms);
  const compiled = compile(d, plan, lexemes);
  if (!compiled) return [];
  const last = words.at(-1)!;
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const items = suggestItems(d, compiled, SUGGEST_CANDIDATES, SUGGEST_ITEMS).map(
    (s): Suggestion => ({
      type: d.facetOf(s) & FACET_SERVICE ? "service" : "product",
      text: d.names[s]!,
      url: `/product/${d.facetOf(s) & FACET_SERVICE ? "services" : "market-place"}/${d.ids[s]}`,
    }),
  );
  const categories = [...d.categories]
    .filter(([, c]) => normalize(c.name).includes(last))
    .sort((a, b) => byName(a[1].name, b[1].name))
    .slice(0, SUGGEST_OTHERS)
    .map(([id, c]): Suggestion => ({ type: "category", text: c.name, url: `/categories/collections/${c.type}/${id}` }));
  const sellers = [...d.sellers.values()]
    .filter((s) => s.haystack.includes(last))
    .sort((a, b) => byName(a.names, b.names))
    .slice(0, SUGGEST_OTHERS)
    .map((s): Suggestion => ({ type: "seller", text: s.text, url: `/seller/${encodeURIComponent(s.username)}` }));
  return [...items, ...categories, ...sellers];
}
