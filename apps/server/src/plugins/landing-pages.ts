/**
 * The storefront's landing pages: public, the same for every shopper (no session data), drawn on the
 * server (server-render.ts, ADR 0072). For the three pages Lighthouse measures also the page module
 * the web router lazy-loads for them (apps/web/src/app/routes.tsx) and the lazy parts of that page
 * the server draws (`lazyComponent` with a preload in the page module), which route-preload.ts lists
 * so they load before the app hydrates and hydration never waits for them (ADR 0073). Patterns are
 * tested against the pathname (no query string).
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
  { pattern: /^\/aboutScreen\/?$/ },
  { pattern: /^\/contact(Screen)?\/?$/ },
];
