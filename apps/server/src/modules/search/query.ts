/**
 * The search box's language (ADR 0205), read without the database: words (case, accents and
 * punctuation ignored), "quoted phrases", -excluded words or phrases, and `or` / `|` between two
 * alternatives. Every word is reduced to letters and digits, so the tsquery text built from a
 * parsed query can hold no operator the shopper typed: any input parses, none is an error.
 */

/** At most this many words are read from a query (the rest is ignored). */
const MAX_WORDS = 10;

/** A word, or a phrase (words in that order) when quoted or when a synonym has several words. */
export type Term = { words: string[]; phrase: boolean };
/** Alternatives: an item matches the clause when it matches one of them. */
export type Clause = { alts: Term[] };
export type ParsedQuery = { clauses: Clause[]; excluded: Term[] };

/** Lower case, accents taken off ("Café" -> "cafe"), as the index's `unaccent` does. */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
}

/** The words of `text`: runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return normalize(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Parse the shopper's query. Never throws; an empty or operator-only query has no clause. */
export function parseQuery(input: string): ParsedQuery {
  const clauses: Clause[] = [];
  const excluded: Term[] = [];
  let count = 0;
  let orNext = false;
  // A quoted phrase (closed or not), or a run of non-space characters.
  for (const m of input.matchAll(/(-?)"([^"]*)"?|(\S+)/g)) {
    const negative = m[1] === "-" || (m[3]?.startsWith("-") ?? false);
    const quoted = m[2] !== undefined;
    const raw = quoted ? m[2]! : m[3]!.replace(/^-+/, "");
    if (!quoted && (raw === "|" || raw.toLowerCase() === "or" || raw === "||")) {
      orNext = clauses.length > 0;
      continue;
    }
    const words = wordsOf(raw).slice(0, Math.max(0, MAX_WORDS - count));
    if (!words.length) continue;
    count += words.length;
    if (negative) {
      excluded.push({ words, phrase: words.length > 1 });
      orNext = false;
      continue;
    }
    // A quoted phrase is one term; unquoted "a15-pro" is one term per word.
    const terms: Term[] = quoted ? [{ words, phrase: words.length > 1 }] : words.map((w) => ({ words: [w], phrase: false }));
    for (const [i, term] of terms.entries()) {
      if (i === 0 && orNext) clauses.at(-1)!.alts.push(term);
      else clauses.push({ alts: [term] });
    }
    orNext = false;
  }
  return { clauses, excluded };
}

/**
 * The most typos a word of `length` letters may carry (Meilisearch's default rule): none under 5
 * letters, one from 5, two from 9.
 */
export function typosAllowed(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Edit distance with adjacent swaps counted as one (optimal string alignment), stopping above `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Number.POSITIVE_INFINITY;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
  }
  return rows[a.length]![b.length]!;
}

/**
 * Replace runs of plain words that spell a synonym term by a clause of every term of its group
 * (longest run first, up to three words), so "gas cooker" also finds "cooker" and "fridge" finds
 * "refrigerator". Each term of a group is a phrase when it has several words. Synonym clauses are
 * marked: their words are not corrected for typos.
 */
export function applySynonyms(parsed: ParsedQuery, groups: readonly (readonly string[])[]): { clauses: (Clause & { synonym?: true })[] } {
  const byTerm = new Map<string, readonly string[]>();
  for (const g of groups) for (const t of g) byTerm.set(wordsOf(t).join(" "), g);
  const out: (Clause & { synonym?: true })[] = [];
  const plain = (c: Clause) => c.alts.length === 1 && !c.alts[0]!.phrase;
  const { clauses } = parsed;
  for (let i = 0; i < clauses.length; ) {
    let matched = false;
    for (let len = Math.min(3, clauses.length - i); len >= 1 && !matched; len--) {
      const run = clauses.slice(i, i + len);
      if (!run.every(plain)) continue;
      const key = run.map((c) => c.alts[0]!.words[0]).join(" ");
      const group = byTerm.get(key);
      if (!group) continue;
      const alts = group.map((t) => wordsOf(t)).filter((w) => w.length > 0);
      out.push({ alts: alts.map((words) => ({ words, phrase: words.length > 1 })), synonym: true });
      i += len;
      matched = true;
    }
    if (!matched) out.push(clauses[i++]!);
  }
  return { clauses: out };
}
