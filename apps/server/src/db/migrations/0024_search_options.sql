ALTER TABLE "search_items" ADD COLUMN "options" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- A product's variant option values in stock, for the search's option facets (ADR 0225): "Name" and
-- "Value" as the seller spells them, joined by the unit separator (which no option text holds).
CREATE FUNCTION search_product_options(pid uuid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT e.key || chr(31) || e.value ORDER BY e.key || chr(31) || e.value), '{}')
  FROM product_variants v, jsonb_each_text(v.options) e WHERE v.product_id = pid AND v.count_in_stock > 0
$$;--> statement-breakpoint
-- A product's row as the index functions (re)insert it takes its option values here, like its
-- seller label (migration 0022): one place computes them.
CREATE FUNCTION search_items_options() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind = 'product' THEN NEW.options := search_product_options(NEW.id); END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER search_items_options_ins BEFORE INSERT ON search_items FOR EACH ROW EXECUTE FUNCTION search_items_options();--> statement-breakpoint
-- A variant added, removed, renamed, or its stock crossing zero changes the product's option values,
-- in the writer's transaction. Default variants (no options) change nothing: the seed and every
-- checkout of a product without options skip the update.
CREATE FUNCTION search_variant_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid uuid := coalesce(NEW.product_id, OLD.product_id);
BEGIN
  UPDATE search_items SET options = search_product_options(pid) WHERE id = pid;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_variants_ins AFTER INSERT ON product_variants FOR EACH ROW
  WHEN (NEW.options <> '{}'::jsonb AND NEW.count_in_stock > 0) EXECUTE FUNCTION search_variant_changed();--> statement-breakpoint
CREATE TRIGGER search_variants_upd AFTER UPDATE ON product_variants FOR EACH ROW
  WHEN ((OLD.options <> '{}'::jsonb OR NEW.options <> '{}'::jsonb)
    AND (OLD.options IS DISTINCT FROM NEW.options OR (OLD.count_in_stock > 0) IS DISTINCT FROM (NEW.count_in_stock > 0)))
  EXECUTE FUNCTION search_variant_changed();--> statement-breakpoint
CREATE TRIGGER search_variants_del AFTER DELETE ON product_variants FOR EACH ROW
  WHEN (OLD.options <> '{}'::jsonb AND OLD.count_in_stock > 0) EXECUTE FUNCTION search_variant_changed();--> statement-breakpoint
UPDATE search_items s SET options = search_product_options(s.id) WHERE s.kind = 'product';
