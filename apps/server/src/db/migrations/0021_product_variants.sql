CREATE TABLE "product_option_values" (
	"option_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "product_option_values_option_id_position_pk" PRIMARY KEY("option_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "product_options_position_ck" CHECK ("product_options"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"price_kobo" bigint NOT NULL,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_count_in_stock_ck" CHECK ("product_variants"."count_in_stock" >= 0),
	CONSTRAINT "product_variants_price_ck" CHECK ("product_variants"."price_kobo" >= 0)
);
--> statement-breakpoint
DROP INDEX "cart_lines_user_product_uq";--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "variant" jsonb;--> statement-breakpoint
ALTER TABLE "product_option_values" ADD CONSTRAINT "product_option_values_option_id_product_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."product_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_option_values_value_uq" ON "product_option_values" USING btree ("option_id",lower("value"));--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_position_uq" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_name_uq" ON "product_options" USING btree ("product_id",lower("name"));--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_uq" ON "product_variants" USING btree ("product_id","options");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_uq" ON "product_variants" USING btree ("user_id",lower("sku")) WHERE "product_variants"."sku" <> '';--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_user_variant_uq" ON "cart_lines" USING btree ("user_id","variant_id");--> statement-breakpoint
CREATE INDEX "order_lines_variant_idx" ON "order_lines" USING btree ("variant_id");--> statement-breakpoint
-- Every existing product becomes a product with one default variant that has the product's id,
-- price and stock (ADR 0215); cart lines and order lines point at it, so stock held by open orders,
-- carts and order history keep their meaning.
INSERT INTO "product_variants" ("id", "product_id", "user_id", "sku", "options", "price_kobo", "count_in_stock", "created_at", "updated_at")
SELECT "id", "id", "user_id", '', '{}'::jsonb, "price_kobo", "count_in_stock", "created_at", "updated_at" FROM "products";--> statement-breakpoint
UPDATE "cart_lines" SET "variant_id" = "product_id";--> statement-breakpoint
ALTER TABLE "cart_lines" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
UPDATE "order_lines" SET "variant_id" = "product_id" WHERE "product_id" IS NOT NULL;--> statement-breakpoint
-- A product written without variants (the seed's factories, older code paths) gets its default
-- variant at once, with the product's id, price and stock.
CREATE FUNCTION product_default_variant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_variants (id, product_id, user_id, sku, options, price_kobo, count_in_stock)
  VALUES (NEW.id, NEW.id, NEW.user_id, '', '{}'::jsonb, NEW.price_kobo, NEW.count_in_stock);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_default_variant AFTER INSERT ON products FOR EACH ROW EXECUTE FUNCTION product_default_variant();--> statement-breakpoint
-- The product row keeps the lowest variant price and the sum of the variants' stock, so listings,
-- price sorts, the spec's `price` and `count_in_stock` and every reader of the product row stay true.
CREATE FUNCTION product_variants_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid uuid := coalesce(NEW.product_id, OLD.product_id);
BEGIN
  UPDATE products p SET price_kobo = v.price_kobo, count_in_stock = v.stock
  FROM (SELECT min(price_kobo) AS price_kobo, sum(count_in_stock)::int AS stock FROM product_variants WHERE product_id = pid) v
  WHERE p.id = pid AND v.price_kobo IS NOT NULL AND (p.price_kobo, p.count_in_stock) IS DISTINCT FROM (v.price_kobo, v.stock);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_sync AFTER INSERT OR DELETE OR UPDATE OF price_kobo, count_in_stock ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_sync();