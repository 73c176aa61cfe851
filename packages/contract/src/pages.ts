/**
 * The storefront's server-drawn pages (ADR 0072, 0130, 0170): the one table a shopper page is added
 * to. Everything else about such a page is derived from it: the server's drawing, preload and
 * redirect rules (apps/server/src/plugins/landing-pages.ts), the first-load budget
 * (scripts/budget.mjs), the pages Lighthouse measures (scripts/lib/built-server.mjs) and the e2e
 * check that each one is drawn without JavaScript (e2e/server-drawn.spec.ts). Plain data on the
 * contract's paths, free of side effects; the .mjs scripts load it with tsx's `tsImport`.
 */
import { STOREFRONT_PATHS } from "./routes.js";

type StorefrontPath = (typeof STOREFRONT_PATHS)[keyof typeof STOREFRONT_PATHS];

export type ServerDrawnPage = {
  /** Short name: the budget's and Lighthouse's label. */
  name: string;
  /** Its paths (STOREFRONT_PATHS); the first is the one the tools load. */
  paths: readonly [StorefrontPath, ...StorefrontPath[]];
  /**
   * A path the tools load when the page's path has parameters; `:productId` stands for a product
   * of the demo data. Such a page is left out of the e2e list of frames.
   */
  sample?: string;
  /** The page module the web router lazy-loads (apps/web/src/app/routes.tsx), relative to apps/web, as in Vite's manifest. */
  page: string;
  /**
   * The lazy parts of the page the server draws (`lazyComponent` with a preload in the page
   * module), listed with the page so they load before the app hydrates (ADR 0073).
   */
  parts?: readonly string[];
  /** A page for a signed-in customer: where a visitor without a session goes (`signin`: /signin?from=<path>). */
  signedOutTo?: "signin" | "/";
  /** Only customers use it: business and admin accounts go to / (the app's useCustomerOnly). */
  customersOnly?: boolean;
  /**
   * Its first-load JavaScript limit in bytes, gzipped (scripts/budget.mjs, ADR 0051): `true` the
   * default limit, a number its own (ADR 0147); absent, the page is not guarded.
   */
  budgetJs?: true | number;
};

/**
 * The header's search box (ADR 0205) on every storefront page, in bytes of gzipped JavaScript: the
 * plain form and its combobox keys (its suggestions load on first focus). The routes it alone took
 * over their limit carry it on top (ADR 0214; at most 1.5 KB, measured 1.1 KB).
 */
const SEARCH_BOX_JS = 1_200;

/**
 * Products in sizes and colours (ADR 0215) on the pages that draw a product's price at first paint:
 * the variant choice ("from ₦X", the chosen variant's price, stock and picture) in bytes of gzipped
 * JavaScript; the picker itself loads on its own. Carried by the product and shop pages (ADR 0214).
 */
const VARIANT_CHOICE_JS = 600;

/**
 * The header's bell loaded before hydration on a page the server drew signed in (web
 * `components/notifications/bell-loader.ts`), so that a tap on it after `data-app-ready` is not lost:
 * its preload in the app's first chunk, in bytes of gzipped JavaScript (measured 45-50). The route it
 * alone took over its limit carries it on top, as with the search box.
 */
const SIGNED_IN_BELL_JS = 100;

/** Every shopper page the server draws, in the order the tools report them. */
export const SERVER_DRAWN_PAGES: readonly ServerDrawnPage[] = [
  {
    name: "home",
    paths: [STOREFRONT_PATHS.home],
    page: "src/features/home/pages/home-page.tsx",
    parts: ["src/features/home/components/newsletter-fields.tsx"],
    budgetJs: true,
  },
  {
    name: "listing",
    paths: [STOREFRONT_PATHS.listing],
    sample: "/categories/collections/market-place/001",
    page: "src/features/catalog/pages/category-listing-page.tsx",
    parts: ["src/features/catalog/components/pagination.impl.tsx"],
    budgetJs: SEARCH_BOX_JS + 150_000,
  },
  {
    name: "search",
    paths: [STOREFRONT_PATHS.search],
    sample: "/search?q=samsung",
    page: "src/features/search/pages/search-page.tsx",
    budgetJs: true,
  },
  {
    name: "product",
    paths: [STOREFRONT_PATHS.product],
    sample: "/product/market-place/:productId",
    page: "src/features/catalog/pages/product-detail-page.tsx",
    parts: ["src/features/catalog/components/detail-tabs.tsx"],
    budgetJs: SEARCH_BOX_JS + VARIANT_CHOICE_JS + SIGNED_IN_BELL_JS + 150_000,
  },
  // The shop page is the listing's grid under the seller's profile and score (ADR 0210): about 2 KB
  // over the listing, so a limit of its own a little above the landing pages' default.
  {
    name: "seller",
    paths: [STOREFRONT_PATHS.seller],
    sample: "/seller/adagadgets",
    page: "src/features/catalog/pages/seller-page.tsx",
    parts: ["src/features/catalog/components/pagination.impl.tsx"],
    budgetJs: VARIANT_CHOICE_JS + 153_000,
  },
  // Sign-in and contact draw a form with Mantine's inputs and @mantine/form (the contract's schemas
  // and Zod load on the form's first focus); cart and account draw Mantine's Table, which brings
  // its scroll area and floating-ui (ADR 0147).
  { name: "signin", paths: [STOREFRONT_PATHS.signin], page: "src/features/accounts/pages/signin-page.tsx", budgetJs: 175_000 },
  { name: "cart", paths: [STOREFRONT_PATHS.cart], page: "src/features/cart/pages/cart-page.tsx", budgetJs: SEARCH_BOX_JS + 190_000 },
  { name: "wishlist", paths: [STOREFRONT_PATHS.wishlist], page: "src/features/catalog/pages/wishlist-page.tsx" },
  { name: "about", paths: [STOREFRONT_PATHS.about], page: "src/features/home/pages/about-page.tsx" },
  {
    name: "contact",
    paths: [STOREFRONT_PATHS.contact, STOREFRONT_PATHS.contactScreen],
    page: "src/features/catalog/pages/contact-page.tsx",
    budgetJs: 175_000,
  },
  // Checkout, the address book and the password change draw their forms with the user's data; their
  // schemas (Zod) load on the form's first focus, and the address book's form (closed at first) after
  // the page has started (ADR 0192).
  {
    name: "checkout",
    paths: [STOREFRONT_PATHS.checkout],
    page: "src/features/cart/pages/checkout-page.tsx",
    signedOutTo: "/",
    budgetJs: 200_000,
  },
  {
    name: "account",
    paths: [STOREFRONT_PATHS.account],
    page: "src/features/accounts/pages/account-page.tsx",
    signedOutTo: "signin",
    customersOnly: true,
    budgetJs: SEARCH_BOX_JS + 190_000,
  },
  // The buyer's order page: Mantine's Timeline and the printable receipt, under the account's limit.
  {
    name: "account-order",
    paths: [STOREFRONT_PATHS.accountOrder],
    page: "src/features/accounts/pages/order-page.tsx",
    signedOutTo: "signin",
    customersOnly: true,
    budgetJs: 190_000,
  },
  {
    name: "address",
    paths: [STOREFRONT_PATHS.address],
    page: "src/features/accounts/pages/address-page.tsx",
    signedOutTo: "signin",
    customersOnly: true,
    budgetJs: 165_000,
  },
  {
    name: "change-password",
    paths: [STOREFRONT_PATHS.changePassword],
    page: "src/features/accounts/pages/change-password-page.tsx",
    signedOutTo: "signin",
    customersOnly: true,
    budgetJs: SEARCH_BOX_JS + 175_000,
  },
];
