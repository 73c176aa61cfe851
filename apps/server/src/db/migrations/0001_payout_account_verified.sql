ALTER TABLE "users" ADD COLUMN "bank_account_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_account_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bank_account_verified_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bank_account_verified_by_users_id_fk" FOREIGN KEY ("bank_account_verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_bank_account_verified_ck" CHECK (not "users"."bank_account_verified" or ("users"."bank_code" is not null and "users"."account_no" is not null and "users"."account_name" is not null));