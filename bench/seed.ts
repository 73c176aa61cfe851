/**
 * Generates the benchmark catalog with set-based SQL (generate_series), not API calls: categories,
 * 2,000 approved sellers, 20,000 customers, 100,000 listed products and 10,000 services, then
 * sessions, cart lines and addresses for the shoppers the write benchmarks use. Takes seconds.
 * The search index (search_items, ADR 0205) is filled by the tables' triggers as the rows go in.
 *
 * Everything is deterministic except ids and tokens: product names are built from word lists so
 * that text search has realistic hits (e.g. "tecno charger" matches ~1 in 200 products).
 */
import { createHash, randomBytes } from "node:crypto";
import { FREE_SHIPPING_OVER_NAIRA, NIGERIAN_STATES, shippingFeeKobo } from "@market/contract";
import type pg from "pg";
import { hashPassword } from "../apps/server/src/modules/auth/passwords.js";

export type CatalogSize = { sellers: number; customers: number; products: number; services: number };
export const FULL_SIZE: CatalogSize = { sellers: 2_000, customers: 20_000, products: 100_000, services: 10_000 };

export type BenchShopper = { userId: string; token: string };
export type CheckoutShopper = BenchShopper & { body: Record<string, unknown> };

export const MARKET = [
  "Phones & Tablets",
  "Computing",
  "Electronics",
  "Fashion",
  "Health & Beauty",
  "Home & Office",
  "Groceries",
  "Baby Products",
  "Sporting Goods",
  "Automobile",
  "Books",
  "Gaming",
];
export const SERVICES = ["Hair & Beauty", "Tailoring", "Plumbing", "Electricians", "Cleaning", "Photography", "Tutoring", "Logistics"];
export const BRANDS = ["Tecno", "Infinix", "Samsung", "Itel", "Nokia", "Oraimo", "Hisense", "Binatone", "Ankara", "Adire"];
export const NOUNS = [
  "phone",
  "charger",
  "earbuds",
  "power bank",
  "blender",
  "kettle",
  "dress",
  "sneakers",
  "rice 50kg",
  "palm oil",
  "backpack",
  "wristwatch",
  "fan",
  "iron",
  "laptop",
  "speaker",
  "cable",
  "shirt",
  "perfume",
  "cooler",
];
const sqlArray = (xs: string[]) => `array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(",")}]`;

const sha256 = (v: string) => createHash("sha256").update(v).digest("hex");

/** Insert the whole catalog. Answers the timings of each step in ms. */
export async function seedCatalog(client: pg.Client, size: CatalogSize): Promise<Record<string, number>> {
  const t: Record<string, number> = {};
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const s = performance.now();
    await client.query(text, values);
    t[name] = Math.round(performance.now() - s);
  };
  const hash = await hashPassword("Password1!");

  await step(
    "categories",
    `insert into categories (name, type, is_default, created_at)
     select n, 'market-place'::category_type, i <= 4, now() - (100 - i) * interval '1 day' from unnest(${sqlArray(MARKET)}::text[]) with ordinality as c(n, i)
     union all
     select n, 'services'::category_type, i <= 2, now() - (50 - i) * interval '1 day' from unnest(${sqlArray(SERVICES)}::text[]) with ordinality as c(n, i)`,
  );
  await step(
    "sellers",
    `insert into users (names, username, email, phone, whatsapp, "desc", acc_type, status, active, blue_tick, email_verified, phone_verified, password_hash, created_at, updated_at)
     select 'Seller ' || g, 'seller' || g, 'seller' || g || '@bench.ng', '+23481' || lpad(g::text, 8, '0'), '+23481' || lpad(g::text, 8, '0'),
            'We sell quality goods in Lagos.', 'business', 'approved', true, g % 5 = 0, true, true, $1,
            now() - g * interval '1 hour', now() - g * interval '1 hour'
     from generate_series(1, $2::int) g`,
    [hash, size.sellers],
  );
  await step(
    "customers",
    `insert into users (names, username, email, phone, acc_type, status, active, email_verified, phone_verified, password_hash, created_at, updated_at)
     select 'Customer ' || g, 'customer' || g, 'customer' || g || '@bench.ng', '+23490' || lpad(g::text, 8, '0'), 'customer', 'approved', true, true, true, $1,
            now() - g * interval '1 minute', now() - g * interval '1 minute'
     from generate_series(1, $2::int) g`,
    [hash, size.customers],
  );
  // Business details with a state: the search's "seller's state" facet (before the items, whose
  // index rows copy it).
  await step(
    "seller businesses",
    `insert into seller_businesses (user_id, business_name, address, state, city)
     select u.id, u.names || ' Stores', '1 Market Road', (${sqlArray([...NIGERIAN_STATES])})[1 + (row_number() over (order by u.id))::int % ${NIGERIAN_STATES.length}], 'Ikeja'
     from users u where u.acc_type = 'business'`,
  );
  await step(
    "seller categories",
    `insert into user_categories (user_id, category_id, position)
     select u.id, c.ids[1 + (row_number() over (order by u.id))::int % array_length(c.ids, 1)], 1
     from users u, (select array_agg(id order by created_at) ids from categories where type = 'market-place') c
     where u.acc_type = 'business'`,
  );
  await step(
    "products",
    `with s as (select array_agg(id order by created_at) ids from users where acc_type = 'business'),
          c as (select array_agg(id order by created_at) ids from categories where type = 'market-place')
     insert into products (user_id, category_id, name, description, price_kobo, count_in_stock, image_urls, listed, created_at, updated_at)
     select s.ids[1 + g % array_length(s.ids, 1)], c.ids[1 + (g / 7) % array_length(c.ids, 1)],
            (${sqlArray(BRANDS)})[1 + g % 10] || ' ' || (${sqlArray(NOUNS)})[1 + (g / 10) % 20] || ' model ' || g,
            'Original ' || (${sqlArray(BRANDS)})[1 + g % 10] || ' ' || (${sqlArray(NOUNS)})[1 + (g / 10) % 20] || ', delivered anywhere in Lagos within 48 hours. Item ' || g || '.',
            (500 + (g * 7919) % 500000) * 100, 1000000, array['/uploads/bench-' || (g % 50) || '.webp'], true,
            now() - g * interval '7 seconds', now() - g * interval '7 seconds'
     from generate_series(1, $1::int) g, s, c`,
    [size.products],
  );
  await step(
    "services",
    `with s as (select array_agg(id order by created_at) ids from users where acc_type = 'business'),
          c as (select array_agg(id order by created_at) ids from categories where type = 'services')
     insert into posts (user_id, category_id, body, image_urls, listed, rating_count, rating_sum, created_at, updated_at)
     select s.ids[1 + g % array_length(s.ids, 1)], c.ids[1 + g % array_length(c.ids, 1)],
            'Reliable ' || (${sqlArray(SERVICES)})[1 + g % 8] || ' in Lekki, Yaba and Ikeja. Booking ' || g || '.',
            array['/uploads/bench-' || (g % 50) || '.webp'], true, g % 20, (g % 20) * 4,
            now() - g * interval '70 seconds', now() - g * interval '70 seconds'
     from generate_series(1, $1::int) g, s, c`,
    [size.services],
  );
  const s = performance.now();
  await client.query("vacuum analyze");
  t["vacuum analyze"] = Math.round(performance.now() - s);
  return t;
}

/** Open sessions for `n` customers (customer1..n); answers their raw tokens. */
export async function createShoppers(client: pg.Client, from: number, n: number): Promise<BenchShopper[]> {
  const names = Array.from({ length: n }, (_, i) => `customer${from + i}`);
  const tokens = names.map(() => randomBytes(32).toString("base64url"));
  const { rows } = await client.query<{ id: string; username: string }>(
    `insert into sessions (user_id, token_hash, expires_at)
     select u.id, t.h, now() + interval '1 day'
     from unnest($1::text[], $2::text[]) as t(username, h) join users u on u.username = t.username
     returning user_id as id, (select username from users where id = user_id) as username`,
    [names, tokens.map(sha256)],
  );
  const byName = new Map(rows.map((r) => [r.username, r.id]));
  return names.map((name, i) => ({ userId: byName.get(name)!, token: tokens[i]! }));
}

/**
 * Shoppers ready to check out: each has a session, a default address and one cart line (one unit
 * of a product with ample stock); answers the createSession body each must send (amount = the
 * server's own total in naira, so the total check passes).
 */
export async function createCheckoutShoppers(client: pg.Client, from: number, n: number): Promise<CheckoutShopper[]> {
  const shoppers = await createShoppers(client, from, n);
  const ids = shoppers.map((s) => s.userId);
  await client.query(
    `insert into addresses (user_id, first_name, last_name, address1, city, state, country, phone, is_default)
     select id, 'Ada', 'Obi', '12 Admiralty Way', 'Lekki', 'Lagos', 'Nigeria', '+2348031234567', true from unnest($1::uuid[]) id`,
    [ids],
  );
  const { rows } = await client.query<{ user_id: string; price_kobo: number }>(
    `with p as (select id, price_kobo, row_number() over (order by created_at desc) r from products where listed order by created_at desc limit 5000)
     insert into cart_lines (user_id, product_id, variant_id, count)
     select u.id, p.id, p.id, 1 from unnest($1::uuid[]) with ordinality as u(id, i) join p on p.r = 1 + (u.i % 5000)
     returning user_id, (select price_kobo from products where id = product_id)::int as price_kobo`,
    [ids],
  );
  const price = new Map(rows.map((r) => [r.user_id, Number(r.price_kobo)]));
  return shoppers.map((s) => ({
    ...s,
    body: {
      first_name: "Ada",
      last_name: "Obi",
      address1: "12 Admiralty Way",
      city: "Lekki",
      state: "Lagos",
      country: "Nigeria",
      phone: "+2348031234567",
      payment_type: "bank_transfer",
      product_type: "market-place",
      account_no: "0123456789",
      amount: ((price.get(s.userId)! + shippingFeeKobo(price.get(s.userId)!, "Lagos", FREE_SHIPPING_OVER_NAIRA)) / 100).toFixed(2),
      // Each shopper checks out again and again: the bench's checkout replaces the open order (ADR 0136).
      replace_pending: true,
    },
  }));
}
