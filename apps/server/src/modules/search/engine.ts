/**
 * The search run over the in-memory index (ADR 0227): match the planned query, rank the matches
 * as PostgreSQL's `ts_rank` ranks them (calc_rank_or and calc_rank_and, weights of RANK_WEIGHTS),
 * count the disjunctive facets and cut the page. The rules are ADR 0205's and 0226's; the planner
 * (search.service.ts) builds the queries.
 */
import { nairaToKobo, type SearchParams, type SearchSort } from "@market/contract";
import {
  DEAD_SLOT,
  FACET_EXCELLENT,
  FACET_GOOD,
  FACET_IN_STOCK,
  FACET_OPTIONS,
  FACET_SERVICE,
  FACET_STARS_MASK,
  FACET_STARS_SHIFT,
  FACET_STATE_SHIFT,
  FACET_VERIFIED,
  type IndexData,
  OPERAND_COLUMNS,
  posOf,
  RANK_WEIGHTS,
  REC_CATEGORY,
  REC_CREATED,
  REC_PRICE,
  REC_WORD,
  weightOf,
} from "./memory-index.js";

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
const OUT_OF_STOCK_FACTOR = 0.5;
/** Multiplier of a verified (blue tick) seller's item: small, it reorders near-equal matches only. */
const VERIFIED_BOOST = 1.05;
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

/** The doc terms of a phrase's lexemes in one slot (reused: a phrase is checked per slot). */
let phraseTerms = new Int32Array(16);

/** Does `slot` hold the phrase: each lexeme at the first one's position plus its offset? */
function hasPhrase(d: IndexData, slot: number, lex: number[], off: number[]): boolean {
  if (phraseTerms.length < lex.length) phraseTerms = new Int32Array(lex.length);
  const terms = phraseTerms;
  for (let k = 0; k < lex.length; k++) {
    const t = termOf(d, slot, lex[k]!);
    if (t < 0) return false;
    terms[k] = t;
  }
  const pos = d.positions.a;
  const t0 = terms[0]!;
  const s0 = d.termPosStart.a[t0]!;
  for (let i = 0; i < pos[s0 - 1]!; i++) {
    const p = posOf(pos[s0 + i]!);
    let all = true;
    for (let k = 1; k < lex.length && all; k++) {
      const t = terms[k]!;
      const want = p + off[k]! - off[0]!;
      const s = d.termPosStart.a[t]!;
      let found = false;
      for (let j = 0; j < pos[s - 1]! && !found; j++) found = posOf(pos[s + j]!) === want;
      all = found;
    }
    if (all) return true;
  }
  return false;
}

/** Does `slot` match `node` (tsquery @@)? */
function matches(d: IndexData, slot: number, node: QNode): boolean {
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

/** Beyond this distance word_distance is constant (1e-30). */
const FAR = 101;
/**
 * calc_rank_and's weight of a pair of positions, by their weights (0 D ... 3 A) and distance (1 to
 * FAR): computed once, so the pairs' loop reads it instead of calling exp and sqrt per pair.
 */
const PAIR_WEIGHT = (() => {
  const t = new Float64Array(16 * (FAR + 1));
  for (let wa = 0; wa < 4; wa++)
    for (let wb = 0; wb < 4; wb++)
      for (let dist = 1; dist <= FAR; dist++)
        t[(wa * 4 + wb) * (FAR + 1) + dist] = f32(Math.sqrt(RANK_WEIGHTS[wa]! * RANK_WEIGHTS[wb]! * wordDistance(dist)));
  return t;
})();

/**
 * calc_rank_and of PostgreSQL's ts_rank over the doc terms of a slot that are query operands, given
 * by where their positions begin (`starts[0..n)`, in `positions`): every pair of their positions
 * adds its proximity. -1 when no pair (ts_rank then answers 1e-20).
 */
function rankAnd(d: IndexData, starts: Int32Array, n: number): number {
  const pos = d.positions.a;
  let res = -1;
  for (let i = 1; i < n; i++) {
    const s = starts[i]!;
    const ns = pos[s - 1]!;
    for (let j = 0; j < i; j++) {
      const su = starts[j]!;
      const nu = pos[su - 1]!;
      for (let l = 0; l < ns; l++) {
        const a = pos[s + l]!;
        const rowA = weightOf(a) * 4;
        for (let p = 0; p < nu; p++) {
          const b = pos[su + p]!;
          const dist = Math.abs(posOf(a) - posOf(b));
          if (!dist) continue;
          const curw = PAIR_WEIGHT[(rowA + weightOf(b)) * (FAR + 1) + (dist < FAR ? dist : FAR)]!;
          res = res < 0 ? curw : f32(1.0 - f32(1.0 - res) * f32(1.0 - curw));
        }
      }
    }
  }
  return res;
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
  /** How many words the phrase has (0 without one). */
  phraseWords: number;
};

/** Marks of a lexeme in one search: the clauses it matches as a plain word (bits 0-9, query.ts
 * MAX_WORDS), excluded, and the ranks that count it (all, any, exact, phrase). */
const EXCLUDED_BIT = 1 << 30;
const RANK_BITS = [1 << 20, 1 << 21, 1 << 22, 1 << 23] as const;

/** Is the rank of `q` a sum over its operands (calc_rank_or), or calc_rank_and (two or more operands under AND or a phrase)? */
const sums = (q: RankQuery) => !(q.andRoot && q.ops.length >= 2);

/** A search ready to scan docs: its lexemes marked in the scratch (`release` clears them). */
type Prepared = {
  live: QNode[][];
  /** The bits of every clause. */
  full: number;
  /** all, any, exact, phrase. */
  ranks: readonly [RankQuery, RankQuery | null, RankQuery | null, RankQuery | null];
  sum: boolean[];
  /** The phrase's rank is the all-words query's (same operands, both calc_rank_and). */
  phraseIsAll: boolean;
  /** Each word of the phrase is a clause of its own (no synonym merged two of them into one). */
  phrasePerClause: boolean;
  excluded: QNode[];
  excludedPhrases: QNode[];
  /**
   * How many columns of the scratch's `opStart` the operands of the ranks scored by calc_rank_and
   * use, one each (their number in bits 24-26 of their mark), filled by `collect`. 0 when there are
   * none or more than OPERAND_COLUMNS: `andRankOf` then looks them up in the doc instead.
   */
  columnCount: number;
  /**
   * The scratch's rank sums (rank k's of the slot reached at place r at k * stride + r), operand
   * columns (column c's at c * stride + r) and lexeme marks (read per scored slot).
   */
  acc: Float64Array;
  opStart: Int32Array;
  stride: number;
  lexMark: Int32Array;
  release: () => void;
};

function prepare(d: IndexData, c: CompiledSearch): Prepared {
  const { lexMark, acc, opStart, tier } = d.scratch();
  const marked: number[] = [];
  const markLex = (lex: number, bit: number) => {
    if (lex < 0) return;
    if (!lexMark[lex]) marked.push(lex);
    lexMark[lex]! |= bit;
  };
  const live = c.clauses.filter((x): x is QNode[] => x !== null);
  // Phrase alternatives are matched by `collect` from `live`.
  for (const [ci, alts] of live.entries()) for (const alt of alts) if (alt.t === "val") markLex(alt.lex, 1 << ci);
  const excludedPhrases: QNode[] = [];
  for (const x of c.excluded) {
    if (x.t === "val") markLex(x.lex, EXCLUDED_BIT);
    else excludedPhrases.push(x);
  }
  const ranks = [c.all, c.any, c.exact, c.phrase] as const;
  for (const [k, q] of ranks.entries()) if (q) for (const lex of q.ops) markLex(lex, RANK_BITS[k]!);
  const sum = ranks.map((q) => q === null || sums(q));
  const andOps = new Set(ranks.flatMap((q, k) => (q && !sum[k] ? q.ops.filter((lex) => lex >= 0) : [])));
  const columns = andOps.size > 0 && andOps.size <= OPERAND_COLUMNS;
  if (columns) for (const [i, lex] of [...andOps].entries()) markLex(lex, (i + 1) << COLUMN_SHIFT);
  return {
    live,
    full: (1 << live.length) - 1,
    ranks,
    sum,
    columnCount: columns ? andOps.size : 0,
    phrasePerClause: c.phraseWords === c.clauses.length,
    phraseIsAll:
      c.phrase !== null &&
      !sums(c.all) &&
      !sums(c.phrase) &&
      c.all.ops.length === c.phrase.ops.length &&
      c.all.ops.every((l) => c.phrase!.ops.includes(l)),
    excluded: c.excluded,
    excludedPhrases,
    acc,
    opStart,
    stride: tier.length,
    lexMark,
    release: () => {
      for (const lex of marked) lexMark[lex] = 0;
    },
  };
}

/** The clauses' bits of a lexeme mark and of a reached place's `placeBits`. */
const CLAUSE_BITS = (1 << 10) - 1;
/** Where a lexeme's mark holds its `opStart` column plus one (0: none). */
const COLUMN_SHIFT = 24;
/**
 * ts_rank by calc_rank_and of `slot` (reached at place `r`) for the rank `k`: its terms among the rank's operands, paired
 * in the operands' order (up to 8) or the doc's (more): the order of the 32-bit sums. Where their
 * positions begin comes from the operands' columns (`collect` wrote them); without columns, a few
 * operands are looked up in the doc, or the doc's terms are read once for many.
 */
function andRankOf(d: IndexData, slot: number, r: number, prep: Prepared, k: number): number {
  const ops = prep.ranks[k]!.ops;
  let n = 0;
  if (prep.columnCount) {
    for (const lex of ops) {
      if (lex < 0) continue;
      const at = prep.opStart[(((prep.lexMark[lex]! >>> COLUMN_SHIFT) & 7) - 1) * prep.stride + r]!;
      if (at) pairStarts[n++] = at;
    }
  } else if (ops.length <= 8) {
    for (const lex of ops) {
      const t = termOf(d, slot, lex);
      if (t >= 0) pairStarts[n++] = d.termPosStart.a[t]!;
    }
  } else {
    const mark = prep.lexMark;
    const lexes = d.termLex.a;
    const start = d.termStart.a[slot]!;
    const end = start + d.termCount.a[slot]!;
    for (let t = start; t < end; t++) if (mark[lexes[t]!]! & RANK_BITS[k]! && n < pairStarts.length) pairStarts[n++] = d.termPosStart.a[t]!;
  }
  return n < 2 ? -1 : rankAnd(d, pairStarts, n);
}
const pairStarts = new Int32Array(64);

/** ts_rank of `slot` (reached at place `r`) for the rank `k` (0 all, 1 any, 2 exact, 3 phrase): summed by `collect`, or by calc_rank_and. */
function rankOf(d: IndexData, slot: number, r: number, prep: Prepared, k: number): number {
  const q = prep.ranks[k];
  // A slot scored was reached through its words: its doc is never empty (ts_rank's 0).
  if (!q?.root || !q.ops.length) return 0;
  const res = prep.sum[k] ? f32(prep.acc[k * prep.stride + r]! / q.ops.length) : andRankOf(d, slot, r, prep, k);
  return res < 0 ? 1e-20 : res;
}

/**
 * Relevance score of `slot`, reached at place `r` (ADR 0205): its match's rank (by the all-words query when `byAll`, else
 * the some-words one), plus the words as typed, plus twice the phrase; times its multipliers (stock,
 * blue tick, seller score label: `flags`, its facet word).
 */
function scoreOf(d: IndexData, slot: number, r: number, prep: Prepared, byAll: boolean, clauses: number, flags: number): number {
  const all = byAll || !prep.ranks[1] ? rankOf(d, slot, r, prep, 0) : 0;
  let s = byAll || !prep.ranks[1] ? all : rankOf(d, slot, r, prep, 1);
  if (prep.ranks[2]) s = f32(s + rankOf(d, slot, r, prep, 2));
  // The phrase's words are the typed words, each its own clause: an item with one clause holds at
  // most one of them, and calc_rank_and finds no pair (1e-20).
  if (prep.ranks[3]) {
    // The phrase ranks by calc_rank_and like the all-words query: when their operands are the same
    // (plain words, nothing widened them), so is their rank.
    const phrase =
      clauses < 2 && !prep.sum[3] && prep.phrasePerClause ? 1e-20 : prep.phraseIsAll && byAll ? all : rankOf(d, slot, r, prep, 3);
    s = f32(s + f32(2 * phrase));
  }
  let f = f32(s * (flags & FACET_IN_STOCK ? 1 : OUT_OF_STOCK_FACTOR));
  if (flags & FACET_VERIFIED) f = f32(f * f32(VERIFIED_BOOST));
  if (flags & FACET_EXCELLENT) f = f32(f * f32(SELLER_SCORE_BOOST.Excellent));
  else if (flags & FACET_GOOD) f = f32(f * f32(SELLER_SCORE_BOOST.Good));
  return f;
}

/** Places `collect` zeroes at a time ahead of those it reaches. */
const ZERO_BLOCK = 1024;

/** No limit on the slots `collect` reaches (a small integer: a comparison with Infinity would slow its loop). */
const NO_LIMIT = 0x3fffffff;

/** The lexeme a match of `alt` needs (a phrase's first), or -1. */
const leadOf = (alt: QNode) => (alt.t === "val" ? alt.lex : alt.t === "phrase" ? alt.lex[0]! : -1);

/**
 * Reach the slots that can match, in one pass over posting lists. The slots reached are listed in
 * the order reached, and what the pass learns of each is kept by its place in that list (dense:
 * a search's working set stays small, and is read in order afterwards): its clause bits and
 * exclusion in `placeBits`, the summing ranks' contributions in `acc`, its operands' positions in
 * `opStart`; `placeOf` maps a slot to its place. With `some`, every clause's words reach slots;
 * otherwise only those of the clause with the shortest lists (the others only mark the slots it
 * reached: a word in every description is read, never collected). Returns the slots reached.
 */
function collect(d: IndexData, prep: Prepared, some: boolean, limit = NO_LIMIT): Int32Array {
  const { placeOf, placeBits: bits, acc, lexMark, opStart, touched: reached, reachedMap } = d.scratch();
  const stride = prep.stride;
  const postPos = d.postPos.a;
  let n = 0;
  const cost = (alts: QNode[]) => alts.reduce((sum, alt) => sum + (leadOf(alt) >= 0 ? d.postCount.a[leadOf(alt)]! : 0), 0);
  const slots = d.postSlots.a;
  const contribs = d.postContrib.a;
  let driver = 0;
  for (let i = 1; i < prep.live.length; i++) if (cost(prep.live[i]!) < cost(prep.live[driver]!)) driver = i;
  const visited = new Set<number>();
  // The "any" rank orders only the some-words list (scoreOf): it is not summed for the all-words one.
  const summed = [prep.sum[0], prep.sum[1] && some, prep.sum[2], prep.sum[3]];
  // What this pass reads of a place it reached (its rank sums, its operand columns): zeroed ahead
  // of the places reached, a block at a time (a memset, not a store per column per place).
  const fresh = [
    ...[0, 1, 2, 3].filter((k) => summed[k] && prep.ranks[k]).map((k) => k * stride),
    ...Array.from({ length: prep.columnCount }, (_, c) => c * stride),
  ];
  const sumsFresh = fresh.length - prep.columnCount;
  let zeroed = 0;
  const zeroAhead = () => {
    const end = Math.min(zeroed + ZERO_BLOCK, stride);
    for (let z = 0; z < fresh.length; z++) (z < sumsFresh ? acc : opStart).fill(0, fresh[z]! + zeroed, fresh[z]! + end);
    zeroed = end;
  };
  // One bit per slot reached by this pass, the only record of it: a slot not in it was not
  // reached, whatever its `placeOf` still holds from an earlier pass (nothing clears the scratch
  // after a search). It is small enough to stay in the nearest cache: a word that only marks
  // reached slots skips the others without reading their `placeOf`.
  reachedMap.fill(0);
  const reach = (s: number, r: number, mark: number) => {
    if (r >= zeroed) zeroAhead();
    reached[r] = s;
    placeOf[s] = r;
    bits[r] = mark;
    reachedMap[s >>> 5]! |= 1 << (s & 31);
  };
  const visit = (lex: number, open: boolean) => {
    if (lex < 0 || visited.has(lex)) return;
    visited.add(lex);
    const start = d.postStart.a[lex]!;
    const end = start + d.postCount.a[lex]!;
    const m = lexMark[lex]!;
    const mark = m & (CLAUSE_BITS | EXCLUDED_BIT);
    // Which ranks this lexeme adds to: plain flags, so the loop below stays a tight one.
    const [a0, a1, a2, a3] = [0, 1, 2, 3].map((k) => !!(m & RANK_BITS[k]!) && summed[k]!) as [boolean, boolean, boolean, boolean];
    const adds = a0 || a1 || a2 || a3;
    // An operand of a calc_rank_and rank: where its positions are, in its column (andRankOf).
    const column = prep.columnCount ? ((m >>> COLUMN_SHIFT) & 7) - 1 : -1;
    const colAt = column * stride;
    let count = n;
    for (let i = start; i < end; i++) {
      const s = slots[i]!;
      let r: number;
      if (reachedMap[s >>> 5]! & (1 << (s & 31))) {
        r = placeOf[s]!;
        bits[r] = bits[r]! | mark;
      } else if (open && count < limit && placeOf[s] !== DEAD_SLOT) {
        r = count++;
        reach(s, r, mark);
      } else continue;
      if (adds) {
        const c = contribs[i]!;
        if (a0) acc[r] = acc[r]! + c;
        if (a1) acc[stride + r] = acc[stride + r]! + c;
        if (a2) acc[2 * stride + r] = acc[2 * stride + r]! + c;
        if (a3) acc[3 * stride + r] = acc[3 * stride + r]! + c;
      }
      if (column >= 0) opStart[colAt + r] = postPos[i]!;
    }
    n = count;
  };
  const phraseVisit = (bit: number, node: QNode, open: boolean) => {
    if (open) {
      const start = d.postStart.a[leadOf(node)]!;
      const end = start + d.postCount.a[leadOf(node)]!;
      for (let i = start; i < end; i++) {
        const s = slots[i]!;
        const reachedBefore = (reachedMap[s >>> 5]! & (1 << (s & 31))) !== 0;
        const r = placeOf[s]!;
        if ((reachedBefore ? bits[r]! & bit : r === DEAD_SLOT) || !matches(d, s, node)) continue;
        if (reachedBefore) bits[r] = bits[r]! | bit;
        else reach(s, n++, bit);
      }
    } else for (let r = 0; r < n; r++) if (!(bits[r]! & bit) && matches(d, reached[r]!, node)) bits[r] = bits[r]! | bit;
  };
  const openClauses = some ? prep.live.map((_, i) => i) : [driver];
  for (const ci of openClauses)
    for (const alt of prep.live[ci]!)
      if (alt.t === "val") visit(alt.lex, true);
      else if (leadOf(alt) >= 0) phraseVisit(1 << ci, alt, true);
  for (const [ci, alts] of prep.live.entries()) {
    if (openClauses.includes(ci)) continue;
    for (const alt of alts)
      if (alt.t === "val") visit(alt.lex, false);
      else if (leadOf(alt) >= 0) phraseVisit(1 << ci, alt, false);
  }
  // Words that only rank or exclude.
  for (const [k, q] of prep.ranks.entries())
    if (q && (summed[k] || (prep.columnCount && !prep.sum[k]))) for (const lex of q.ops) visit(lex, false);
  for (const x of prep.excluded) if (x.t === "val") visit(x.lex, false);
  const touched = reached.subarray(0, n);
  for (const x of prep.excludedPhrases) for (let r = 0; r < n; r++) if (matches(d, touched[r]!, x)) bits[r] = bits[r]! | EXCLUDED_BIT;
  return touched;
}

/**
 * The slots with every clause (`some`: at least one) and no excluded word, in `userId`'s shop if
 * given, with the place in `collect`'s list where each was reached (`reach`), and
 * `rate(slot, reach, at, flags)`, which writes a listed slot's tier (clauses matched, with `some`)
 * and relevance into the scratch's `tier` and `score` at `at` (the slot's place in the caller's
 * list: dense, read in order). All hold until the next `matchList`.
 */
function matchList(d: IndexData, prep: Prepared, some: boolean, userId: string | undefined, limit = NO_LIMIT): Matched {
  const { placeBits: bits, tier, score, list: out, listReach } = d.scratch();
  const reached = collect(d, prep, some, limit);
  const fullCount = popcount(prep.full);
  let n = 0;
  for (let r = 0; r < reached.length; r++) {
    const s = reached[r]!;
    const b = bits[r]!;
    const cb = b & prep.full;
    if (b & EXCLUDED_BIT || (some ? cb === 0 : cb !== prep.full)) continue;
    if (userId && d.userIds[s] !== userId) continue;
    listReach[n] = r;
    out[n++] = s;
  }
  const rate = (s: number, r: number, at: number, flags: number) => {
    // Every slot of the all-words list has every clause.
    const t = some ? popcount(bits[r]! & prep.full) : fullCount;
    tier[at] = some ? t : 0;
    score[at] = scoreOf(d, s, r, prep, t === fullCount, t, flags);
  };
  return { list: out.subarray(0, n), reach: listReach.subarray(0, n), rate };
}

/** A list of matches, where `collect` reached each, and how to rate them (`matchList`). */
type Matched = {
  list: Int32Array;
  reach: Int32Array;
  rate: (slot: number, reach: number, at: number, flags: number) => void;
};

/** Bits of the filters, in the order of FILTERS. */
const F = { kind: 1, category: 2, price: 4, state: 8, rating: 16, verified: 32, inStock: 64, options: 128 } as const;

type OptionGroup = { name: string; keys: Set<string> };

/** The search's filters over slots: the mask of those `slot` fails. */
function filterOf(d: IndexData, p: SearchParams): { mask: (slot: number) => number; any: boolean; groups: OptionGroup[] } {
  let [lo, hi] = [p.min_price, p.max_price];
  if (lo !== undefined && hi !== undefined && lo > hi) [lo, hi] = [hi, lo];
  const loK = lo === undefined ? 0 : nairaToKobo(lo);
  const hiK = hi === undefined ? Number.MAX_SAFE_INTEGER : nairaToKobo(hi);
  const kinds = p.kind?.length ? new Set<number>(p.kind.map((k) => (k === "service" ? FACET_SERVICE : 0))) : null;
  // Categories and states as their numbers in the index (a typed lookup per slot, not a string's):
  // ids as PostgreSQL prints uuids (lower case), the API accepts either case, as `::uuid` did.
  const numbersOf = (values: string[] | undefined, numbers: Map<string, number>, size: number) => {
    if (!values?.length) return null;
    const ok = new Uint8Array(size);
    for (const v of values) {
      const no = numbers.get(v);
      if (no !== undefined) ok[no] = 1;
    }
    return ok;
  };
  const cats = numbersOf(
    p.category_id?.map((id) => id.toLowerCase()),
    d.categoryNoOf,
    d.categoryList.length,
  );
  const states = numbersOf(p.state, d.stateNoOf, d.stateNames.length);
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
  const [rec, rec64] = [d.facetI32, d.facetF64];
  const mask = (s: number): number => {
    let m = 0;
    const w = rec[8 * s + REC_WORD]!;
    if (kinds && !kinds.has(w & FACET_SERVICE)) m |= F.kind;
    if (cats && !cats[rec[8 * s + REC_CATEGORY]!]) m |= F.category;
    if (price) {
      const v = rec64[4 * s + REC_PRICE]!;
      if (!(v >= loK && v <= hiK)) m |= F.price;
    }
    if (states && !states[w >>> FACET_STATE_SHIFT]) m |= F.state;
    if (minRating && !(((w >>> FACET_STARS_SHIFT) & FACET_STARS_MASK) >= minRating)) m |= F.rating;
    if (p.verified && !(w & FACET_VERIFIED)) m |= F.verified;
    if (p.in_stock && !(w & FACET_IN_STOCK)) m |= F.inStock;
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

/** What the relevance order reads of each place in a list of slots: its tier, score and creation time (ms). */
type Places = { slots: Int32Array; tier: Int32Array; score: Float64Array; created: Float64Array };

/**
 * A comparator of slots for `sort` (ties: newest, then id, as the SQL orders did). By relevance,
 * with `places`, it compares places in `places.slots` instead (without, every slot ties: newest).
 */
function comparatorOf(d: IndexData, sort: SearchSort, places: Places | null) {
  const idDesc = (a: number, b: number) => (d.ids[a]! < d.ids[b]! ? 1 : d.ids[a]! > d.ids[b]! ? -1 : 0);
  const newest = (a: number, b: number) => d.createdOf(b) - d.createdOf(a) || idDesc(a, b);
  const nullsLast = (x: number, y: number, dir: 1 | -1) =>
    Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : Number.isNaN(y) ? -1 : dir * (x - y);
  switch (sort) {
    case "relevance": {
      if (!places) return newest;
      const { slots, tier, score, created } = places;
      return (a: number, b: number) =>
        tier[b]! - tier[a]! || score[b]! - score[a]! || created[b]! - created[a]! || idDesc(slots[a]!, slots[b]!);
    }
    case "newest":
      return newest;
    case "price_asc":
      return (a: number, b: number) => nullsLast(d.priceOf(a), d.priceOf(b), 1) || -idDesc(a, b);
    case "price_desc":
      return (a: number, b: number) => nullsLast(d.priceOf(a), d.priceOf(b), -1) || -idDesc(a, b);
    case "rating":
      return (a: number, b: number) => nullsLast(d.starsOf(a), d.starsOf(b), -1) || newest(a, b);
  }
}

/** The first `k` of `slots` by `cmp`, in order (a bounded selection: sorting every match costs more). */
function topK(slots: Int32Array, k: number, cmp: (a: number, b: number) => number): number[] {
  if (slots.length <= k * 4) return Array.from(slots).sort(cmp).slice(0, k);
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
  const relevance = sort === "relevance";
  const userId = p.user_id?.toLowerCase();
  if (!c?.clauses.some((x) => x !== null)) {
    // No word (every item), or no positive word: with exclusions every item without them (all of
    // them ranked 0), else nothing (an empty tsquery matches nothing).
    const { list: all } = d.scratch();
    let n = 0;
    if (!c || c.excluded.length)
      for (let s = 0; s < d.size; s++)
        if (d.alive.a[s] && (!userId || d.userIds[s] === userId) && !c?.excluded.some((x) => matches(d, s, x))) all[n++] = s;
    return resultOf(d, all.subarray(0, n), filter, p, sort, offset, null);
  }
  const prep = prepare(d, c);
  let matched = matchList(d, prep, false, userId);
  try {
    if (c.any) {
      // Only whether `someBelow` all-words items pass the filters: counting stops there.
      let total = filter.any ? 0 : matched.list.length;
      if (filter.any) for (let i = 0; i < matched.list.length && total < someBelow; i++) if (!filter.mask(matched.list[i]!)) total++;
      if (total < someBelow) matched = matchList(d, prep, true, userId);
    }
    return resultOf(d, matched.list, filter, p, sort, offset, relevance ? matched : null);
  } finally {
    prep.release();
  }
}

/** A listed item as the answer carries it. */
function itemOf(d: IndexData, s: number, categoryName: (id: string) => string): EngineItem {
  const [price, stock, stars] = [d.priceOf(s), d.stock[s]!, d.starsOf(s)];
  return {
    id: d.ids[s]!,
    kind: d.facetOf(s) & FACET_SERVICE ? "service" : "product",
    name: d.names[s]!,
    price_kobo: Number.isNaN(price) ? null : price,
    image_urls: d.images[s]!,
    category_id: d.categoryIds[s]!,
    category_name: categoryName(d.categoryIds[s]!),
    user_id: d.userIds[s]!,
    count_in_stock: Number.isNaN(stock) ? null : stock,
    stars: Number.isNaN(stars) ? null : stars,
  };
}

/**
 * One pass over the list: the slots passing every filter (with where `collect` reached each, when
 * `reach` is given), and each facet's counts over the slots passing every filter but its own
 * (disjunctive).
 */
function countFacets(d: IndexData, list: Int32Array, reach: Int32Array | null, filter: ReturnType<typeof filterOf>) {
  const { passing: out, placeWord, placeCreated, placeReach } = d.scratch();
  let n = 0;
  const kindCounts = [0, 0];
  const catCounts = new Int32Array(d.categoryList.length);
  const stateCounts = new Int32Array(d.stateNames.length);
  let [rating4, rating3, verified, inStock] = [0, 0, 0, 0];
  let [priceMin, priceMax] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  const optionSlots: number[] = [];
  // Every slot's fields from its one record (facetI32, facetF64).
  const [rec, rec64] = [d.facetI32, d.facetF64];
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    const m = filter.any ? filter.mask(s) : 0;
    const w = rec[8 * s + REC_WORD]!;
    if (m === 0) {
      // What scoring and ordering will read of it, by place: read in order, not scattered by slot.
      placeWord[n] = w;
      placeCreated[n] = rec64[4 * s + REC_CREATED]!;
      if (reach) placeReach[n] = reach[i]!;
      out[n++] = s;
    }
    if ((m & ~F.kind) === 0) kindCounts[w & FACET_SERVICE ? 1 : 0]!++;
    if ((m & ~F.category) === 0) catCounts[rec[8 * s + REC_CATEGORY]!]!++;
    if ((m & ~F.state) === 0) stateCounts[w >>> FACET_STATE_SHIFT]!++;
    if ((m & ~F.rating) === 0) {
      const st = (w >>> FACET_STARS_SHIFT) & FACET_STARS_MASK;
      if (st >= 4) rating4++;
      if (st >= 3) rating3++;
    }
    if ((m & ~F.verified) === 0 && w & FACET_VERIFIED) verified++;
    if ((m & ~F.inStock) === 0 && w & FACET_IN_STOCK) inStock++;
    if ((m & ~F.price) === 0) {
      const v = rec64[4 * s + REC_PRICE]!;
      if (v < priceMin) priceMin = v;
      if (v > priceMax) priceMax = v;
    }
    if ((m & ~F.options) === 0 && w & FACET_OPTIONS) optionSlots.push(s);
  }
  return {
    passing: out.subarray(0, n),
    kindCounts,
    catCounts,
    stateCounts,
    rating4,
    rating3,
    verified,
    inStock,
    priceMin,
    priceMax,
    optionSlots,
  };
}

/**
 * Facets, total and page of `list`. By relevance, `matched` (whose list `list` is) rates each
 * passing slot into the scratch (null: no word, every item ranks the same, newest first).
 */
function resultOf(
  d: IndexData,
  list: Int32Array,
  filter: ReturnType<typeof filterOf>,
  p: SearchParams,
  sort: SearchSort,
  offset: number,
  matched: Matched | null,
): EngineResult {
  const { passing, kindCounts, catCounts, stateCounts, rating4, rating3, verified, inStock, priceMin, priceMax, optionSlots } = countFacets(
    d,
    list,
    matched?.reach ?? null,
    filter,
  );

  // The page.
  const k = offset + p.limit;
  let pageSlots: number[];
  if (sort === "relevance" && matched) {
    // By place in `passing`: the scores are written and read in order, not scattered by slot.
    const { tier, score, places, placeWord, placeCreated, placeReach } = d.scratch();
    for (let i = 0; i < passing.length; i++) {
      matched.rate(passing[i]!, placeReach[i]!, i, placeWord[i]!);
      places[i] = i;
    }
    const order = comparatorOf(d, sort, { slots: passing, tier, score, created: placeCreated });
    pageSlots = topK(places.subarray(0, passing.length), k, order).map((i) => passing[i]!);
  } else pageSlots = topK(passing, k, comparatorOf(d, sort, null));
  pageSlots = pageSlots.slice(offset, k);

  const categoryName = (id: string) => d.categories.get(id)?.name ?? "";
  return {
    items: pageSlots.map((s) => itemOf(d, s, categoryName)),
    total: passing.length,
    kind: (["product", "service"] as const)
      .map((value, i) => ({ value, count: kindCounts[i]! }))
      .filter((x) => x.count > 0)
      .sort(byCountThen((x) => x.value)),
    category: [...catCounts.entries()]
      .filter(([, count]) => count > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, CATEGORY_FACETS)
      .map(([n, count]) => ({ _id: d.categoryList[n]!, name: categoryName(d.categoryList[n]!), count }))
      .sort(byCountThen((x) => x.name)),
    state: [...stateCounts.entries()]
      .map(([n, count]) => ({ value: d.stateNames[n]!, count }))
      .filter((x) => x.value !== "" && x.count > 0)
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
  if (!c.clauses.some((x) => x !== null)) return [];
  const prep = prepare(d, c);
  try {
    // One clause and no exclusion: every slot reached matches, so reaching the first `candidates` is enough.
    const matched = matchList(d, prep, false, undefined, prep.live.length === 1 && !prep.excluded.length ? candidates : NO_LIMIT);
    const first = Array.from(matched.list.subarray(0, candidates));
    for (const [i, s] of first.entries()) matched.rate(s, matched.reach[i]!, i, d.facetOf(s));
    const { score } = d.scratch();
    return first
      .map((s, i) => ({ s, score: score[i]! }))
      .sort((a, b) => b.score - a.score || d.createdOf(b.s) - d.createdOf(a.s))
      .slice(0, n)
      .map((x) => x.s);
  } finally {
    prep.release();
  }
}
