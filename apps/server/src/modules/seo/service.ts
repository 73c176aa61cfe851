/**
 * Data for link previews and the sitemap. Only public items count: `listed` products and posts
 * (an approved, active seller's; ADR 0004). Money leaves here in naira.
 */
import { CATEGORY_TYPES, koboToNaira } from "@market/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { categories, posts, products, uploads, users } from "../../db/schema/index.js";
import { HttpError } from "../../lib/errors.js";
import { getSellerShop } from "../catalog/sellers.service.js";
import { thumbUrl } from "../uploads/images.js";
import { itemPath, type SeoImage, type SeoItem, type SeoSeller, sellerPath } from "./head.js";

/** Longest side of a stored thumbnail (modules/uploads/images.ts re-encodes to fit 400x400). */
const THUMB_MAX = 400;

/** An image URL made absolute against `baseUrl` (uploads are site-relative), or null if unusable. */
function absoluteUrl(url: string, baseUrl: string): string | null {
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith("/") && !url.startsWith("//")) return `${baseUrl}${url}`;
  return null;
}

/**
 * The preview picture of an item: the small WebP thumbnail of its first image (about 400px, tens
 * of kilobytes, which WhatsApp shows reliably on mobile data; ADR 0062), with its size computed
 * from the stored upload when we have it.
 */
async function previewImage(db: Executor, imageUrls: string[], baseUrl: string): Promise<SeoImage | null> {
  const first = imageUrls[0];
  if (!first) return null;
  const thumb = thumbUrl(first);
  const url = absoluteUrl(thumb, baseUrl);
  if (!url) return null;
  const key = /^\/uploads\/([^/]+)\.webp$/.exec(first)?.[1];
  if (!key) return { url };
  const [row] = await db.select({ width: uploads.width, height: uploads.height }).from(uploads).where(eq(uploads.key, key));
  if (!row) return { url, type: "image/webp" };
  const scale = thumb === first ? 1 : Math.min(1, THUMB_MAX / Math.max(row.width, row.height));
  return { url, type: "image/webp", width: Math.round(row.width * scale), height: Math.round(row.height * scale) };
}

/** A listed product with its category and seller, shaped for the page head; null if not public. */
export async function findProductForSeo(db: Executor, id: string, baseUrl: string): Promise<SeoItem | null> {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceKobo: products.priceKobo,
      countInStock: products.countInStock,
      imageUrls: products.imageUrls,
      updatedAt: products.updatedAt,
      categoryName: categories.name,
      sellerName: users.names,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(users, eq(users.id, products.userId))
    .where(and(eq(products.id, id), eq(products.listed, true)));
  if (!row) return null;
  return {
    kind: "market-place",
    id: row.id,
    name: row.name,
    description: row.description,
    price: koboToNaira(row.priceKobo),
    countInStock: row.countInStock,
    categoryName: row.categoryName,
    sellerName: row.sellerName,
    image: await previewImage(db, row.imageUrls, baseUrl),
    images: row.imageUrls.map((u) => absoluteUrl(u, baseUrl)).filter((u): u is string => !!u),
    updatedAt: row.updatedAt,
  };
}

/** A listed service (post) with its category, seller and rating totals; null if not public. */
export async function findServiceForSeo(db: Executor, id: string, baseUrl: string): Promise<SeoItem | null> {
  const [row] = await db
    .select({
      id: posts.id,
      body: posts.body,
      imageUrls: posts.imageUrls,
      ratingCount: posts.ratingCount,
      ratingSum: posts.ratingSum,
      updatedAt: posts.updatedAt,
      categoryName: categories.name,
      sellerName: users.names,
    })
    .from(posts)
    .innerJoin(categories, eq(categories.id, posts.categoryId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), eq(posts.listed, true)));
  if (!row) return null;
  return {
    kind: "services",
    id: row.id,
    body: row.body,
    categoryName: row.categoryName,
    sellerName: row.sellerName,
    ratingCount: row.ratingCount,
    ratingSum: row.ratingSum,
    image: await previewImage(db, row.imageUrls, baseUrl),
    images: row.imageUrls.map((u) => absoluteUrl(u, baseUrl)).filter((u): u is string => !!u),
    updatedAt: row.updatedAt,
  };
}

/** A public seller's shop shaped for the page head (the shop's own answer, ADR 0210); null if not public. */
export async function findSellerForSeo(db: Executor, username: string, baseUrl: string): Promise<SeoSeller | null> {
  try {
    const shop = await getSellerShop(db, username, null);
    return {
      username: shop.username,
      names: shop.names,
      desc: shop.desc,
      state: shop.state,
      city: shop.city,
      blueTick: shop.verified.blue_tick,
      image: shop.profile ? absoluteUrl(shop.profile, baseUrl) : null,
      rating: shop.score.rating,
      ratingCount: shop.score.rating_count,
      scoreLabel: shop.score.label,
      productsCount: shop.products_count,
      servicesCount: shop.services_count,
    };
  } catch (e) {
    if (e instanceof HttpError && e.statusCode === 404) return null;
    throw e;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Sitemap                                                                                     */
/* ------------------------------------------------------------------------------------------ */

/** The sitemaps protocol allows at most 50,000 URLs per file (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;

export type SitemapUrl = { loc: string; lastmod: Date };

/** A file of a sitemap index: `name` is served at /sitemaps/<name>. */
export type SitemapPart = { name: string; lastmod: Date };

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);

/** A <urlset> document. */
export function renderUrlset(urls: SitemapUrl[]): string {
  const body = urls.map((u) => `<url><loc>${xml(u.loc)}</loc><lastmod>${u.lastmod.toISOString()}</lastmod></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** A <sitemapindex> document pointing at /sitemaps/<name> files. */
export function renderSitemapIndex(parts: SitemapPart[], baseUrl: string): string {
  const body = parts
    .map((p) => `<sitemap><loc>${xml(`${baseUrl}/sitemaps/${p.name}`)}</loc><lastmod>${p.lastmod.toISOString()}</lastmod></sitemap>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`;
}

const EPOCH = new Date(0);
const latest = (...dates: (Date | null | undefined)[]) =>
  dates.reduce<Date>((max, d) => (d && d.getTime() > max.getTime() ? d : max), EPOCH);

/**
 * The "pages" part: home, both listing roots (id 001, spec §2) and every category listing. A
 * listing's lastmod is the newest change among its public items (or the category's creation).
 */
async function pageUrls(db: Executor, baseUrl: string): Promise<SitemapUrl[]> {
  const productTimes = await db
    .select({ categoryId: products.categoryId, lastmod: sql<Date | null>`max(${products.updatedAt})`.mapWith(products.updatedAt) })
    .from(products)
    .where(eq(products.listed, true))
    .groupBy(products.categoryId);
  const postTimes = await db
    .select({ categoryId: posts.categoryId, lastmod: sql<Date | null>`max(${posts.updatedAt})`.mapWith(posts.updatedAt) })
    .from(posts)
    .where(eq(posts.listed, true))
    .groupBy(posts.categoryId);
  const itemTimes = new Map<string, Date>();
  for (const r of [...productTimes, ...postTimes])
    if (r.lastmod) itemTimes.set(r.categoryId, latest(itemTimes.get(r.categoryId), r.lastmod));
  const cats = await db
    .select({ id: categories.id, type: categories.type, createdAt: categories.createdAt })
    .from(categories)
    .where(inArray(categories.type, [...CATEGORY_TYPES]))
    .orderBy(asc(categories.type), asc(categories.createdAt), asc(categories.id));
  const byType = new Map<string, Date>();
  const categoryUrls = cats.map((c) => {
    const lastmod = latest(c.createdAt, itemTimes.get(c.id));
    byType.set(c.type, latest(byType.get(c.type), lastmod));
    return { loc: `${baseUrl}/categories/collections/${c.type}/${c.id}`, lastmod };
  });
  const newest = latest(...byType.values());
  const all = newest === EPOCH ? new Date() : newest;
  return [
    { loc: `${baseUrl}/`, lastmod: all },
    ...CATEGORY_TYPES.map((t) => ({ loc: `${baseUrl}/categories/collections/${t}/001`, lastmod: byType.get(t) ?? all })),
    ...categoryUrls,
    ...(await sellerUrls(db, baseUrl)),
  ];
}

/** The shop page of every public seller (approved, active business accounts; ADR 0210), oldest account first. */
async function sellerUrls(db: Executor, baseUrl: string): Promise<SitemapUrl[]> {
  const rows = await db
    .select({ username: users.username, updatedAt: users.updatedAt })
    .from(users)
    .where(and(eq(users.accType, "business"), eq(users.status, "approved"), eq(users.active, true)))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map((r) => ({ loc: `${baseUrl}${sellerPath(r.username)}`, lastmod: r.updatedAt }));
}

/** Number of public products and services. */
async function countItems(db: Executor): Promise<{ products: number; services: number }> {
  const [p] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(eq(products.listed, true));
  const [s] = await db.select({ n: sql<number>`count(*)::int` }).from(posts).where(eq(posts.listed, true));
  return { products: p?.n ?? 0, services: s?.n ?? 0 };
}

/**
 * One page of public item URLs, oldest first (so a page's contents only change when items go),
 * `limit` per page, `page` 1-based.
 */
async function itemUrls(
  db: Executor,
  kind: "market-place" | "services",
  baseUrl: string,
  page: number,
  limit: number,
): Promise<SitemapUrl[]> {
  const table = kind === "market-place" ? products : posts;
  const rows = await db
    .select({ id: table.id, updatedAt: table.updatedAt })
    .from(table)
    .where(eq(table.listed, true))
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((r) => ({ loc: `${baseUrl}${itemPath(kind, r.id)}`, lastmod: r.updatedAt }));
}

/** Newest change among public items of a kind (for the index's lastmod). */
async function newestItem(db: Executor, kind: "market-place" | "services"): Promise<Date> {
  const table = kind === "market-place" ? products : posts;
  const [row] = await db
    .select({ lastmod: sql<Date | null>`max(${table.updatedAt})`.mapWith(table.updatedAt) })
    .from(table)
    .where(eq(table.listed, true));
  return row?.lastmod ?? EPOCH;
}

export type SitemapDocument = { kind: "urlset"; urls: SitemapUrl[] } | { kind: "index"; parts: SitemapPart[] };

/**
 * What /sitemap.xml answers: every URL in one <urlset> while they fit in `maxUrls`, otherwise a
 * <sitemapindex> of parts: "pages.xml", then "market-place-N.xml" and "services-N.xml" with at
 * most `maxUrls` each.
 */
export async function buildSitemap(db: Executor, baseUrl: string, maxUrls = SITEMAP_MAX_URLS): Promise<SitemapDocument> {
  const pages = await pageUrls(db, baseUrl);
  const counts = await countItems(db);
  if (pages.length + counts.products + counts.services <= maxUrls) {
    const urls = [
      ...pages,
      ...(await itemUrls(db, "market-place", baseUrl, 1, maxUrls)),
      ...(await itemUrls(db, "services", baseUrl, 1, maxUrls)),
    ];
    return { kind: "urlset", urls };
  }
  const parts: SitemapPart[] = [{ name: "pages.xml", lastmod: latest(...pages.map((p) => p.lastmod)) }];
  for (const kind of CATEGORY_TYPES) {
    const count = kind === "market-place" ? counts.products : counts.services;
    const newest = await newestItem(db, kind);
    for (let n = 1; n <= Math.ceil(count / maxUrls); n++) parts.push({ name: `${kind}-${n}.xml`, lastmod: newest });
  }
  return { kind: "index", parts };
}

/**
 * The URLs of one part of the index ("pages.xml", "market-place-3.xml", ...), or null when the
 * name is not a part or the page is past the end.
 */
export async function sitemapPart(db: Executor, baseUrl: string, name: string, maxUrls = SITEMAP_MAX_URLS): Promise<SitemapUrl[] | null> {
  if (name === "pages.xml") return pageUrls(db, baseUrl);
  const m = /^(market-place|services)-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!m) return null;
  const urls = await itemUrls(db, m[1] as "market-place" | "services", baseUrl, Number(m[2]), maxUrls);
  return urls.length ? urls : null;
}
