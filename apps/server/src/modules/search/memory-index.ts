/**
 * The search index held in each store process's memory (ADR 0227): the rows of `search_items`
 * (kept by triggers, ADR 0205) with their weighted words as posting lists, the catalog's lexicon,
 * the categories and the listed sellers. A search reads only memory; PostgreSQL stays the truth.
 *
 * Freshness: every write to the index tables leaves a row in `search_changes` with its transaction
 * id (migration 0026). A sync reads the changes of the transactions its previous read could not
 * see (those that had not begun, and those still in progress, by that statement's snapshot) and
 * re-reads those rows: a transaction that commits late is never skipped, and nothing is read twice
 * however long another transaction stays open.
 * Before answering, a search syncs when the last sync began more than `freshMs` ago or when a cache
 * invalidation (a catalog write in any process, ADR 0100) reached this process since: a shopper sees
 * their own write, and every process sees any write within `freshMs` plus one round trip.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Db } from "../../db/client.js";
import { normalize } from "./query.js";

/** ts_rank's weights by position weight: D (description) 0.1, C (seller) 0.2, B (category) 0.4, A (name) 1.0. */
export const RANK_WEIGHTS = [0.1, 0.2, 0.4, 1.0] as const;
/** Bits of a packed position (as PostgreSQL's WordEntryPos): 14 for the position, 2 for the weight. */
const POS_BITS = 14;
const POS_MASK = (1 << POS_BITS) - 1;
/** The options of a slot without any (shared). */
const NONE: string[] = [];
/** Rows read per statement while loading. */
const LOAD_BATCH = 20_000;
/**
 * Rows indexed between two turns of the event loop while loading: a full load is seconds of work,
 * and requests waiting behind it in one piece would pass their database time-outs (a 503 for a
 * shopper who only asked for the categories while the store was starting).
 */
const LOAD_SLICE = 1_000;
/** More changed items than this in one sync: reload everything instead. */
const RELOAD_ABOVE = 20_000;
/** Changes are kept this long; a process that has not synced for half of it reloads. */
const CHANGES_KEPT_MS = 60 * 60_000;
/** Typed words whose lexemes are remembered, at most. */
const LEXEME_MEMO = 50_000;
/** Between two deletions of old changes by one process. */
const PRUNE_EVERY_MS = 60_000;

/** Bits of a slot's facet word (`IndexData.facetI32`): in stock, verified seller, seller labels, has variant options, a service. */
export const FACET_IN_STOCK = 1;
export const FACET_VERIFIED = 2;
export const FACET_GOOD = 4;
export const FACET_EXCELLENT = 8;
export const FACET_OPTIONS = 16;
export const FACET_SERVICE = 32;
/** Fields of the facet word: whole stars (0 to 5; 0 also for none: `stars >= n` for a whole n), then the state's number (in `stateNames`). */
export const FACET_STARS_SHIFT = 6;
export const FACET_STARS_MASK = 7;
export const FACET_STATE_SHIFT = 9;

/** Where a slot's record holds each field: in `facetF64` from 4 * slot, in `facetI32` from 8 * slot (IndexData.facetF64). */
export const REC_PRICE = 0;
export const REC_CREATED = 1;
const REC_STARS = 2;
export const REC_WORD = 6;
export const REC_CATEGORY = 7;

/** A dead slot's scratch `placeOf` (the sign bit): the posting scans skip it without reading `alive`. */
export const DEAD_SLOT = 1 << 31;

/** Operands of calc_rank_and ranks whose positions a search keeps per slot (more: looked up in the doc). */
export const OPERAND_COLUMNS = 6;

/** A packed position's word position and weight (0 D ... 3 A). */
export const posOf = (p: number) => p & POS_MASK;
export const weightOf = (p: number) => p >>> POS_BITS;

/** A growable column of 32-bit integers. */
class Ints {
  a = new Int32Array(1024);
  n = 0;
  push(v: number): number {
    if (this.n === this.a.length) this.grow(this.n + 1);
    this.a[this.n] = v;
    return this.n++;
  }
  /** Append `k` zeros; returns where they start. */
  reserve(k: number): number {
    if (this.n + k > this.a.length) this.grow(this.n + k);
    this.n += k;
    return this.n - k;
  }
  private grow(min: number) {
    const b = new Int32Array(Math.max(min, this.a.length * 2));
    b.set(this.a);
    this.a = b;
  }
}

/** A growable column of 32-bit floats. */
class Floats {
  a = new Float32Array(1024);
  n = 0;
  /** Append `k` zeros; returns where they start. */
  reserve(k: number): number {
    if (this.n + k > this.a.length) {
      const b = new Float32Array(Math.max(this.n + k, this.a.length * 2));
      b.set(this.a);
      this.a = b;
    }
    this.n += k;
    return this.n - k;
  }
}

/** What a row of `search_items` holds, as read from PostgreSQL. */
type ItemRow = {
  id: string;
  kind: "product" | "service";
  user_id: string;
  category_id: string;
  name: string;
  price_kobo: string | null;
  count_in_stock: number | null;
  in_stock: boolean;
  stars: string | null;
  verified: boolean;
  seller_label: string;
  state: string;
  image_urls: string[];
  options: string[];
  created_ms: number;
  doc: string;
};

const ITEM_COLUMNS = `s.id, s.kind, s.user_id, s.category_id, s.name, s.price_kobo::text, s.count_in_stock, s.in_stock, s.stars::text,
  s.verified, s.seller_label, s.state, s.image_urls, s.options, (extract(epoch from s.created_at) * 1000)::float8 as created_ms, s.doc::text as doc`;

/**
 * What the lexicon says of a query word: whether the catalog knows it (a word it begins, or one with
 * its stem), the catalog words within the typo rule when it does not (nearest first), and the
 * catalog words it begins (shortest first).
 */
export type WordFacts = { known: boolean; corrections: string[]; completions: string[] };

/** A seller who has items in the index, for the suggestions: names as shown and as matched. */
export type SellerEntry = { text: string; names: string; username: string; haystack: string };

/**
 * The words of a `tsvector` as PostgreSQL prints it (`'lexeme':1A,5 'other':3B`), each with its
 * packed positions. Weights A, B, C are letters after the position; D has none.
 */
export function parseTsvector(text: string): { lexeme: string; positions: number[] }[] {
  const out: { lexeme: string; positions: number[] }[] = [];
  const re = /'((?:[^'\\]|''|\\.)*)'(?::([0-9A-D,]+))?/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const lexeme = m[1]!.replace(/''/g, "'").replace(/\\(.)/g, "$1");
    const positions: number[] = [];
    for (const p of (m[2] ?? "").split(",")) {
      if (!p) continue;
      const last = p.charCodeAt(p.length - 1);
      const letter = last >= 65 && last <= 68 ? p[p.length - 1]! : "D";
      const pos = Number.parseInt(p, 10);
      positions.push((Math.min(pos, POS_MASK) & POS_MASK) | ((3 - (letter.charCodeAt(0) - 65)) << POS_BITS));
    }
    out.push({ lexeme, positions });
  }
  return out;
}

/** ts_rank's contribution of one lexeme's positions to an "or" query (PostgreSQL's calc_rank_or, before dividing by the query's size). */
function orContribution(positions: number[]): number {
  let resj = 0;
  let wjm = -1;
  let jm = 0;
  for (let j = 0; j < positions.length; j++) {
    const w = RANK_WEIGHTS[weightOf(positions[j]!)]!;
    resj = Math.fround(resj + Math.fround(w / ((j + 1) * (j + 1))));
    if (w > wjm) {
      wjm = w;
      jm = j;
    }
  }
  return Math.fround((wjm + resj - wjm / ((jm + 1) * (jm + 1))) / 1.64493406685);
}

/**
 * A search's working arrays (engine.ts): per slot its place in the list of slots the current pass
 * reached (valid where `reachedMap` says so); per place in that list its clause bits, the four
 * ranks' sums (`acc`, a column of `cap` places per rank) and operand columns; per lexeme its
 * marks; three lists of slots (reached, matching, passing the filters) and the tier and score of
 * each place in the last, each filled from the start (typed, so a long list is no array growing in
 * the heap, and dense, so what a search writes and scores is as large as its lists; the slot-to-place
 * map and the reached map stay a catalog's size).
 */
type Scratch = {
  /** Per slot: its place in the list the last pass that reached it made (engine.ts); DEAD_SLOT for a dead slot, always. */
  placeOf: Int32Array;
  /** Per place reached: the clauses matched and exclusion (engine.ts `collect`). */
  placeBits: Int32Array;
  /**
   * OPERAND_COLUMNS columns of `cap` places each: for the operands of the ranks scored by
   * calc_rank_and (a column each), where their positions begin in each reached slot's doc (0: not in it),
   * written while the posting lists are read so that scoring needs no lookup in the doc's words.
   */
  opStart: Int32Array;
  tier: Int32Array;
  score: Float64Array;
  lexMark: Int32Array;
  acc: Float64Array;
  touched: Int32Array;
  list: Int32Array;
  /** Per place in `list`: where the pass reached it (its place in `touched`). */
  listReach: Int32Array;
  passing: Int32Array;
  /** 0, 1, 2 ...: places in `passing`, ordered by relevance (its tier and score are by place, not by slot). */
  places: Int32Array;
  /** The facet word and creation time (ms) of each place in `passing`. */
  placeWord: Int32Array;
  placeCreated: Float64Array;
  /** Where the pass reached each place in `passing` (its place in `touched`). */
  placeReach: Int32Array;
  /** One bit per slot: reached by the current pass (engine.ts `collect`). */
  reachedMap: Int32Array;
};

/**
 * One loaded copy of the index. Items live in slots; an item changed in its words gets a new slot
 * and its old one is marked dead (posting lists only grow; a reload compacts them).
 */
export class IndexData {
  // Per slot.
  ids: string[] = [];
  names: string[] = [];
  images: string[][] = [];
  userIds: string[] = [];
  categoryIds: string[] = [];
  states: string[] = [];
  options: string[][] = [];
  /** Lower-case "name<US>value" of `options`. */
  optionKeys: string[][] = [];
  alive = new Ints();
  /**
   * What the filters, the facets, the scoring and the orders read of a slot, together in one
   * 32-byte record (one memory read per slot where separate columns cost one each): at
   * `facetF64[4 * slot + REC_*]` its price in kobo (NaN: none), creation time (ms) and stars (NaN:
   * none); at `facetI32[8 * slot + REC_*]` its facet word (FACET_*) and its category's number (in
   * `categoryList`). Two views of one buffer.
   */
  facetF64 = new Float64Array(4 * 1024);
  facetI32 = new Int32Array(this.facetF64.buffer);
  stock: Float64Array = new Float64Array(1024); // NaN: none (a service)
  termStart = new Ints();
  termCount = new Ints();
  // The words of every slot's doc: lexeme ids (ascending per slot), and per term its positions.
  termLex = new Ints();
  /** Where each term's positions begin in `positions`; the word before them is their count. */
  termPosStart = new Ints();
  positions = new Ints();
  // Lexemes, and each one's postings: the slots holding it (ascending; dead slots stay until a
  // reload), its ts_rank "or" contribution in each (calc_rank_or's, before dividing by the
  // query's size) and where its positions in that doc begin (`termPosStart`'s), as a segment of
  // `postSlots`, `postContrib` and `postPos` (moved to the end, twice as large, when full): a few
  // large arrays instead of three per lexeme, for the garbage collector.
  lexemeIds = new Map<string, number>();
  postStart = new Ints();
  postCount = new Ints();
  postCap = new Ints();
  postSlots = new Ints();
  postContrib = new Floats();
  postPos = new Ints();
  // Items by id (their live slot).
  slotOf = new Map<string, number>();
  dead = 0;
  stateNames: string[] = [];
  stateNoOf = new Map<string, number>();
  categoryList: string[] = [];
  categoryNoOf = new Map<string, number>();
  // The lexicon: every catalog word (sorted), the lexemes the index holds for it ([] for a stop word).
  words: string[] = [];
  wordLexemes = new Map<string, string[]>();
  stems = new Set<string>();
  /** What the planner learnt of a query word from this lexicon (search.service.ts), cleared when words are added. */
  factsMemo = new Map<string, WordFacts>();
  categories = new Map<string, { name: string; type: string }>();
  sellers = new Map<string, SellerEntry>();

  get size(): number {
    return this.ids.length;
  }

  get lexemeCount(): number {
    return this.postStart.n;
  }

  private scratchArrays: Scratch | null = null;

  /**
   * Per-slot scratch arrays of a search (engine.ts): a search runs from start to end without
   * awaiting, so one set per copy serves every search of the process.
   */
  scratch(): Scratch {
    let sc = this.scratchArrays;
    if (!sc || sc.placeOf.length < this.size || sc.lexMark.length < this.lexemeCount) {
      const cap = Math.max(1024, Math.ceil(this.size * 1.25));
      const lexCap = Math.max(1024, Math.ceil(this.lexemeCount * 1.25));
      const placeOf = new Int32Array(cap);
      for (let slot = 0; slot < this.size; slot++) if (!this.alive.a[slot]) placeOf[slot] = DEAD_SLOT;
      sc = {
        placeOf,
        placeBits: new Int32Array(cap),
        listReach: new Int32Array(cap),
        placeReach: new Int32Array(cap),
        opStart: new Int32Array(cap * OPERAND_COLUMNS),
        tier: new Int32Array(cap),
        score: new Float64Array(cap),
        lexMark: new Int32Array(lexCap),
        acc: new Float64Array(4 * cap),
        touched: new Int32Array(cap),
        list: new Int32Array(cap),
        passing: new Int32Array(cap),
        places: new Int32Array(cap),
        placeWord: new Int32Array(cap),
        reachedMap: new Int32Array(Math.ceil(cap / 32)),
        placeCreated: new Float64Array(cap),
      };
      this.scratchArrays = sc;
    }
    return sc;
  }

  /** The slot's price in kobo (NaN: none). */
  priceOf(slot: number): number {
    return this.facetF64[4 * slot + REC_PRICE]!;
  }

  /** When the slot's item was created (ms). */
  createdOf(slot: number): number {
    return this.facetF64[4 * slot + REC_CREATED]!;
  }

  /** The slot's stars (NaN: none). */
  starsOf(slot: number): number {
    return this.facetF64[4 * slot + REC_STARS]!;
  }

  /** The slot's facet word (FACET_* bits and fields). */
  facetOf(slot: number): number {
    return this.facetI32[8 * slot + REC_WORD]!;
  }

  private growFloats(n: number) {
    if (n <= this.stock.length) return;
    const grow = (a: Float64Array, per = 1) => {
      const b = new Float64Array(Math.max(n, (a.length * 2) / per) * per);
      b.set(a);
      return b;
    };
    this.facetF64 = grow(this.facetF64, 4);
    this.facetI32 = new Int32Array(this.facetF64.buffer);
    this.stock = grow(this.stock);
  }

  private interned = new Map<string, string>();
  /** One string object per seller, category and state, shared by their slots (fewer objects for the collector). */
  private intern(value: string): string {
    const seen = this.interned.get(value);
    if (seen !== undefined) return seen;
    this.interned.set(value, value);
    return value;
  }

  /** The lexeme's id (new lexemes get the next one). */
  private lexemeId(lexeme: string): number {
    let id = this.lexemeIds.get(lexeme);
    if (id === undefined) {
      id = this.postStart.n;
      this.lexemeIds.set(lexeme, id);
      this.postStart.push(0);
      this.postCount.push(0);
      this.postCap.push(0);
    }
    return id;
  }

  private numbered(value: string, list: string[], map: Map<string, number>): number {
    let no = map.get(value);
    if (no === undefined) {
      no = list.length;
      list.push(value);
      map.set(value, no);
    }
    return no;
  }

  /** Add a row in a new slot (the item's old slot, if any, dies). */
  add(row: ItemRow): void {
    this.remove(row.id);
    const slot = this.ids.length;
    this.ids.push(row.id);
    this.names.push(row.name);
    this.images.push(row.image_urls);
    this.userIds.push(this.intern(row.user_id));
    this.categoryIds.push(this.intern(row.category_id));
    this.states.push(this.intern(row.state));
    this.options.push(NONE);
    this.optionKeys.push(NONE);
    this.alive.push(1);
    this.growFloats(slot + 1);
    this.facetI32[8 * slot + REC_CATEGORY] = this.numbered(row.category_id, this.categoryList, this.categoryNoOf);
    this.setColumns(slot, row);
    const terms = parseTsvector(row.doc)
      .map((t) => ({ id: this.lexemeId(t.lexeme), positions: t.positions }))
      .sort((a, b) => a.id - b.id);
    this.termStart.push(this.termLex.n);
    this.termCount.push(terms.length);
    for (const t of terms) {
      this.termLex.push(t.id);
      const contrib = orContribution(t.positions);
      this.positions.push(t.positions.length);
      const posStart = this.positions.n;
      this.termPosStart.push(posStart);
      for (const p of t.positions) this.positions.push(p);
      this.addPosting(t.id, slot, contrib, posStart);
    }
    this.slotOf.set(row.id, slot);
  }

  /** Append `slot` to the postings of lexeme `id`, moving them to a larger segment when full. */
  private addPosting(id: number, slot: number, contrib: number, posStart: number): void {
    const n = this.postCount.a[id]!;
    if (n === this.postCap.a[id]) {
      const cap = Math.max(2, n * 2);
      const start = this.postSlots.reserve(cap);
      this.postContrib.reserve(cap);
      this.postPos.reserve(cap);
      const old = this.postStart.a[id]!;
      this.postSlots.a.copyWithin(start, old, old + n);
      this.postContrib.a.copyWithin(start, old, old + n);
      this.postPos.a.copyWithin(start, old, old + n);
      this.postStart.a[id] = start;
      this.postCap.a[id] = cap;
    }
    const at = this.postStart.a[id]! + n;
    this.postSlots.a[at] = slot;
    this.postContrib.a[at] = contrib;
    this.postPos.a[at] = posStart;
    this.postCount.a[id] = n + 1;
  }

  /** The columns that change without the words (price, stock, stars, seller flags). */
  private setColumns(slot: number, row: ItemRow): void {
    const stars = row.stars === null ? Number.NaN : Number(row.stars);
    const at = 4 * slot;
    this.facetF64[at + REC_PRICE] = row.price_kobo === null ? Number.NaN : Number(row.price_kobo);
    this.facetF64[at + REC_CREATED] = row.created_ms;
    this.facetF64[at + REC_STARS] = stars;
    this.stock[slot] = row.count_in_stock === null ? Number.NaN : row.count_in_stock;
    this.facetI32[8 * slot + REC_WORD] =
      (row.in_stock ? FACET_IN_STOCK : 0) |
      (row.verified ? FACET_VERIFIED : 0) |
      (row.seller_label === "Good" ? FACET_GOOD : 0) |
      (row.seller_label === "Excellent" ? FACET_EXCELLENT : 0) |
      (row.options.length ? FACET_OPTIONS : 0) |
      (row.kind === "service" ? FACET_SERVICE : 0) |
      ((Number.isNaN(stars) ? 0 : Math.min(5, Math.floor(stars))) << FACET_STARS_SHIFT) |
      (this.numbered(row.state, this.stateNames, this.stateNoOf) << FACET_STATE_SHIFT);
    this.names[slot] = row.name;
    this.images[slot] = row.image_urls;
    this.options[slot] = row.options.length ? row.options : NONE;
    this.optionKeys[slot] = row.options.length ? row.options.map((o) => o.toLowerCase()) : NONE;
  }

  /** Write `row`: in place when its words, kind, seller, category and state are unchanged, else in a new slot. */
  upsert(row: ItemRow): void {
    const slot = this.slotOf.get(row.id);
    if (slot !== undefined && this.sameShape(slot, row)) this.setColumns(slot, row);
    else this.add(row);
  }

  private sameShape(slot: number, row: ItemRow): boolean {
    if (this.userIds[slot] !== row.user_id || this.categoryIds[slot] !== row.category_id || this.states[slot] !== row.state) return false;
    if (this.createdOf(slot) !== row.created_ms) return false;
    const terms = parseTsvector(row.doc);
    if (terms.length !== this.termCount.a[slot]) return false;
    const start = this.termStart.a[slot]!;
    const mine = new Map<number, number>();
    for (let k = 0; k < terms.length; k++) mine.set(this.termLex.a[start + k]!, start + k);
    for (const t of terms) {
      const id = this.lexemeIds.get(t.lexeme);
      const at = id === undefined ? undefined : mine.get(id);
      const p0 = at === undefined ? -1 : this.termPosStart.a[at]!;
      if (at === undefined || this.positions.a[p0 - 1] !== t.positions.length) return false;
      for (let j = 0; j < t.positions.length; j++) if (this.positions.a[p0 + j] !== t.positions[j]) return false;
    }
    return true;
  }

  /** Mark the item's slot dead (it is no longer found). */
  remove(id: string): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.alive.a[slot] = 0;
    if (this.scratchArrays) this.scratchArrays.placeOf[slot] = DEAD_SLOT;
    this.slotOf.delete(id);
    this.dead++;
  }

  /** Add catalog words with their lexemes (the lexicon stays sorted). */
  addWords(rows: { word: string; lexemes: string[] }[]): void {
    let added = false;
    for (const r of rows) {
      if (this.wordLexemes.has(r.word)) continue;
      this.wordLexemes.set(r.word, r.lexemes);
      for (const l of r.lexemes) this.stems.add(l);
      this.words.push(r.word);
      added = true;
    }
    if (added) {
      this.words.sort();
      this.factsMemo.clear();
    }
  }

  /** Index in `words` of the first word >= `prefix`. */
  lowerBound(prefix: string): number {
    let [lo, hi] = [0, this.words.length];
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** Read the rows of `ids` (all rows when null, in batches) into `data`; ids without a row are removed. */
async function readItems(db: Db, data: IndexData, ids: string[] | null): Promise<Set<string>> {
  const users = new Set<string>();
  if (ids) {
    for (const id of ids) {
      const slot = data.slotOf.get(id);
      if (slot !== undefined) users.add(data.userIds[slot]!);
    }
    const res = await db.$client.query<ItemRow>(`select ${ITEM_COLUMNS} from search_items s where s.id = any($1::uuid[])`, [ids]);
    const found = new Set<string>();
    for (const row of res.rows) {
      found.add(row.id);
      users.add(row.user_id);
      data.upsert(row);
    }
    for (const id of ids) if (!found.has(id)) data.remove(id);
    return users;
  }
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const res = await db.$client.query<ItemRow>(
      `select ${ITEM_COLUMNS} from search_items s where s.id > $1::uuid order by s.id limit ${LOAD_BATCH}`,
      [after],
    );
    for (const [i, row] of res.rows.entries()) {
      data.add(row);
      if (i % LOAD_SLICE === LOAD_SLICE - 1) await nextTurn();
    }
    if (res.rows.length < LOAD_BATCH) return users;
    after = res.rows.at(-1)!.id;
  }
}

/** Read lexicon words (all when null) with the lexemes the index's configuration makes of them. */
async function readWords(db: Db, data: IndexData, words: string[] | null): Promise<void> {
  const res = await db.$client.query<{ word: string; lexemes: string[] }>(
    `select w.word, array(select t.lexeme from unnest(to_tsvector('market_search', w.word)) t) as lexemes
     from search_words w ${words ? "where w.word = any($1::text[])" : ""}`,
    words ? [words] : [],
  );
  data.addWords(res.rows);
}

async function readCategories(db: Db, data: IndexData): Promise<void> {
  const res = await db.$client.query<{ id: string; name: string; type: string }>("select id, name, type::text as type from categories");
  data.categories = new Map(res.rows.map((r) => [r.id, { name: r.name, type: r.type }]));
}

/** Read the listed sellers among `userIds` (all sellers with items when null). */
async function readSellers(db: Db, data: IndexData, userIds: string[] | null): Promise<void> {
  const res = await db.$client.query<{ id: string; names: string; username: string; business_name: string | null }>(
    `select u.id, u.names, u.username, b.business_name from users u left join seller_businesses b on b.user_id = u.id
     where u.acc_type = 'business' and u.status = 'approved' and u.active
       and exists (select 1 from search_items s where s.user_id = u.id) ${userIds ? "and u.id = any($1::uuid[])" : ""}`,
    userIds ? [userIds] : [],
  );
  if (userIds) for (const id of userIds) data.sellers.delete(id);
  for (const r of res.rows) {
    const text = r.business_name ?? r.names;
    data.sellers.set(r.id, {
      text,
      names: r.names,
      username: r.username,
      // One string of the three names joined by a separator a typed word cannot hold.
      haystack: normalize(`${r.business_name ?? ""}\u001f${r.names}\u001f${r.username}`),
    });
  }
}

/**
 * The statement's snapshot as the next sync needs it: its xmax (transactions from there on had not
 * begun) and the transactions in progress below it. Every other transaction below xmax had ended,
 * so its changes were visible to this statement.
 */
const SNAPSHOT_SQL =
  "pg_snapshot_xmax(pg_current_snapshot())::text as xmax, array(select x::text from pg_snapshot_xip(pg_current_snapshot()) x) as xip";

/** The index of one store process and its synchronisation with PostgreSQL. */
export class SearchIndex {
  private data: IndexData | null = null;
  /** What the last read could not see: transactions from `xmax` on, and those in `xip`. */
  private xmax = "0";
  private xip: string[] = [];
  private running: Promise<void> | null = null;
  /** A full load is running: searches keep reading the copy they have until it is replaced. */
  private loading = false;
  private lastSyncSince = Number.NEGATIVE_INFINITY;
  private lastSyncStamp = -1;
  private lastPrune = 0;
  /** Lexemes of words the lexicon lacks (typed words), as the index's configuration makes them. */
  private lexemeMemo = new Map<string, string[]>();

  /**
   * @param db the primary (the change feed must not lag behind the writes).
   * @param freshMs how old (ms) the last sync may be when a search begins (SEARCH_FRESH_MS).
   * @param stamp moves whenever a cache invalidation reached this process (a catalog write).
   */
  constructor(
    private readonly db: Db,
    private readonly freshMs: number,
    private readonly stamp: () => number,
  ) {}

  /** Start a sync, or join the one running. */
  private startSync(): Promise<void> {
    if (this.running) return this.running;
    const [startedAt, stamp] = [performance.now(), this.stamp()];
    this.running = this.syncOnce()
      .then(() => {
        this.lastSyncSince = startedAt;
        this.lastSyncStamp = stamp;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /**
   * The index, synced as the freshness rule asks (see the module's comment): the last sync began
   * at most `freshMs` before this call and after the last cache invalidation this process received;
   * otherwise this call waits for one that does. Once a quarter of `freshMs` has passed, a sync
   * starts in the background, so under a steady load no search waits. Loads the index on first use.
   * Rejects when PostgreSQL does not answer (the route answers 503).
   */
  async current(): Promise<IndexData> {
    const since = performance.now();
    const stamp = this.stamp();
    for (;;) {
      // While a full load runs (seconds), the old copy answers: waiting would stop every search.
      if (this.data && this.loading) return this.data;
      if (this.data && this.lastSyncStamp >= stamp && this.lastSyncSince >= since - this.freshMs) {
        // A failed background sync is retried by the next search that needs it, which then answers 503.
        if (!this.running && this.lastSyncSince < performance.now() - this.freshMs / 4) this.startSync().catch(() => undefined);
        return this.data;
      }
      await this.startSync();
    }
  }

  /** Start loading the index without waiting for it (errors are left to the next search). */
  warm(): void {
    this.startSync().catch(() => undefined);
  }

  /** Resolves once no sync is running (the app's onClose). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined);
  }

  /**
   * The lexemes `to_tsvector('market_search', word)` makes of each word ([] for a stop word): from
   * the lexicon, else from PostgreSQL once per word (remembered, at most LEXEME_MEMO words).
   */
  async lexemes(data: IndexData, words: Iterable<string>): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const missing: string[] = [];
    for (const w of words) {
      if (out.has(w)) continue;
      const known = data.wordLexemes.get(w) ?? this.lexemeMemo.get(w) ?? (/^[0-9]+$/.test(w) ? [w] : undefined);
      if (known) out.set(w, known);
      else missing.push(w);
    }
    if (!missing.length) return out;
    const res = await this.db.$client.query<{ w: string; lexemes: string[] }>(
      "select w, array(select t.lexeme from unnest(to_tsvector('market_search', w)) t) as lexemes from unnest($1::text[]) w",
      [missing],
    );
    if (this.lexemeMemo.size > LEXEME_MEMO) this.lexemeMemo.clear();
    for (const r of res.rows) {
      this.lexemeMemo.set(r.w, r.lexemes);
      out.set(r.w, r.lexemes);
    }
    return out;
  }

  private async syncOnce(): Promise<void> {
    const tooOld = performance.now() - this.lastSyncSince > CHANGES_KEPT_MS / 2;
    if (!this.data || tooOld) return this.load();
    const res = await this.db.$client.query<{ xmax: string; xip: string[]; changes: string[] }>(
      // Two selects, so each reads the txid index.
      `select ${SNAPSHOT_SQL}, array(select c.kind || ':' || c.key from search_changes c where c.txid >= $1::xid8
         union select c.kind || ':' || c.key from search_changes c where c.txid = any($2::xid8[])) as changes`,
      [this.xmax, this.xip],
    );
    const { xmax, xip, changes } = res.rows[0]!;
    const items: string[] = [];
    const words: string[] = [];
    let categories = false;
    for (const c of changes) {
      const at = c.indexOf(":");
      const [kind, key] = [c.slice(0, at), c.slice(at + 1)];
      if (kind === "reset") return this.load();
      if (kind === "item") items.push(key);
      else if (kind === "word") words.push(key);
      else if (kind === "category") categories = true;
    }
    const data = this.data;
    if (items.length > RELOAD_ABOVE || data.dead > 10_000 + data.slotOf.size / 2) return this.load();
    if (words.length) await readWords(this.db, data, words);
    if (categories) await readCategories(this.db, data);
    if (items.length) {
      const users = await readItems(this.db, data, items);
      await readSellers(this.db, data, [...users]);
    }
    [this.xmax, this.xip] = [xmax, xip];
    this.prune();
  }

  /** Read everything into a new copy and swap it in (searches keep the old copy until then). */
  private async load(): Promise<void> {
    this.loading = true;
    try {
      await this.loadAll();
    } finally {
      this.loading = false;
    }
  }

  private async loadAll(): Promise<void> {
    const res = await this.db.$client.query<{ xmax: string; xip: string[] }>(`select ${SNAPSHOT_SQL}`);
    const data = new IndexData();
    await readWords(this.db, data, null);
    await readCategories(this.db, data);
    await readItems(this.db, data, null);
    await readSellers(this.db, data, null);
    this.data = data;
    [this.xmax, this.xip] = [res.rows[0]!.xmax, res.rows[0]!.xip];
  }

  /** Delete changes older than CHANGES_KEPT_MS, at most once a minute per process. */
  private prune(): void {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    // Not awaited: no sync waits for it, and a failure only leaves the rows for the next one.
    this.db.$client
      .query(`delete from search_changes where at < now() - interval '${CHANGES_KEPT_MS / 1000} seconds'`)
      .catch(() => undefined);
  }
}
