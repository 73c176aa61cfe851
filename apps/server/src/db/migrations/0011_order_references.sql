CREATE SEQUENCE "public"."payment_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 1099511627775 START WITH 1 CACHE 1;--> statement-breakpoint
-- A bank-transfer reference for each value of payment_reference_seq (ADR 0177): four Feistel
-- rounds over the value's 40 bits (a permutation, so distinct values give distinct references and
-- neighbouring orders get unrelated ones), written as 8 characters of a 32-letter alphabet without
-- 0/O and 1/I. Immutable: the same value always gives the same reference.
CREATE FUNCTION "draw_payment_reference"(n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  l bigint := (n >> 20) & 1048575;
  r bigint := n & 1048575;
  t bigint;
  x bigint;
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  ref text := '';
BEGIN
  IF n < 0 OR n > 1099511627775 THEN
    RAISE EXCEPTION 'payment reference value % out of range', n;
  END IF;
  FOR i IN 1..4 LOOP
    t := r;
    r := l # ((((r * 741457) + i * 918273) # (r >> 7)) & 1048575);
    l := t;
  END LOOP;
  x := (l << 20) | r;
  FOR i IN 1..8 LOOP
    ref := substr(alphabet, (x & 31)::int + 1, 1) || ref;
    x := x >> 5;
  END LOOP;
  RETURN ref;
END
$$;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
-- Lines shipped before the column existed: their last change was the shipping.
UPDATE "order_lines" SET "shipped_at" = "updated_at" WHERE "fulfilment" = 'shipped';--> statement-breakpoint
-- Existing orders each draw one from the sequence as the column is added.
ALTER TABLE "orders" ADD COLUMN "payment_reference" text DEFAULT draw_payment_reference(nextval('payment_reference_seq')) NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_reference_uq" ON "orders" USING btree ("payment_reference");