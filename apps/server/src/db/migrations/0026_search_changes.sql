CREATE TABLE "search_changes" (
	"txid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_txid_idx" ON "search_changes" USING btree ("txid");--> statement-breakpoint
-- The change feed of the in-memory search index (ADR 0227): every statement that writes index rows,
-- lexicon words or categories records what it touched, in the writer's transaction.
CREATE FUNCTION search_changes_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'search_words' THEN
    INSERT INTO search_changes (kind, key) SELECT 'word', r.word FROM new_rows r;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO search_changes (kind, key) SELECT 'item', r.id::text FROM old_rows r;
  ELSE
    INSERT INTO search_changes (kind, key) SELECT 'item', r.id::text FROM new_rows r;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_changes_mark() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_changes (kind, key) VALUES (TG_ARGV[0], '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_changes_ins AFTER INSERT ON search_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows();--> statement-breakpoint
CREATE TRIGGER search_changes_upd AFTER UPDATE ON search_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows();--> statement-breakpoint
CREATE TRIGGER search_changes_del AFTER DELETE ON search_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows();--> statement-breakpoint
CREATE TRIGGER search_changes_words AFTER INSERT ON search_words REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_rows();--> statement-breakpoint
CREATE TRIGGER search_changes_items_truncate AFTER TRUNCATE ON search_items
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_mark('reset');--> statement-breakpoint
CREATE TRIGGER search_changes_words_truncate AFTER TRUNCATE ON search_words
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_mark('reset');--> statement-breakpoint
CREATE TRIGGER search_changes_categories AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION search_changes_mark('category');
