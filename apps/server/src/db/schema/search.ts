/**
 * The search index (ADR 0205): one row per public catalog item, products and services together,
 * kept by triggers on the tables it is drawn from (migration 0018), so a write is searchable, or
 * gone, when its transaction commits. Only listed items (approved, active sellers, ADR 0004) have a
 * row: what is not in the table cannot be found.
 */
import { sql } from "drizzle-orm";
import { bigint, boolean, customType, index, integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const searchItems = pgTable(
  "search_items",
  {
    /** The product's or service's id. */
    id: uuid("id").primaryKey(),
    kind: text("kind", { enum: ["product", "service"] }).notNull(),
    userId: uuid("user_id").notNull(),
    categoryId: uuid("category_id").notNull(),
    /** A product's name; a service's first words. */
    name: text("name").notNull(),
    /** Kobo; null for services. */
    priceKobo: bigint("price_kobo", { mode: "number" }),
    /** Null for services (always available). */
    countInStock: integer("count_in_stock"),
    inStock: boolean("in_stock").notNull(),
    /** Average stars (1-5); null while nobody rated (products have no ratings yet). */
    stars: numeric("stars", { precision: 3, scale: 2, mode: "number" }),
    /** The seller's blue tick. */
    verified: boolean("verified").notNull(),
    /**
     * The seller score's label (seller_scores.label, ADR 0211), copied by the seller-scores job when
     * it changes and on insert by a trigger (migration 0022): a small ranking boost (ADR 0208).
     */
    sellerLabel: text("seller_label").notNull().default("New seller"),
    /** The seller's state (seller_businesses), "" when none. */
    state: text("state").notNull(),
    imageUrls: text("image_urls").array().notNull(),
    /**
     * A product's variant option values that are in stock, "Name\u001fValue" as the seller spells them
     * (e.g. "Size\u001fM"), kept by triggers on product_variants (migration 0024, ADR 0225); empty
     * for services and products without options.
     */
    options: text("options").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Weighted words: A name, B category, C seller, D description (config `market_search`). */
    doc: tsvector("doc").notNull(),
  },
  (t) => [
    index("search_items_doc_idx").using("gin", t.doc),
    index("search_items_new_idx").on(t.createdAt.desc(), t.id.desc()),
    index("search_items_user_idx").on(t.userId),
    index("search_items_cat_idx").on(t.categoryId),
  ],
);

/**
 * The catalog's words (lower case, unaccented), for typo correction by trigram (ADR 0205). A word
 * stays after the last item using it is gone: a correction is only offered when it finds items.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    /** Its English stem: a plural typed is known when its stem is. */
    stem: text("stem").notNull(),
  },
  (t) => [
    index("search_words_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
    index("search_words_prefix_idx").on(sql`${t.word} text_pattern_ops`),
    index("search_words_stem_idx").on(t.stem),
  ],
);

/** Synonym groups, applied both ways (ADR 0206): every term of a group finds what the others find. */
export const searchSynonyms = pgTable("search_synonyms", {
  id: uuid("id").primaryKey().defaultRandom(),
  /** Lower-case, unaccented terms of one or more words, at least two. */
  terms: text("terms").array().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * The search index's change feed (ADR 0227): one row per index row, lexicon word or category set
 * written, with the writer's transaction id, filled by triggers (migration 0026). Each store
 * process's in-memory index reads the rows of the transactions its previous read could not see
 * (not yet begun, or in progress), and re-reads those items: nothing is missed whatever order
 * transactions commit in. Rows older than an hour are deleted; a process that fell further behind
 * reloads.
 */
export const searchChanges = pgTable(
  "search_changes",
  {
    /** The writing transaction (`pg_current_xact_id()`). */
    txid: xid8("txid").notNull().default(sql`pg_current_xact_id()`),
    /** "item" (key: its id), "word" (key: the word), "category" or "reset" (a truncate; key ""). */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index("search_changes_txid_idx").on(t.txid)],
);
