ALTER TABLE "order_lines" ADD COLUMN "protection_started_at" timestamp with time zone;--> statement-breakpoint
-- Lines of paid orders not yet shipped when buyer protection began: their ship-by time counts from now,
-- so the auto-cancel timer does not cancel every old unshipped line at once (ADR 0196).
UPDATE "order_lines" SET "protection_started_at" = now()
WHERE "fulfilment" = 'unfulfilled' AND "order_id" IN (SELECT "id" FROM "orders" WHERE "status" = 'paid');
