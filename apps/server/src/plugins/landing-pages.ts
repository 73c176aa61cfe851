/**
 * The storefront's pages drawn on the server (server-render.ts, ADR 0072): every shopper page. The
 * catalog pages are the same for every shopper; the pages that depend on the signed-in user draw
 * their frame (title, headings, placeholders) while the server does not know the visitor (ADR 0130).
 * `page` is the page module the web router lazy-loads (apps/web/src/app/routes.tsx) and `parts` the
 * lazy parts of that page the server draws (`lazyComponent` with a preload in the page module),
 * which route-preload.ts lists so they load before the app hydrates and hydration never waits for
 * them (ADR 0073). Patterns are tested against the pathname (no query string).
 */
export type LandingPage = {
  pattern: RegExp;
  page?: string;
  parts?: string[];
  /** A page for a signed-in customer: where a visitor without a session goes (`signin`: /signin?from=<path>). */
  signedOutTo?: "signin" | "/";
  /** Only customers use it: business and admin accounts go to / (the app's useCustomerOnly). */
  customersOnly?: boolean;
};

export const LANDING_PAGES: LandingPage[] = [
  { pattern: /^\/$/, page: "src/features/home/pages/home-page.tsx", parts: ["src/features/home/components/newsletter-fields.tsx"] },
  {
    pattern: /^\/categories\/collections\/[^/]+\/[^/]+\/?$/,
    page: "src/features/catalog/pages/category-listing-page.tsx",
    parts: ["src/features/catalog/components/pagination.impl.tsx"],
  },
  {
    pattern: /^\/product\/[^/]+\/[^/]+\/?$/,
    page: "src/features/catalog/pages/product-detail-page.tsx",
    parts: ["src/features/catalog/components/detail-tabs.tsx"],
  },
  { pattern: /^\/aboutScreen\/?$/, page: "src/features/home/pages/about-page.tsx" },
  { pattern: /^\/contact(Screen)?\/?$/, page: "src/features/catalog/pages/contact-page.tsx" },
  { pattern: /^\/signin\/?$/, page: "src/features/accounts/pages/signin-page.tsx" },
  { pattern: /^\/cart\/?$/, page: "src/features/cart/pages/cart-page.tsx" },
  { pattern: /^\/checkout\/?$/, page: "src/features/cart/pages/checkout-page.tsx", signedOutTo: "/" },
  { pattern: /^\/wishlist\/?$/, page: "src/features/catalog/pages/wishlist-page.tsx" },
  {
    pattern: /^\/account\/?$/,
    page: "src/features/accounts/pages/account-page.tsx",
    signedOutTo: "signin",
    customersOnly: true,
  },
  {
    pattern: /^\/address\/?$/,
    page: "src/features/accounts/pages/address-page.tsx",
    signedOutTo: "signin",
    customersOnly: true,
  },
  {
    pattern: /^\/changePass\/?$/,
    page: "src/features/accounts/pages/change-password-page.tsx",
    signedOutTo: "signin",
    customersOnly: true,
  },
];

/** The pages for a signed-in customer, matched in any letter case as the web router matches them. */
const SIGNED_IN_PAGES = LANDING_PAGES.filter((p) => p.signedOutTo).map((p) => ({ ...p, anyCase: new RegExp(p.pattern.source, "i") }));

/**
 * Where the server sends a visitor of `pathname` instead of drawing it, or null to draw it: the
 * same places the app sends them once it has started (useCustomerOnly, the checkout page), decided
 * before any render, so the visitor sees no page flash by and the server draws nothing for nobody.
 * Without a valid session (`user` null: no cookie, or its session ended or the account is blocked)
 * /checkout goes to / and the customer area to /signin?from=<path>, whose login form returns there;
 * business and admin accounts go from the customer area to /. The app's own redirects stay for
 * links followed inside the app and for a session that ends after the page was drawn.
 */
export function signedInRedirect(pathname: string, user: { accType: string } | null): string | null {
  const page = SIGNED_IN_PAGES.find((p) => p.anyCase.test(pathname));
  if (!page) return null;
  if (!user) return page.signedOutTo === "signin" ? `/signin?from=${encodeURIComponent(pathname)}` : "/";
  return page.customersOnly && user.accType !== "customer" ? "/" : null;
}
