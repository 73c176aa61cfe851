-- Address-book phones and the phones on orders' shipping addresses were stored as typed
-- ("8031234567", "0803 123 4567"); every phone is now kept in E.164 like account phones (ADR 0189).
-- Nigerian mobile numbers in their usual spellings become +234...; anything else stays as typed.
CREATE FUNCTION pg_temp.nm_e164(raw text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN d ~ '^\+234[789][01][0-9]{8}$' THEN d
    WHEN d ~ '^234[789][01][0-9]{8}$' THEN '+' || d
    WHEN d ~ '^0[789][01][0-9]{8}$' THEN '+234' || substr(d, 2)
    WHEN d ~ '^[789][01][0-9]{8}$' THEN '+234' || d
    ELSE raw
  END
  FROM (SELECT regexp_replace(raw, '[[:space:]().-]', '', 'g') AS d) AS s
$$;--> statement-breakpoint
UPDATE "addresses" SET "phone" = pg_temp.nm_e164("phone") WHERE "phone" <> '' AND "phone" <> pg_temp.nm_e164("phone");--> statement-breakpoint
UPDATE "orders" SET "shipping_address" = jsonb_set("shipping_address", '{phone}', to_jsonb(pg_temp.nm_e164("shipping_address"->>'phone')))
  WHERE "shipping_address" ? 'phone' AND "shipping_address"->>'phone' <> pg_temp.nm_e164("shipping_address"->>'phone');
