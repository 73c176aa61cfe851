CREATE TYPE "public"."payout_status" AS ENUM('requested', 'paid', 'failed', 'reversed');--> statement-breakpoint
CREATE TABLE "category_commissions" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"commission_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "category_commissions_bps_ck" CHECK ("category_commissions"."commission_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"commission_bps" integer DEFAULT 1000 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_settings_one_ck" CHECK ("finance_settings"."id" = 1),
	CONSTRAINT "finance_settings_bps_ck" CHECK ("finance_settings"."commission_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" "payout_status" DEFAULT 'requested' NOT NULL,
	"provider" text DEFAULT 'manual' NOT NULL,
	"bank_code" text NOT NULL,
	"account_no" text NOT NULL,
	"account_name" text NOT NULL,
	"reference" text,
	"failure_reason" text,
	"decided_by" uuid,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_ck" CHECK ("payouts"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"order_line_id" uuid,
	"amount_kobo" bigint NOT NULL,
	"seller_kobo" bigint NOT NULL,
	"commission_kobo" bigint NOT NULL,
	"shipping_kobo" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount_kobo" > 0 and "refunds"."amount_kobo" = "refunds"."seller_kobo" + "refunds"."commission_kobo" + "refunds"."shipping_kobo"),
	CONSTRAINT "refunds_parts_ck" CHECK ("refunds"."seller_kobo" >= 0 and "refunds"."commission_kobo" >= 0 and "refunds"."shipping_kobo" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "commission_kobo" bigint;--> statement-breakpoint
ALTER TABLE "category_commissions" ADD CONSTRAINT "category_commissions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");