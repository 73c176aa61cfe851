-- Search in PostgreSQL (ADR 0205): extensions shipped by the embedded PostgreSQL and the Debian one
-- (pg_trgm and unaccent are trusted extensions: a database owner may create them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- English stems (plurals, simple forms) after accents are taken away: "Café" finds "cafe".
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'market_search') THEN
    CREATE TEXT SEARCH CONFIGURATION market_search (COPY = pg_catalog.english);
    ALTER TEXT SEARCH CONFIGURATION market_search
      ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, english_stem;
  END IF;
END $$;--> statement-breakpoint
CREATE TABLE "search_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"price_kobo" bigint,
	"count_in_stock" integer,
	"in_stock" boolean NOT NULL,
	"stars" numeric(3, 2),
	"verified" boolean NOT NULL,
	"state" text NOT NULL,
	"image_urls" text[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"doc" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"terms" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"stem" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "posts_search_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";--> statement-breakpoint
CREATE INDEX "search_items_doc_idx" ON "search_items" USING gin ("doc");--> statement-breakpoint
CREATE INDEX "search_items_new_idx" ON "search_items" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "search_items_user_idx" ON "search_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "search_items_cat_idx" ON "search_items" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_words_prefix_idx" ON "search_words" USING btree ("word" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "search_words_stem_idx" ON "search_words" USING btree ("stem");--> statement-breakpoint
ALTER TABLE "posts" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search";
--> statement-breakpoint
-- The words of a text, lower case and unaccented, for the typo lexicon (numbers left out: they are
-- matched as typed, and a catalog's model numbers would fill the lexicon).
CREATE FUNCTION search_words_of(t text) RETURNS TABLE(word text) LANGUAGE sql STABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(unaccent(t)), '[^[:alnum:]]+') w WHERE length(w) BETWEEN 2 AND 40 AND w !~ '^[0-9]+$'
$$;--> statement-breakpoint
-- A service has no name: its first words stand for one.
CREATE FUNCTION search_service_name(body text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN length(body) <= 70 THEN body ELSE regexp_replace(left(body, 71), '\s+\S*$', '') || '...' END
$$;--> statement-breakpoint
CREATE FUNCTION search_index_products(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_items WHERE id = ANY(ids);
  WITH src AS (
    SELECT p.*, c.name AS category_name, u.blue_tick,
      coalesce(b.business_name, '') || ' ' || u.names || ' ' || u.username AS seller_text, coalesce(b.state, '') AS seller_state
    FROM products p JOIN categories c ON c.id = p.category_id JOIN users u ON u.id = p.user_id
    LEFT JOIN seller_businesses b ON b.user_id = p.user_id
    WHERE p.id = ANY(ids) AND p.listed
  ), ins AS (
    INSERT INTO search_items (id, kind, user_id, category_id, name, price_kobo, count_in_stock, in_stock, stars, verified, state, image_urls, created_at, doc)
    SELECT id, 'product', user_id, category_id, name, price_kobo, count_in_stock, count_in_stock > 0, NULL, blue_tick, seller_state, image_urls, created_at,
      setweight(to_tsvector('market_search', name), 'A') || setweight(to_tsvector('market_search', category_name), 'B')
        || setweight(to_tsvector('market_search', seller_text), 'C') || setweight(to_tsvector('market_search', description), 'D')
    FROM src
  )
  INSERT INTO search_words (word, stem)
  SELECT DISTINCT w.word, coalesce((ts_lexize('english_stem', w.word))[1], w.word)
  FROM src, search_words_of(src.name || ' ' || src.category_name || ' ' || src.seller_text || ' ' || src.description) w
  ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
CREATE FUNCTION search_index_services(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_items WHERE id = ANY(ids);
  WITH src AS (
    SELECT p.*, c.name AS category_name, u.blue_tick,
      coalesce(b.business_name, '') || ' ' || u.names || ' ' || u.username AS seller_text, coalesce(b.state, '') AS seller_state
    FROM posts p JOIN categories c ON c.id = p.category_id JOIN users u ON u.id = p.user_id
    LEFT JOIN seller_businesses b ON b.user_id = p.user_id
    WHERE p.id = ANY(ids) AND p.listed
  ), ins AS (
    INSERT INTO search_items (id, kind, user_id, category_id, name, price_kobo, count_in_stock, in_stock, stars, verified, state, image_urls, created_at, doc)
    SELECT id, 'service', user_id, category_id, search_service_name(body), NULL, NULL, true,
      CASE WHEN rating_count > 0 THEN round(rating_sum::numeric / rating_count, 2) END, blue_tick, seller_state, image_urls, created_at,
      -- The category names the service (a "Home Cleaning" offer): it weighs as a title.
      setweight(to_tsvector('market_search', category_name), 'A') || setweight(to_tsvector('market_search', seller_text), 'C')
        || setweight(to_tsvector('market_search', body), 'D')
    FROM src
  )
  INSERT INTO search_words (word, stem)
  SELECT DISTINCT w.word, coalesce((ts_lexize('english_stem', w.word))[1], w.word)
  FROM src, search_words_of(src.category_name || ' ' || src.seller_text || ' ' || src.body) w
  ON CONFLICT DO NOTHING;
END $$;--> statement-breakpoint
CREATE FUNCTION search_index_seller(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(SELECT id FROM products WHERE user_id = uid));
  PERFORM search_index_services(ARRAY(SELECT id FROM posts WHERE user_id = uid));
END $$;--> statement-breakpoint
CREATE FUNCTION search_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(SELECT id FROM new_rows WHERE listed));
  RETURN NULL;
END $$;--> statement-breakpoint
-- Stock and price change often (every checkout): they are copied; a change of words reindexes.
CREATE FUNCTION search_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.name, n.description, n.category_id, n.listed, n.image_urls, n.user_id)
      IS DISTINCT FROM (o.name, o.description, o.category_id, o.listed, o.image_urls, o.user_id)));
  UPDATE search_items s SET price_kobo = n.price_kobo, count_in_stock = n.count_in_stock, in_stock = n.count_in_stock > 0
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE s.id = n.id AND (n.price_kobo, n.count_in_stock) IS DISTINCT FROM (o.price_kobo, o.count_in_stock);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_items_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_items WHERE id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_services_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_services(ARRAY(SELECT id FROM new_rows WHERE listed));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_services_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_services(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.body, n.category_id, n.listed, n.image_urls, n.user_id) IS DISTINCT FROM (o.body, o.category_id, o.listed, o.image_urls, o.user_id)));
  UPDATE search_items s SET stars = CASE WHEN n.rating_count > 0 THEN round(n.rating_sum::numeric / n.rating_count, 2) END
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE s.id = n.id AND (n.rating_sum, n.rating_count) IS DISTINCT FROM (o.rating_sum, o.rating_count);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_category_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_products(ARRAY(SELECT id FROM products WHERE category_id = NEW.id));
  PERFORM search_index_services(ARRAY(SELECT id FROM posts WHERE category_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_seller_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_seller(NEW.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_index_seller(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_products_ins AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_inserted();--> statement-breakpoint
CREATE TRIGGER search_products_upd AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_products_updated();--> statement-breakpoint
CREATE TRIGGER search_products_del AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_items_deleted();--> statement-breakpoint
CREATE TRIGGER search_posts_ins AFTER INSERT ON posts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_services_inserted();--> statement-breakpoint
CREATE TRIGGER search_posts_upd AFTER UPDATE ON posts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_services_updated();--> statement-breakpoint
CREATE TRIGGER search_posts_del AFTER DELETE ON posts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_items_deleted();--> statement-breakpoint
CREATE TRIGGER search_categories_upd AFTER UPDATE OF name ON categories FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION search_category_renamed();--> statement-breakpoint
CREATE TRIGGER search_sellers_ins AFTER INSERT ON seller_businesses FOR EACH ROW EXECUTE FUNCTION search_seller_changed();--> statement-breakpoint
CREATE TRIGGER search_sellers_upd AFTER UPDATE ON seller_businesses FOR EACH ROW
  WHEN ((OLD.state, OLD.business_name) IS DISTINCT FROM (NEW.state, NEW.business_name)) EXECUTE FUNCTION search_seller_changed();--> statement-breakpoint
CREATE TRIGGER search_users_upd AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.blue_tick, OLD.names, OLD.username) IS DISTINCT FROM (NEW.blue_tick, NEW.names, NEW.username)) EXECUTE FUNCTION search_user_changed();--> statement-breakpoint
-- Common Nigerian-English pairs (ADR 0206); the admin edits them in the back office.
INSERT INTO search_synonyms (terms) VALUES
  ('{fridge,refrigerator}'), ('{phone,mobile,handset,cell phone,mobile phone}'), ('{tv,television}'),
  ('{gas cooker,cooker}'), ('{ankara,african print}'), ('{garri,gari}'), ('{ac,air conditioner}'),
  ('{generator,gen,generating set}'), ('{canvas,sneakers}'), ('{power bank,powerbank}'), ('{laptop,notebook}'),
  ('{freezer,deep freezer}'), ('{pressing iron,iron}'), ('{aso ebi,asoebi}'), ('{noodles,indomie}'), ('{pure water,sachet water}');--> statement-breakpoint
SELECT search_index_products(ARRAY(SELECT id FROM products));--> statement-breakpoint
SELECT search_index_services(ARRAY(SELECT id FROM posts));