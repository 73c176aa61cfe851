CREATE TABLE "sign_in_known_sources" (
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_known_sources_user_id_source_pk" PRIMARY KEY("user_id","source")
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttle" (
	"account_key" text NOT NULL,
	"source" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_throttle_account_key_source_pk" PRIMARY KEY("account_key","source")
);
--> statement-breakpoint
DROP TABLE "sign_in_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "sign_in_known_sources" ADD CONSTRAINT "sign_in_known_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_known_sources_seen_idx" ON "sign_in_known_sources" USING btree ("last_sign_in_at");--> statement-breakpoint
CREATE INDEX "sign_in_throttle_updated_idx" ON "sign_in_throttle" USING btree ("updated_at");