ALTER TABLE "search_items" ADD COLUMN "seller_label" text DEFAULT 'New seller' NOT NULL;--> statement-breakpoint
-- The seller score's label in the search index (ADR 0208): the seller-scores job copies it when it
-- changes; a row the index functions (re)insert takes the seller's stored label here, so a new or
-- edited item of a scored seller keeps its boost without a join per query.
CREATE FUNCTION search_items_seller_label() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.seller_label := coalesce((SELECT label FROM seller_scores WHERE seller_id = NEW.user_id), 'New seller');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER search_items_seller_label_ins BEFORE INSERT ON search_items FOR EACH ROW EXECUTE FUNCTION search_items_seller_label();--> statement-breakpoint
UPDATE search_items s SET seller_label = ss.label FROM seller_scores ss WHERE ss.seller_id = s.user_id;
