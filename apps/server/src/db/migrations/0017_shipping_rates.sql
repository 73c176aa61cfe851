CREATE TABLE "order_shipments" (
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"store_rate" boolean NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"pickup" jsonb,
	CONSTRAINT "order_shipments_order_id_seller_id_pk" PRIMARY KEY("order_id","seller_id"),
	CONSTRAINT "order_shipments_fee_ck" CHECK ("order_shipments"."fee_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"state" text NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_points_fee_ck" CHECK ("pickup_points"."fee_kobo" between 0 and 100000000)
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"seller_id" uuid NOT NULL,
	"state" text NOT NULL,
	"fee_kobo" bigint NOT NULL,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	CONSTRAINT "shipping_rates_seller_id_state_pk" PRIMARY KEY("seller_id","state"),
	CONSTRAINT "shipping_rates_fee_ck" CHECK ("shipping_rates"."fee_kobo" between 0 and 100000000),
	CONSTRAINT "shipping_rates_days_ck" CHECK ("shipping_rates"."min_days" >= 0 and "shipping_rates"."min_days" <= "shipping_rates"."max_days")
);
--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pickup_points_seller_idx" ON "pickup_points" USING btree ("seller_id");