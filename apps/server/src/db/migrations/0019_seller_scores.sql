CREATE TABLE "seller_scores" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"value" integer,
	"orders" integer DEFAULT 0 NOT NULL,
	"fulfilled_rate" real,
	"on_time_rate" real,
	"no_problem_rate" real,
	"rating" real,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_scores" ADD CONSTRAINT "seller_scores_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_scores_computed_idx" ON "seller_scores" USING btree ("computed_at");--> statement-breakpoint
CREATE INDEX "order_lines_updated_idx" ON "order_lines" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "orders_updated_idx" ON "orders" USING btree ("updated_at");