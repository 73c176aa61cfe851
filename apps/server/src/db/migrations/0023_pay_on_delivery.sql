ALTER TYPE "public"."ledger_account_kind" ADD VALUE 'seller_debt';--> statement-breakpoint
CREATE TABLE "pod_codes" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pod_deliveries" (
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"refused_at" timestamp with time zone,
	CONSTRAINT "pod_deliveries_order_id_seller_id_pk" PRIMARY KEY("order_id","seller_id"),
	CONSTRAINT "pod_deliveries_one_end_ck" CHECK ("pod_deliveries"."paid_at" is null or "pod_deliveries"."refused_at" is null)
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_ck";--> statement-breakpoint
ALTER TABLE "finance_settings" ADD COLUMN "pod_cap_naira" integer DEFAULT 100000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD COLUMN "pay_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pod_codes" ADD CONSTRAINT "pod_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_deliveries" ADD CONSTRAINT "pod_deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_deliveries" ADD CONSTRAINT "pod_deliveries_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pod_deliveries" ADD CONSTRAINT "pod_deliveries_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pod_deliveries_refused_idx" ON "pod_deliveries" USING btree ("buyer_id") WHERE "pod_deliveries"."refused_at" is not null;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_pod_cap_ck" CHECK ("finance_settings"."pod_cap_naira" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_ck" CHECK (("ledger_accounts"."kind"::text in ('seller_pending', 'seller_payable', 'seller_debt')) = ("ledger_accounts"."owner_id" is not null));