ALTER TYPE "public"."order_status" ADD VALUE 'unconfirmed';--> statement-breakpoint
ALTER TYPE "public"."transaction_status" ADD VALUE 'flagged';--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "flagged_at" timestamp with time zone;