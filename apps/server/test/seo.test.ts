import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createCategory, createPost, createProduct, createReaction, createUser } from "../src/db/seed/factories.js";
import { generatePicture } from "../src/db/seed/images.js";
import { SITEMAP_RATE_LIMIT } from "../src/modules/seo/routes.js";
import { buildSitemap, sitemapPart } from "../src/modules/seo/service.js";
import { createTestContext, type TestContext } from "./helpers.js";

let ctx: TestContext;
let seller: { id: string; names: string };
let phones: { id: string; name: string };
let salons: { id: string; name: string };
beforeAll(async () => {
  ctx = await createTestContext();
  seller = await createUser(ctx.db, { accType: "business", names: "Ada Gadgets" });
  phones = await createCategory(ctx.db, { name: "Phones & Tablets", type: "market-place" });
  salons = await createCategory(ctx.db, { name: "Salons", type: "services" });
});
afterAll(() => ctx.close());

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decodeHtml = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);

/** The content of <meta property|name="key">, unescaped; undefined when absent. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)" />`).exec(html);
  return m ? decodeHtml(m[1]!) : undefined;
}
// biome-ignore lint/suspicious/noExplicitAny: parsed JSON-LD is checked field by field below
function jsonLd(html: string): Record<string, any> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0]![1]!);
}
const get = (url: string, headers: Record<string, string> = {}) => ctx.request({ method: "GET", url, headers });

describe("GET /product/market-place/:id (link preview)", () => {
  it("sends the product's title, description, Open Graph tags and Product JSON-LD with the price in NGN", async () => {
    const image = await generatePicture(ctx.db, ctx.app.uploads, "Tecno", 210, 0, seller.id);
    const p = await createProduct(ctx.db, {
      userId: seller.id,
      categoryId: phones.id,
      name: "Tecno Camon 30",
      description: "6.78-inch AMOLED, 256 GB storage, 5000 mAh battery. Original, with one-year warranty.",
      price: 245000,
      countInStock: 4,
      imageUrls: [image],
    });
    const res = await get(`/product/market-place/${p.id}`, { host: "shop.naijamarket.ng", "x-forwarded-proto": "https" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("public, max-age=0, s-maxage=300");
    const html = res.body;
    expect(html).toContain('<div id="root">');
    // One title only: the default one of index.html is replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Tecno Camon 30 - ₦245,000 | Naija Market</title>");
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(meta(html, "description")).toBe(
      "₦245,000 · In Stock · 6.78-inch AMOLED, 256 GB storage, 5000 mAh battery. Original, with one-year warranty.",
    );
    const url = `https://shop.naijamarket.ng/product/market-place/${p.id}`;
    expect(meta(html, "og:type")).toBe("product");
    expect(meta(html, "og:title")).toBe("Tecno Camon 30 - ₦245,000");
    expect(meta(html, "og:description")).toBe(meta(html, "description"));
    expect(meta(html, "og:url")).toBe(url);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(meta(html, "og:image")).toBe(`https://shop.naijamarket.ng${image.replace(".webp", "-thumb.webp")}`);
    expect(meta(html, "og:image:width")).toBe("400");
    expect(meta(html, "og:image:height")).toBe("400");
    expect(meta(html, "product:price:amount")).toBe("245000.00");
    expect(meta(html, "product:price:currency")).toBe("NGN");
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Product",
      name: "Tecno Camon 30",
      image: [`https://shop.naijamarket.ng${image}`],
      url,
      brand: { name: "Ada Gadgets" },
      offers: { "@type": "Offer", price: "245000.00", priceCurrency: "NGN", availability: "https://schema.org/InStock" },
    });
    expect(ld.description).toContain("AMOLED");
    // The main picture (the page's LCP element) is preloaded by its site-relative URL, as the page requests it.
    expect(html).toContain(`<link rel="preload" as="image" href="${image}" fetchpriority="high" />`);
  });

  it("marks a product without stock OutOfStock, keeps kobo in the price and answers HEAD", async () => {
    const p = await createProduct(ctx.db, { userId: seller.id, categoryId: phones.id, name: "itel A70", price: 89500.5, countInStock: 0 });
    const html = (await get(`/product/market-place/${p.id}`)).body;
    expect(meta(html, "og:description")).toContain("Out Of Stock");
    expect(meta(html, "og:image")).toBeUndefined();
    const ld = jsonLd(html);
    expect(ld.offers).toMatchObject({ price: "89500.50", priceCurrency: "NGN", availability: "https://schema.org/OutOfStock" });
    expect(ld).not.toHaveProperty("image");
    expect(html).not.toContain('as="image"');
    const head = await ctx.request({ method: "HEAD", url: `/product/market-place/${p.id}` });
    expect(head.statusCode).toBe(200);
  });

  it("escapes an injection attempt in the product name and description", async () => {
    const evil = `</script><script>alert(1)</script>"><img src=x onerror=alert(2)> & <!--`;
    const p = await createProduct(ctx.db, { userId: seller.id, categoryId: phones.id, name: evil, description: `Nice ${evil}` });
    const html = (await get(`/product/market-place/${p.id}`)).body;
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<!--");
    // Exactly one JSON-LD block, closed by its own </script>, that still parses to the original text.
    expect(html.match(/<\/script>/g)?.length).toBe(html.match(/<script/g)?.length);
    expect(jsonLd(html).name).toBe(evil);
    expect(meta(html, "og:title")).toBe(`${evil} - ₦1,000`);
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(1)");
  });

  it("answers the plain SPA page with 404 and noindex for unknown, unlisted and malformed items", async () => {
    const pending = await createUser(ctx.db, { accType: "business", status: "pending" });
    const hidden = await createProduct(ctx.db, { userId: pending.id, categoryId: phones.id, name: "Hidden phone" });
    expect(hidden.listed).toBe(false);
    for (const url of [
      `/product/market-place/${hidden.id}`,
      "/product/market-place/00000000-0000-4000-8000-000000000000",
      "/product/market-place/not-a-uuid",
      `/product/cars/${hidden.id}`,
      `/product/services/${hidden.id}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
      expect(res.body).not.toContain("og:title");
      expect(res.body).not.toContain("Hidden phone");
    }
  });

  it("ignores a forged Host header that is not a host name", async () => {
    const p = await createProduct(ctx.db, { userId: seller.id, categoryId: phones.id });
    const html = (await get(`/product/market-place/${p.id}`, { host: 'evil.ng"><script>x</script>' })).body;
    expect(meta(html, "og:url")).toBe(`http://localhost/product/market-place/${p.id}`);
    expect(html).not.toContain("<script>x");
  });
});

describe("GET /product/services/:id (link preview)", () => {
  it("names the service by category and seller, with aggregateRating once rated", async () => {
    const s = await createPost(ctx.db, {
      userId: seller.id,
      categoryId: salons.id,
      body: "Braids, weaves and wig installs at your home in Lekki.",
    });
    const unrated = (await get(`/product/services/${s.id}`)).body;
    expect(unrated).toContain("<title>Salons service by Ada Gadgets | Naija Market</title>");
    expect(meta(unrated, "og:type")).toBe("product");
    expect(jsonLd(unrated)).not.toHaveProperty("aggregateRating");
    for (const stars of [5, 4, 4]) {
      const fan = await createUser(ctx.db);
      await createReaction(ctx.db, { postId: s.id, userId: fan.id, stars });
    }
    const html = (await get(`/product/services/${s.id}`)).body;
    expect(meta(html, "og:description")).toBe("★ 4.3 (3 ratings) · Braids, weaves and wig installs at your home in Lekki.");
    expect(meta(html, "product:price:amount")).toBeUndefined();
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Salons service by Ada Gadgets",
      description: "Braids, weaves and wig installs at your home in Lekki.",
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.3, ratingCount: 3, bestRating: 5, worstRating: 1 },
    });
  });
});

describe("GET /sitemap.xml", () => {
  it("lists home, both listing roots, every category and every listed item, but no unlisted item", async () => {
    const listed = await createProduct(ctx.db, { userId: seller.id, categoryId: phones.id, createdAt: new Date("2026-03-01T10:00:00Z") });
    const service = await createPost(ctx.db, { userId: seller.id, categoryId: salons.id });
    const pending = await createUser(ctx.db, { accType: "business", status: "pending" });
    const hidden = await createProduct(ctx.db, { userId: pending.id, categoryId: phones.id });
    const hiddenService = await createPost(ctx.db, { userId: pending.id, categoryId: salons.id });
    const res = await get("/sitemap.xml", { host: "naijamarket.ng", "x-forwarded-proto": "https" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/xml/);
    expect(res.headers["cache-control"]).toBe("public, max-age=300");
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    const base = "https://naijamarket.ng";
    expect(locs).toEqual(
      expect.arrayContaining([
        `${base}/`,
        `${base}/categories/collections/market-place/001`,
        `${base}/categories/collections/services/001`,
        `${base}/categories/collections/market-place/${phones.id}`,
        `${base}/categories/collections/services/${salons.id}`,
        `${base}/product/market-place/${listed.id}`,
        `${base}/product/services/${service.id}`,
      ]),
    );
    expect(xml).not.toContain(hidden.id);
    expect(xml).not.toContain(hiddenService.id);
    expect(new Set(locs).size).toBe(locs.length);
    expect(xml).toContain(`<loc>${base}/product/market-place/${listed.id}</loc><lastmod>2026-03-01T10:00:00.000Z</lastmod>`);
    expect(xml.match(/<url>/g)?.length).toBe(xml.match(/<lastmod>/g)?.length);
  });

  it("uses PUBLIC_URL when it is configured", async () => {
    const other = await createTestContext({ PUBLIC_URL: "https://www.naijamarket.ng/" });
    try {
      const res = await other.request({ method: "GET", url: "/sitemap.xml", headers: { host: "internal:3000" } });
      expect(res.body).toContain("<loc>https://www.naijamarket.ng/</loc>");
      expect(res.body).not.toContain("internal:3000");
    } finally {
      await other.close();
    }
  });

  it("splits into a sitemap index with parts of at most the limit when there are too many URLs", async () => {
    const base = "https://naijamarket.ng";
    const doc = await buildSitemap(ctx.db, base, 5);
    expect(doc.kind).toBe("index");
    if (doc.kind !== "index") return;
    const names = doc.parts.map((p) => p.name);
    expect(names[0]).toBe("pages.xml");
    const productParts = names.filter((n) => n.startsWith("market-place-"));
    const serviceParts = names.filter((n) => n.startsWith("services-"));
    const all: string[] = [];
    for (const name of names) {
      const urls = await sitemapPart(ctx.db, base, name, 5);
      expect(urls, name).not.toBeNull();
      if (name !== "pages.xml") expect(urls!.length).toBeLessThanOrEqual(5);
      all.push(...urls!.map((u) => u.loc));
    }
    const products = all.filter((u) => u.includes("/product/market-place/"));
    const services = all.filter((u) => u.includes("/product/services/"));
    expect(new Set(products).size).toBe(products.length);
    const listed = (await ctx.db.execute("select count(*)::int as n from products where listed")).rows[0] as { n: number };
    const listedServices = (await ctx.db.execute("select count(*)::int as n from posts where listed")).rows[0] as { n: number };
    expect(products.length).toBe(listed.n);
    expect(services.length).toBe(listedServices.n);
    expect(productParts.length).toBe(Math.ceil(listed.n / 5));
    expect(serviceParts.length).toBe(Math.ceil(listedServices.n / 5));
    expect(await sitemapPart(ctx.db, base, `market-place-${productParts.length + 1}.xml`, 5)).toBeNull();
    expect(await sitemapPart(ctx.db, base, "../etc/passwd", 5)).toBeNull();
  });

  it("serves the parts at /sitemaps/<name> and answers 404 for an unknown part", async () => {
    const res = await get("/sitemaps/market-place-1.xml");
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("<urlset");
    expect(res.body).toContain("/product/market-place/");
    expect((await get("/sitemaps/pages.xml")).body).toContain("/categories/collections/market-place/001");
    const missing = await get("/sitemaps/nope.xml");
    expect(missing.statusCode).toBe(404);
  });
});

describe("sitemap protection", () => {
  it("memo (the sitemap cache's): computes a key once per window, shares concurrent calls, forgets failures and old entries", async () => {
    const { localCache } = await import("../src/lib/cache/index.js");
    const memo = localCache<Promise<string>>("memo-test", { max: 2, ttlMs: 1000 });
    const start = Date.now();
    const at = (ms: number) => vi.setSystemTime(start + ms);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      let runs = 0;
      const compute = async () => `v${++runs}`;
      at(0);
      const first = memo.memo("k", compute);
      at(10);
      const [a, b] = await Promise.all([first, memo.memo("k", compute)]);
      expect([a, b, runs]).toEqual(["v1", "v1", 1]);
      at(999);
      expect(await memo.memo("k", compute)).toBe("v1");
      at(1001);
      expect(await memo.memo("k", compute)).toBe("v2");
      await expect(memo.memo("bad", () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
      at(1002);
      expect(await memo.memo("bad", async () => "ok")).toBe("ok");
      at(1003);
      await memo.memo("third", compute);
      at(1004);
      expect(await memo.memo("k", compute)).toBe("v4"); // "k" was the least recently used of three: dropped
    } finally {
      vi.useRealTimers();
    }
  });

  it(`limits one IP to ${SITEMAP_RATE_LIMIT.max} sitemap requests a minute`, async () => {
    const ip = "10.7.7.7";
    for (let i = 0; i < SITEMAP_RATE_LIMIT.max; i++) {
      const res = await ctx.request({ method: "GET", url: "/sitemap.xml", remoteAddress: ip });
      expect(res.statusCode).toBe(200);
    }
    const blocked = await ctx.request({ method: "GET", url: "/sitemap.xml", remoteAddress: ip });
    expect(blocked.statusCode).toBe(429);
    expect((await ctx.request({ method: "GET", url: "/sitemap.xml", remoteAddress: "10.7.7.8" })).statusCode).toBe(200);
  });
});

describe("GET /robots.txt", () => {
  it("names the sitemap by its absolute URL and keeps crawlers out of the back office and API", async () => {
    const res = await ctx.request({ method: "GET", url: "/robots.txt", headers: { host: "shop.example.ng" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/text\/plain/);
    expect(res.body).toContain("Disallow: /admin_real/");
    expect(res.body).toMatch(/^Sitemap: https?:\/\/[^/\s]+\/sitemap\.xml$/m);
  });
});
