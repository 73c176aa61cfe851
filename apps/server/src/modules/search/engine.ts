/**
 * The search run over the in-memory index (ADR 0227): match the planned query, rank the matches
 * as PostgreSQL's `ts_rank` ranks them (calc_rank_or and calc_rank_and, weights of RANK_WEIGHTS),
 * count the disjunctive facets and cut the page. The rules are ADR 0205's and 0226's; the planner
 * (search.service.ts) builds the queries.
 */
import { nairaToKobo, type SearchParams, type SearchSort } from "@market/contract";
import { type IndexData, posOf, RANK_WEIGHTS, weightOf } from "./memory-index.js";

/** A compiled query (a tsquery over the index's lexeme ids; -1: a lexeme no item has). */
export type QNode =
  | { t: "val"; lex: number }
  | { t: "phrase"; lex: number[]; off: number[] }
  | { t: "and" | "or"; kids: QNode[] }
  | { t: "not"; kid: QNode };

/**
 * A query as ts_rank sees it: its tree after stop words were taken out, its distinct operands
 * (negated ones included, as PostgreSQL counts them) and whether its top operator is AND or a
 * phrase (calc_rank_and) or not (calc_rank_or). `size`: the number of distinct operands.
 */
export type RankQuery = { root: QNode | null; ops: number[]; andRoot: boolean };

/** Multiplier of an item out of stock: in stock ranks above an equal match out of stock. */
export const OUT_OF_STOCK_FACTOR = 0.5;
/** Multiplier of a verified (blue tick) seller's item: small, it reorders near-equal matches only. */
export const VERIFIED_BOOST = 1.05;
/**
 * Multipliers of a seller's score label (ADR 0208, docs/seller-score.md), copied into the index as
 * `search_items.seller_label`: small, like the blue tick's, so they reorder near-equal matches only.
 * "Fair" and "New seller" are 1: a new seller is not pushed down for being new.
 */
export const SELLER_SCORE_BOOST = { Excellent: 1.08, Good: 1.04 } as const;

const f32 = Math.fround;

/** The absolute term index of `lex` in `slot`'s doc, or -1. */
function termOf(d: IndexData, slot: number, lex: number): number {
  if (lex < 0) return -1;
  let lo = d.termStart.a[slot]!;
  let hi = lo + d.termCount.a[slot]! - 1;
  const lexes = d.termLex.a;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = lexes[mid]!;
    if (v === lex) return mid;
    if (v < lex) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** Does `slot` hold the phrase: each lexeme at the first one's position plus its offset? */
function hasPhrase(d: IndexData, slot: number, lex: number[], off: number[]): boolean {
  const terms = lex.map((l) => termOf(d, slot, l));
  if (terms.some((t) => t < 0)) return false;
  const pos = d.positions.a;
  const t0 = terms[0]!;
  const s0 = d.termPosStart.a[t0]!;
  for (let i = 0; i < d.termPosCount.a[t0]!; i++) {
    const p = posOf(pos[s0 + i]!);
    let all = true;
    for (let k = 1; k < terms.length && all; k++) {
      const t = terms[k]!;
      const want = p + off[k]! - off[0]!;
      const s = d.termPosStart.a[t]!;
      let found = false;
      for (let j = 0; j < d.termPosCount.a[t]!; j++) if (posOf(pos[s + j]!) === want) found = true;
      all = found;
    }
    if (all) return true;
  }
  return false;
}

/** Does `slot` match `node` (tsquery @@)? */
export function matches(d: IndexData, slot: number, node: QNode): boolean {
  switch (node.t) {
    case "val":
      return termOf(d, slot, node.lex) >= 0;
    case "phrase":
      return hasPhrase(d, slot, node.lex, node.off);
    case "and":
      return node.kids.every((k) => matches(d, slot, k));
    case "or":
      return node.kids.some((k) => matches(d, slot, k));
    case "not":
      return !matches(d, slot, node.kid);
  }
}

/** PostgreSQL's word_distance of calc_rank_and. */
function wordDistance(w: number): number {
  if (w > 100) return 1e-30;
  return f32(1.0 / (1.005 + 0.05 * Math.exp(f32(w) / 1.5 - 2)));
}

/** ts_rank(weights, doc, q) of `slot` (calc_rank: and/phrase on top, or otherwise; normalization 0). */
export function rank(d: IndexData, slot: number, q: RankQuery): number {
  if (!q.root || !q.ops.length || !d.termCount.a[slot]) return 0;
  const pos = d.positions.a;
  let res: number;
  if (q.andRoot && q.ops.length >= 2) {
    res = -1;
    const seen: number[] = [];
    for (const lex of q.ops) {
      const t = termOf(d, slot, lex);
      if (t < 0) continue;
      const s = d.termPosStart.a[t]!;
      const n = d.termPosCount.a[t]!;
      for (const u of seen) {
        const su = d.termPosStart.a[u]!;
        const nu = d.termPosCount.a[u]!;
        for (let l = 0; l < n; l++)
          for (let p = 0; p < nu; p++) {
            const a = pos[s + l]!;
            const b = pos[su + p]!;
            const dist = Math.abs(posOf(a) - posOf(b));
            if (!dist) continue;
            const curw = f32(Math.sqrt(RANK_WEIGHTS[weightOf(a)]! * RANK_WEIGHTS[weightOf(b)]! * wordDistance(dist)));
            res = res < 0 ? curw : f32(1.0 - f32(1.0 - res) * f32(1.0 - curw));
          }
      }
      seen.push(t);
    }
  } else {
    res = 0;
    for (const lex of q.ops) {
      const t = termOf(d, slot, lex);
      if (t < 0) continue;
      const s = d.termPosStart.a[t]!;
      const n = d.termPosCount.a[t]!;
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < n; j++) {
        const w = RANK_WEIGHTS[weightOf(pos[s + j]!)]!;
        resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      res = f32(res + (wjm + resj - wjm / ((jm + 1) * (jm + 1))) / 1.64493406685);
    }
    res = f32(res / q.ops.length);
  }
  return res < 0 ? 1e-20 : res;
}

/** The queries of one planned search, compiled (search.service.ts). */
export type CompiledSearch = {
  /** Each clause's alternatives (null: a clause of stop words only, left out as PostgreSQL does). */
  clauses: (QNode[] | null)[];
  /** Excluded words or phrases. */
  excluded: QNode[];
  all: RankQuery;
  /** Null under two clauses. */
  any: RankQuery | null;
  exact: RankQuery | null;
  phrase: RankQuery | null;
};

/** Items matching `c`: those with every clause, or (`some`) with at least one; each with the bit mask of its clauses. */
function matchSlots(
  d: IndexData,
  c: CompiledSearch,
  some: boolean,
  userId: string | undefined,
): { slots: number[]; bits: Map<number, number> | null } {
  const alive = d.alive.a;
  const live = c.clauses.filter((x): x is QNode[] => x !== null);
  const excludedOf = (slot: number) => c.excluded.some((n) => matches(d, slot, n));
  const ownShop = (slot: number) => !userId || d.userIds[slot] === userId;
  if (!live.length) {
    // No positive word: with exclusions, every item without them; otherwise nothing (an empty tsquery matches nothing).
    if (!c.excluded.length) return { slots: [], bits: null };
    const slots: number[] = [];
    for (let s = 0; s < d.size; s++) if (alive[s] && ownShop(s) && !excludedOf(s)) slots.push(s);
    return { slots, bits: null };
  }
  const bits = new Map<number, number>();
  for (const [ci, alts] of live.entries()) {
    const bit = 1 << ci;
    for (const alt of alts) {
      const lead = alt.t === "val" ? alt.lex : alt.t === "phrase" ? alt.lex[0]! : -1;
      if (lead < 0) continue;
      const post = d.postings[lead]!;
      for (let i = 0; i < post.n; i++) {
        const s = post.slots[i]!;
        if (!alive[s]) continue;
        const had = bits.get(s) ?? 0;
        if (had & bit) continue;
        if (alt.t === "phrase" && !matches(d, s, alt)) continue;
        bits.set(s, had | bit);
      }
    }
  }
  const full = live.length >= 31 ? -1 >>> 0 : (1 << live.length) - 1;
  const slots: number[] = [];
  for (const [s, b] of bits) {
    if (!(some ? b !== 0 : b >>> 0 === full)) continue;
    if (!ownShop(s) || (c.excluded.length && excludedOf(s))) continue;
    slots.push(s);
  }
  return { slots, bits };
}

/** Bits of the filters, in the order of FILTERS. */
const F = { kind: 1, category: 2, price: 4, state: 8, rating: 16, verified: 32, inStock: 64, options: 128 } as const;

type OptionGroup = { name: string; keys: Set<string> };

/** The search's filters over slots: the mask of those `slot` fails. */
function filterOf(d: IndexData, p: SearchParams): { mask: (slot: number) => number; any: boolean; groups: OptionGroup[] } {
  let [lo, hi] = [p.min_price, p.max_price];
  if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
  const loK = lo === undefined ? 0 : nairaToKobo(lo);
  const hiK = hi === undefined ? Number.MAX_SAFE_INTEGER : nairaToKobo(hi);
  const kinds = p.kind?.length ? new Set<number>(p.kind.map((k) => (k === "service" ? 1 : 0))) : null;
  const cats = p.category_id?.length ? new Set(p.category_id) : null;
  const states = p.state?.length ? new Set(p.state) : null;
  const price = lo !== undefined || hi !== undefined;
  const minRating = p.min_rating;
  const groupMap = new Map<string, Set<string>>();
  for (const o of p.option ?? []) {
    const name = o.name.toLowerCase();
    const keys = groupMap.get(name) ?? new Set<string>();
    keys.add(`${name}\u001f${o.value.toLowerCase()}`);
    groupMap.set(name, keys);
  }
  const groups = [...groupMap].map(([name, keys]) => ({ name, keys }));
  const anyFilter = !!(kinds || cats || states || price || minRating || p.verified || p.in_stock || groups.length);
  const mask = (s: number): number => {
    let m = 0;
    if (kinds && !kinds.has(d.kind.a[s]!)) m |= F.kind;
    if (cats && !cats.has(d.categoryIds[s]!)) m |= F.category;
    if (price) {
      const v = d.price[s]!;
      if (!(v >= loK && v <= hiK)) m |= F.price;
    }
    if (states && !states.has(d.states[s]!)) m |= F.state;
    if (minRating && !(d.stars[s]! >= minRating)) m |= F.rating;
    if (p.verified && !(d.flags.a[s]! & 2)) m |= F.verified;
    if (p.in_stock && !(d.flags.a[s]! & 1)) m |= F.inStock;
    if (groups.length) {
      const keys = d.optionKeys[s]!;
      for (const g of groups)
        if (!keys.some((k) => g.keys.has(k))) {
          m |= F.options;
          break;
        }
    }
    return m;
  };
  return { mask, any: anyFilter, groups };
}

/** Most options, and values of each, the option facet lists. */
const OPTION_FACETS = 10;
const OPTION_VALUES = 30;
/** Categories the category facet lists at most. */
const CATEGORY_FACETS = 30;

const byCountThen =
  <T extends { count: number }>(key: (x: T) => string) =>
  (a: T, b: T) =>
    b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);

export type EngineItem = {
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
};

export type EngineResult = {
  items: EngineItem[];
  total: number;
  kind: { value: string; count: number }[];
  category: { _id: string; name: string; count: number }[];
  state: { value: string; count: number }[];
  rating4: number;
  rating3: number;
  verified: number;
  in_stock: number;
  price_min: number | null;
  price_max: number | null;
  options: { name: string; values: { value: string; count: number }[] }[];
};

/** Relevance score of `slot` (ADR 0205): the match's rank, plus the words as typed, plus twice the phrase; times its multipliers. */
export function scoreOf(d: IndexData, slot: number, c: CompiledSearch, byAll: boolean): number {
  const text = byAll || !c.any ? rank(d, slot, c.all) : rank(d, slot, c.any);
  let s = f32(text);
  if (c.exact) s = f32(s + rank(d, slot, c.exact));
  if (c.phrase) s = f32(s + f32(2 * rank(d, slot, c.phrase)));
  const flags = d.flags.a[slot]!;
  let f = f32(s * (flags & 1 ? 1 : OUT_OF_STOCK_FACTOR));
  if (flags & 2) f = f32(f * f32(VERIFIED_BOOST));
  if (flags & 8) f = f32(f * f32(SELLER_SCORE_BOOST.Excellent));
  else if (flags & 4) f = f32(f * f32(SELLER_SCORE_BOOST.Good));
  return f;
}

/** A comparator of slots for `sort` (ties: newest, then id, as the SQL orders did). */
function comparatorOf(
  d: IndexData,
  sort: SearchSort,
  tier: Map<number, number> | null,
  score: Float64Array | null,
  at: Map<number, number> | null,
) {
  const idDesc = (a: number, b: number) => (d.ids[a]! < d.ids[b]! ? 1 : d.ids[a]! > d.ids[b]! ? -1 : 0);
  const newest = (a: number, b: number) => d.created[b]! - d.created[a]! || idDesc(a, b);
  const nullsLast = (x: number, y: number, dir: 1 | -1) =>
    Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : dir * (x - y);
  switch (sort) {
    case "relevance":
      return (a: number, b: number) =>
        (tier ? (tier.get(b) ?? 0) - (tier.get(a) ?? 0) : 0) || (score && at ? score[at.get(b)!]! - score[at.get(a)!]! : 0) || newest(a, b);
    case "newest":
      return newest;
    case "price_asc":
      return (a: number, b: number) => nullsLast(d.price[a]!, d.price[b]!, 1) || -idDesc(a, b);
    case "price_desc":
      return (a: number, b: number) => nullsLast(d.price[a]!, d.price[b]!, -1) || -idDesc(a, b);
    case "rating":
      return (a: number, b: number) => nullsLast(d.stars[a]!, d.stars[b]!, -1) || newest(a, b);
  }
}

/** The first `k` of `slots` by `cmp`, in order (a bounded selection: sorting every match costs more). */
function topK(slots: number[], k: number, cmp: (a: number, b: number) => number): number[] {
  if (slots.length <= k * 4) return slots.sort(cmp).slice(0, k);
  // A max-heap (by cmp) of the best k so far: its root is the worst of them.
  const heap: number[] = [];
  const up = (i: number) => {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (cmp(heap[i]!, heap[parent]!) <= 0) return;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  };
  const down = (i: number) => {
    for (;;) {
      const [l, r] = [2 * i + 1, 2 * i + 2];
      let worst = i;
      if (l < heap.length && cmp(heap[l]!, heap[worst]!) > 0) worst = l;
      if (r < heap.length && cmp(heap[r]!, heap[worst]!) > 0) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (const s of slots) {
    if (heap.length < k) {
      heap.push(s);
      up(heap.length - 1);
    } else if (cmp(s, heap[0]!) < 0) {
      heap[0] = s;
      down(0);
    }
  }
  return heap.sort(cmp);
}

/**
 * Run the search: the all-words list, or (two or more clauses and fewer than `someBelow` all-words
 * items under the filters, ADR 0226) the some-words list tiered by clauses matched. `c` null: no
 * word, every item. Returns the page at `offset` and the facets over the list.
 */
export function runSearch(
  d: IndexData,
  c: CompiledSearch | null,
  p: SearchParams,
  sort: SearchSort,
  offset: number,
  someBelow: number,
): EngineResult {
  const filter = filterOf(d, p);
  let list: number[];
  let bits: Map<number, number> | null = null;
  let some = false;
  if (!c) {
    list = [];
    for (let s = 0; s < d.size; s++) if (d.alive.a[s] && (!p.user_id || d.userIds[s] === p.user_id)) list.push(s);
  } else {
    ({ slots: list, bits } = matchSlots(d, c, false, p.user_id));
    if (c.any) {
      let total = 0;
      for (const s of list) if (!filter.mask(s)) total++;
      if (total < someBelow) {
        ({ slots: list, bits } = matchSlots(d, c, true, p.user_id));
        some = true;
      }
    }
  }

  // Facets and the list under every filter, in one pass.
  const passing: number[] = [];
  const kindCounts = [0, 0];
  const catCounts = new Map<number, number>();
  const stateCounts = new Map<number, number>();
  let [rating4, rating3, verified, inStock] = [0, 0, 0, 0];
  let [priceMin, priceMax] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const optionSlots: number[] = [];
  for (const s of list) {
    const m = filter.any ? filter.mask(s) : 0;
    if (m === 0) passing.push(s);
    if ((m & ~F.kind) === 0) kindCounts[d.kind.a[s]!]!++;
    if ((m & ~F.category) === 0) {
      const n = d.categoryNo.a[s]!;
      catCounts.set(n, (catCounts.get(n) ?? 0) + 1);
    }
    if ((m & ~F.state) === 0) {
      const n = d.stateNo.a[s]!;
      stateCounts.set(n, (stateCounts.get(n) ?? 0) + 1);
    }
    if ((m & ~F.rating) === 0) {
      const st = d.stars[s]!;
      if (st >= 4) rating4++;
      if (st >= 3) rating3++;
    }
    if ((m & ~F.verified) === 0 && d.flags.a[s]! & 2) verified++;
    if ((m & ~F.inStock) === 0 && d.flags.a[s]! & 1) inStock++;
    if ((m & ~F.price) === 0) {
      const v = d.price[s]!;
      if (v < priceMin) priceMin = v;
      if (v > priceMax) priceMax = v;
    }
    if ((m & ~F.options) === 0 && d.optionKeys[s]!.length) optionSlots.push(s);
  }

  // The page.
  const k = offset + p.limit;
  let pageSlots: number[];
  if (sort === "relevance" && c) {
    const tier = some && bits ? new Map<number, number>() : null;
    if (tier && bits) for (const s of passing) tier.set(s, popcount(bits.get(s) ?? 0));
    const full = c.clauses.filter((x) => x !== null).length;
    const at = new Map<number, number>();
    const score = new Float64Array(passing.length);
    for (const [i, s] of passing.entries()) {
      at.set(s, i);
      score[i] = scoreOf(d, s, c, !some || (tier?.get(s) ?? 0) === full);
    }
    pageSlots = topK(passing, k, comparatorOf(d, sort, tier, score, at));
  } else pageSlots = topK(passing, k, comparatorOf(d, sort, null, null, null));
  pageSlots = pageSlots.slice(offset, k);

  const categoryName = (id: string) => d.categories.get(id)?.name ?? "";
  return {
    items: pageSlots.map((s) => ({
      id: d.ids[s]!,
      kind: d.kind.a[s] ? "service" : "product",
      name: d.names[s]!,
      price_kobo: Number.isNaN(d.price[s]!) ? null : d.price[s]!,
      image_urls: d.images[s]!,
      category_id: d.categoryIds[s]!,
      category_name: categoryName(d.categoryIds[s]!),
      user_id: d.userIds[s]!,
      count_in_stock: Number.isNaN(d.stock[s]!) ? null : d.stock[s]!,
      stars: Number.isNaN(d.stars[s]!) ? null : d.stars[s]!,
    })),
    total: passing.length,
    kind: (["product", "service"] as const)
      .map((value, i) => ({ value, count: kindCounts[i]! }))
      .filter((x) => x.count > 0)
      .sort(byCountThen((x) => x.value)),
    category: [...catCounts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, CATEGORY_FACETS)
      .map(([n, count]) => ({ _id: d.categoryList[n]!, name: categoryName(d.categoryList[n]!), count }))
      .sort(byCountThen((x) => x.name)),
    state: [...stateCounts]
      .map(([n, count]) => ({ value: d.stateNames[n]!, count }))
      .filter((x) => x.value !== "")
      .sort(byCountThen((x) => x.value)),
    rating4,
    rating3,
    verified,
    in_stock: inStock,
    price_min: priceMin === Number.POSITIVE_INFINITY ? null : priceMin,
    price_max: priceMax === Number.NEGATIVE_INFINITY ? null : priceMax,
    options: optionFacet(d, optionSlots, filter.groups),
  };
}

function popcount(b: number): number {
  let n = 0;
  for (let v = b >>> 0; v; v &= v - 1) n++;
  return n;
}

/**
 * The option facet: per option name, its values' counts over the matches with every filter but the
 * options (`slots`), and with each other selected option applied (disjunctive per option: Size:M
 * stays countable beside Size:S while Colour applies). Ten options by how many values they count,
 * listed by name; up to thirty values each, most common first.
 */
function optionFacet(d: IndexData, slots: number[], groups: OptionGroup[]): EngineResult["options"] {
  type Value = { value: string; count: number };
  const byName = new Map<string, { name: string; values: Map<string, Value>; total: number }>();
  for (const s of slots) {
    const keys = d.optionKeys[s]!;
    const raw = d.options[s]!;
    const passes = groups.map((g) => keys.some((k) => g.keys.has(k)));
    for (const [i, key] of keys.entries()) {
      const sep = key.indexOf("\u001f");
      const lname = key.slice(0, sep);
      if (!groups.every((g, gi) => g.name === lname || passes[gi])) continue;
      const [name, value] = raw[i]!.split("\u001f") as [string, string];
      const entry = byName.get(lname) ?? { name, values: new Map<string, Value>(), total: 0 };
      if (name < entry.name) entry.name = name;
      const lvalue = key.slice(sep + 1);
      const v = entry.values.get(lvalue) ?? { value, count: 0 };
      if (value < v.value) v.value = value;
      v.count++;
      entry.total++;
      entry.values.set(lvalue, v);
      byName.set(lname, entry);
    }
  }
  return [...byName.values()]
    .sort((a, b) => b.total - a.total || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, OPTION_FACETS)
    .sort((a, b) => {
      const [la, lb] = [a.name.toLowerCase(), b.name.toLowerCase()];
      return la < lb ? -1 : la > lb ? 1 : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    })
    .map((o) => ({ name: o.name, values: [...o.values.values()].sort(byCountThen((x) => x.value)).slice(0, OPTION_VALUES) }));
}

/** Suggestions' items: the best `n` of the first `candidates` items with every clause (no filter). */
export function suggestItems(d: IndexData, c: CompiledSearch, candidates: number, n: number): number[] {
  const { slots } = matchSlots(d, c, false, undefined);
  const first = slots.slice(0, candidates);
  const score = new Map(first.map((s) => [s, scoreOf(d, s, c, true)]));
  return first.sort((a, b) => score.get(b)! - score.get(a)! || d.created[b]! - d.created[a]!).slice(0, n);
}
