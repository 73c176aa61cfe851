/**
 * The <head> tags of a product or service page, or a seller's shop page (ADR 0210), as the server sends it (link previews, ADR 0062):
 * <title>, meta description, canonical link, Open Graph (og:type=product) and schema.org Product
 * JSON-LD, so a link shared on WhatsApp shows a picture, a name and a naira price without running
 * the app. Pure functions: every value is escaped here (HTML attributes/text and `</script>`
 * breakouts inside JSON-LD).
 */
import { averageStars, CURRENCY, formatNaira, TEXT } from "@market/contract";

const SITE_NAME = "Naija Market";
/** Longest meta/og description we send (characters); previews show about this much. */
const DESCRIPTION_MAX = 200;

/** One product or service page, already checked to be public. Money in naira. */
export type SeoItem =
  | {
      kind: "market-place";
      id: string;
      name: string;
      description: string;
      price: number;
      countInStock: number;
      categoryName: string;
      sellerName: string;
      image: SeoImage | null;
      images: string[];
      updatedAt: Date;
    }
  | {
      kind: "services";
      id: string;
      body: string;
      categoryName: string;
      sellerName: string;
      ratingCount: number;
      ratingSum: number;
      image: SeoImage | null;
      images: string[];
      updatedAt: Date;
    };

/** The preview picture: absolute URL and, when known, its size in pixels. */
export type SeoImage = { url: string; width?: number; height?: number; type?: string };

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Escape text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON for an inline <script type="application/ld+json">: `<`, `>` and `&` become \u escapes (so
 * neither `</script>` nor `<!--` can end or confuse the block), as do U+2028/U+2029.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Collapse whitespace and control characters and cut to `max` characters (with an ellipsis). */
function plainText(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const flat = value.replace(/[\u0000-\u001f\u007f\s]+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** The page URL of an item, relative to the site root (spec §2: /product/:type/:id). */
export function itemPath(kind: SeoItem["kind"], id: string): string {
  return `/product/${kind}/${id}`;
}

/** Title, description and the JSON-LD object of an item (the parts the tests check). */
function describeItem(item: SeoItem, baseUrl: string) {
  const url = `${baseUrl}${itemPath(item.kind, item.id)}`;
  if (item.kind === "market-place") {
    const inStock = item.countInStock > 0;
    const title = `${plainText(item.name, 120)} - ${formatNaira(item.price)}`;
    const stock = inStock ? TEXT.stock.inStock : TEXT.stock.outOfStock;
    const description = plainText(
      `${formatNaira(item.price)} · ${stock} · ${item.description || `${item.name} from ${item.sellerName} on ${SITE_NAME}.`}`,
      DESCRIPTION_MAX,
    );
    const jsonLd = {
      "@context": "https://schema.org",
      "@type": "Product",
      "@id": url,
      name: plainText(item.name, 300),
      description: plainText(item.description || item.name, 5000),
      sku: item.id,
      url,
      ...(item.images.length ? { image: item.images } : {}),
      category: item.categoryName,
      brand: { "@type": "Brand", name: item.sellerName },
      offers: {
        "@type": "Offer",
        url,
        price: item.price.toFixed(2),
        priceCurrency: CURRENCY,
        availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@type": "Organization", name: item.sellerName },
      },
    };
    return { url, title, description, jsonLd, price: item.price };
  }
  const stars = averageStars(item.ratingSum, item.ratingCount);
  const name = `${item.categoryName} service by ${item.sellerName}`;
  const rated = stars === null ? "" : `★ ${stars.toFixed(1)} (${item.ratingCount} ${item.ratingCount === 1 ? "rating" : "ratings"}) · `;
  const description = plainText(`${rated}${item.body}`, DESCRIPTION_MAX);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": url,
    name: plainText(name, 300),
    description: plainText(item.body, 5000),
    sku: item.id,
    url,
    ...(item.images.length ? { image: item.images } : {}),
    category: item.categoryName,
    brand: { "@type": "Brand", name: item.sellerName },
    ...(stars === null
      ? {}
      : {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: stars,
            ratingCount: item.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }),
  };
  return { url, title: plainText(name, 120), description, jsonLd, price: null };
}

const meta = (attr: "name" | "property", key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;

/** Every page's title, description, canonical link and Open Graph basics, escaped. */
function pageTags(title: string, description: string, url: string, ogType: "product" | "profile"): string[] {
  return [
    `<title>${escapeHtml(`${title} | ${SITE_NAME}`)}</title>`,
    meta("name", "description", description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta("property", "og:type", ogType),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:locale", "en_NG"),
    meta("property", "og:title", title),
    meta("property", "og:description", description),
    meta("property", "og:url", url),
  ];
}

/** The tags to insert before </head>: every value escaped. */
export function renderHead(item: SeoItem, baseUrl: string): string {
  const { url, title, description, jsonLd, price } = describeItem(item, baseUrl);
  const tags = pageTags(title, description, url, "product");
  if (item.image) {
    tags.push(meta("property", "og:image", item.image.url));
    if (item.image.type) tags.push(meta("property", "og:image:type", item.image.type));
    if (item.image.width && item.image.height) {
      tags.push(meta("property", "og:image:width", String(item.image.width)));
      tags.push(meta("property", "og:image:height", String(item.image.height)));
    }
    tags.push(meta("property", "og:image:alt", title));
  }
  if (price !== null) {
    tags.push(meta("property", "product:price:amount", price.toFixed(2)));
    tags.push(meta("property", "product:price:currency", CURRENCY));
  }
  tags.push(meta("name", "twitter:card", "summary"));
  tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  return tags.join("\n    ");
}

/** A public seller's shop page (ADR 0210), already checked to be public. */
export type SeoSeller = {
  username: string;
  names: string;
  desc: string;
  state: string | null;
  city: string | null;
  blueTick: boolean;
  /** Absolute URL of the profile picture, or null. */
  image: string | null;
  rating: number | null;
  ratingCount: number;
  scoreLabel: string;
  productsCount: number;
  servicesCount: number;
};

/** The page URL of a seller's shop, relative to the site root. */
export function sellerPath(username: string): string {
  return `/seller/${encodeURIComponent(username)}`;
}

/** Title, description and JSON-LD (schema.org Organization, with its aggregateRating when rated) of a shop. */
function describeSeller(seller: SeoSeller, baseUrl: string) {
  const url = `${baseUrl}${sellerPath(seller.username)}`;
  const place = [seller.city, seller.state].filter(Boolean).join(", ");
  const title = plainText(`${seller.names}${place ? ` in ${place}` : ""}`, 120);
  const rated =
    seller.rating === null
      ? ""
      : `★ ${seller.rating.toFixed(1)} (${seller.ratingCount} ${seller.ratingCount === 1 ? "rating" : "ratings"}) · `;
  const counts = `${seller.productsCount} ${seller.productsCount === 1 ? "product" : "products"}, ${seller.servicesCount} ${seller.servicesCount === 1 ? "service" : "services"}`;
  const description = plainText(
    `${rated}${seller.scoreLabel} · ${counts} · ${seller.desc || `${seller.names} on ${SITE_NAME}.`}`,
    DESCRIPTION_MAX,
  );
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Organization",
    "@id": url,
    name: plainText(seller.names, 300),
    alternateName: `@${seller.username}`,
    url,
    ...(seller.desc ? { description: plainText(seller.desc, 5000) } : {}),
    ...(seller.image ? { logo: seller.image, image: seller.image } : {}),
    ...(place
      ? {
          address: {
            "@type": "PostalAddress",
            addressCountry: "NG",
            ...(seller.state ? { addressRegion: seller.state } : {}),
            ...(seller.city ? { addressLocality: seller.city } : {}),
          },
        }
      : {}),
    ...(seller.rating === null
      ? {}
      : {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: seller.rating,
            ratingCount: seller.ratingCount,
            bestRating: 5,
            worstRating: 1,
          },
        }),
  };
  return { url, title, description, jsonLd };
}

/** The head tags of a shop page (title, description, canonical, Open Graph profile, JSON-LD): every value escaped. */
export function renderSellerHead(seller: SeoSeller, baseUrl: string): string {
  const { url, title, description, jsonLd } = describeSeller(seller, baseUrl);
  const tags = [...pageTags(title, description, url, "profile"), meta("property", "profile:username", seller.username)];
  if (seller.image) {
    tags.push(meta("property", "og:image", seller.image));
    tags.push(meta("property", "og:image:alt", seller.names));
  }
  tags.push(meta("name", "twitter:card", "summary"));
  tags.push(`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`);
  return tags.join("\n    ");
}

/**
 * Put `head` into the SPA's index.html (rendered by `renderSpa`), dropping the default <title>
 * and meta description first so a page never carries two.
 */
export function withPageHead(renderSpa: (head?: string) => string, head: string): string {
  const marker = "<!--seo-head-->";
  const html = renderSpa(marker);
  const at = html.indexOf(marker);
  if (at < 0) return html;
  const before = html
    .slice(0, at)
    .replace(/<title>[\s\S]*?<\/title>\s*/i, "")
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, "");
  return `${before}${head}\n  ${html.slice(at + marker.length)}`;
}
