CREATE TABLE "search_changes" (
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_txid_idx" ON "search_changes" USING btree ("txid");--> statement-breakpoint
-- The change feed of the in-memory search index (ADR 0227): every index row, lexicon word or category
-- write records what it touched, in the writer's transaction.
CREATE FUNCTION search_changes_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'search_words' THEN
    INSERT INTO search_changes (kind, key) VALUES ('word', NEW.word);
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (kind, key) VALUES ('item', OLD.id::text);
  ELSE
    INSERT INTO search_changes (kind, key) VALUES ('item', NEW.id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_changes_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (kind, key) VALUES (TG_ARGV[0], '');
  RETURN NULL;
END $$;--> statement-breakpoint
-- Row triggers: a statement trigger with a transition table made every concurrent checkout's stock
-- update hold the product's row lock measurably longer (ADR 0227).
CREATE TRIGGER search_changes_items AFTER INSERT OR UPDATE OR DELETE ON search_items
  FOR EACH ROW EXECUTE FUNCTION search_changes_row();--> statement-breakpoint
CREATE TRIGGER search_changes_words AFTER INSERT ON search_words
  FOR EACH ROW EXECUTE FUNCTION search_changes_row();--> statement-breakpoint
CREATE TRIGGER search_changes_items_truncate AFTER TRUNCATE ON search_items
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_mark('reset');--> statement-breakpoint
CREATE TRIGGER search_changes_words_truncate AFTER TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_mark('reset');--> statement-breakpoint
CREATE TRIGGER search_changes_categories AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_mark('category');
