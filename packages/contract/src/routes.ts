/**
 * The web app's page paths (spec §2), in React Router's syntax (`:param` is one path segment). The
 * web's route table (apps/web/src/app/routes.tsx) is built from them, and the server answers 404 for
 * any other path (plugins/spa.ts), so crawlers and monitoring see the not-found page as one.
 * Free of side effects: the server imports it without React.
 */

/** The back office's prefix (spec §2). */
export const BACKOFFICE_BASE = "/admin_real/dashboard";

/** The storefront's pages, under the public layout (header and footer). */
export const STOREFRONT_PATHS = {
  home: "/",
  product: "/product/:type/:id",
  listing: "/categories/collections/:type/:id",
  search: "/search",
  shop: "/shop",
  wishlist: "/wishlist",
  contact: "/contact",
  contactScreen: "/contactScreen",
  about: "/aboutScreen",
  signin: "/signin",
  account: "/account",
  accountOrder: "/account/orders/:id",
  address: "/address",
  changePassword: "/changePass",
  cart: "/cart",
  checkout: "/checkout",
  notificationSettings: "/account/notifications",
  /** A seller's public shop page (ADR 0210). */
  seller: "/seller/:username",
} as const;

/** The back office's pages, under its own layout. */
export const BACKOFFICE_PATHS = {
  dashboard: BACKOFFICE_BASE,
  addProducts: `${BACKOFFICE_BASE}/add_products`,
  updateProducts: `${BACKOFFICE_BASE}/update_products/:id`,
  viewProducts: `${BACKOFFICE_BASE}/view_products`,
  viewOrderedProducts: `${BACKOFFICE_BASE}/view_ordered_products`,
  bulkProducts: `${BACKOFFICE_BASE}/bulk_products`,
  order: `${BACKOFFICE_BASE}/orders/:id`,
  addCategories: `${BACKOFFICE_BASE}/add_categories`,
  updateCategories: `${BACKOFFICE_BASE}/update_categories/:id`,
  viewCategories: `${BACKOFFICE_BASE}/view_categories`,
  addServices: `${BACKOFFICE_BASE}/add_services`,
  // Both readings of spec §2; the lower-case one redirects to the other.
  updateService: `${BACKOFFICE_BASE}/update_Service/:id`,
  updateServiceLower: `${BACKOFFICE_BASE}/update_service/:id`,
  viewServices: `${BACKOFFICE_BASE}/view_services`,
  transactions: `${BACKOFFICE_BASE}/transactions`,
  earnings: `${BACKOFFICE_BASE}/earnings`,
  shipping: `${BACKOFFICE_BASE}/shipping`,
  finance: `${BACKOFFICE_BASE}/finance`,
  payouts: `${BACKOFFICE_BASE}/payouts`,
  disputes: `${BACKOFFICE_BASE}/disputes`,
  commission: `${BACKOFFICE_BASE}/commission`,
  sellers: `${BACKOFFICE_BASE}/sellers`,
  users: `${BACKOFFICE_BASE}/users`,
  messages: `${BACKOFFICE_BASE}/messages`,
  /** The admins' reports queue (ADR 0213). */
  reports: `${BACKOFFICE_BASE}/reports`,
  /** The seller's reviews, score and reports (ADR 0211-0213). */
  trust: `${BACKOFFICE_BASE}/reviews`,
  settings: `${BACKOFFICE_BASE}/settings`,
  searchSynonyms: `${BACKOFFICE_BASE}/search_synonyms`,
  changePassword: `${BACKOFFICE_BASE}/change_pwd`,
  notificationSettings: `${BACKOFFICE_BASE}/notifications`,
  // The services list's "Add New" link points at this other prefix (spec §2); it redirects.
  addServicesAlias: "/admin/dashboard/add_Services",
} as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The body of a path pattern's RegExp: `:param` one non-empty segment, an optional trailing slash. */
function patternSource(pattern: string): string {
  const body = pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") ? "[^/]+" : escapeRegExp(segment)))
    .join("/");
  return `/${body}${body ? "/?" : ""}`;
}

/** A path pattern as React Router matches it: case-insensitive, `:param` one non-empty segment, an optional trailing slash. */
function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^${patternSource(pattern)}$`, "i");
}

/**
 * A RegExp matching a pathname (no query string) that is any of `patterns` (this module's paths)
 * in their own letter case: `:param` one non-empty segment, an optional trailing slash.
 */
export function pathsRegExp(patterns: readonly string[]): RegExp {
  const sources = patterns.map(patternSource);
  return new RegExp(`^${sources.length === 1 ? sources[0] : `(?:${sources.join("|")})`}$`);
}

/** Built on the first call: a top-level statement would stay in every browser bundle that reads a path. */
let appPatterns: RegExp[] | undefined;

/**
 * Whether `pathname` (no query string, not percent-decoded) is one of the app's pages; any other
 * path draws the not-found page (spec §2). Case-insensitive like the web's router: of the two
 * case-sensitive readings of update_Service, the other one takes any spelling.
 */
export function isAppPath(pathname: string): boolean {
  appPatterns ??= [...Object.values(STOREFRONT_PATHS), ...Object.values(BACKOFFICE_PATHS)].map(patternRegExp);
  return appPatterns.some((re) => re.test(pathname));
}
