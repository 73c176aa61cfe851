/**
 * The storefront's pages drawn on the server (server-render.ts, ADR 0072): every shopper page. The
 * catalog pages are the same for every shopper; the pages that depend on the signed-in user draw
 * their frame (title, headings, placeholders) while the server does not know the visitor (ADR 0130).
 * `page` is the page module the web router lazy-loads (apps/web/src/app/routes.tsx) and `parts` the
 * lazy parts of that page the server draws (`lazyComponent` with a preload in the page module),
 * which route-preload.ts lists so they load before the app hydrates and hydration never waits for
 * them (ADR 0073). Patterns are tested against the pathname (no query string).
 */
export type LandingPage = { pattern: RegExp; page?: string; parts?: string[] };

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
  { pattern: /^\/checkout\/?$/, page: "src/features/cart/pages/checkout-page.tsx" },
  { pattern: /^\/wishlist\/?$/, page: "src/features/catalog/pages/wishlist-page.tsx" },
  { pattern: /^\/account\/?$/, page: "src/features/accounts/pages/account-page.tsx" },
  { pattern: /^\/address\/?$/, page: "src/features/accounts/pages/address-page.tsx" },
  { pattern: /^\/changePass\/?$/, page: "src/features/accounts/pages/change-password-page.tsx" },
];
