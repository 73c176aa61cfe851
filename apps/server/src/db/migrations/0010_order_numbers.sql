CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" text DEFAULT 'NM-' || to_char(now() AT TIME ZONE 'Africa/Lagos', 'YY') || '-' || lpad(nextval('order_number_seq')::text, 6, '0') NOT NULL;--> statement-breakpoint
-- Orders placed before numbers existed keep the year they were placed in.
UPDATE "orders" SET "number" = 'NM-' || to_char("created_at" AT TIME ZONE 'Africa/Lagos', 'YY') || substr("number", 6);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("number");