/**
 * Every route of spec §2, lazy-loaded so each screen is its own chunk (the back office is never
 * downloaded by a shopper). Public routes share the header and footer; the back office has its own
 * layout under /admin_real/dashboard. Shared by the browser router (router.tsx) and the server
 * renderer (entry-server.tsx): this module must not touch `window` when imported. The paths come
 * from the contract (`STOREFRONT_PATHS`, `BACKOFFICE_PATHS`), which the server also reads to answer
 * 404 for any other path.
 */
import { BACKOFFICE_PATHS, STOREFRONT_PATHS } from "@market/contract";
import { Navigate, type RouteObject } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { lazyPage } from "./lazy-page";
import { RouteError } from "./route-error";

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage("home", () => import("../features/home/pages/home-page")) },
          { path: STOREFRONT_PATHS.product, lazy: lazyPage("product", () => import("../features/catalog/pages/product-detail-page")) },
          {
            path: STOREFRONT_PATHS.listing,
            lazy: lazyPage("listing", () => import("../features/catalog/pages/category-listing-page")),
          },
          { path: STOREFRONT_PATHS.search, lazy: lazyPage("search", () => import("../features/search/pages/search-page")) },
          { path: STOREFRONT_PATHS.seller, lazy: lazyPage("seller", () => import("../features/catalog/pages/seller-page")) },
          { path: STOREFRONT_PATHS.shop, element: <Navigate to="/categories/collections/market-place/001" replace /> },
          { path: STOREFRONT_PATHS.wishlist, lazy: lazyPage("wishlist", () => import("../features/catalog/pages/wishlist-page")) },
          { path: STOREFRONT_PATHS.contact, lazy: lazyPage("contact", () => import("../features/catalog/pages/contact-page")) },
          { path: STOREFRONT_PATHS.contactScreen, lazy: lazyPage("contact", () => import("../features/catalog/pages/contact-page")) },
          { path: STOREFRONT_PATHS.about, lazy: lazyPage("about", () => import("../features/home/pages/about-page")) },
          { path: STOREFRONT_PATHS.signin, lazy: lazyPage("signin", () => import("../features/accounts/pages/signin-page")) },
          { path: STOREFRONT_PATHS.account, lazy: lazyPage("account", () => import("../features/accounts/pages/account-page")) },
          { path: STOREFRONT_PATHS.accountOrder, lazy: lazyPage("account-order", () => import("../features/accounts/pages/order-page")) },
          { path: STOREFRONT_PATHS.address, lazy: lazyPage("address", () => import("../features/accounts/pages/address-page")) },
          {
            path: STOREFRONT_PATHS.changePassword,
            lazy: lazyPage("change-password", () => import("../features/accounts/pages/change-password-page")),
          },
          { path: STOREFRONT_PATHS.cart, lazy: lazyPage("cart", () => import("../features/cart/pages/cart-page")) },
          { path: STOREFRONT_PATHS.checkout, lazy: lazyPage("checkout", () => import("../features/cart/pages/checkout-page")) },
          {
            path: STOREFRONT_PATHS.notificationSettings,
            lazy: lazyPage("notification-settings", () => import("../features/accounts/pages/notification-settings-page")),
          },
          { path: "*", lazy: lazyPage("not-found", () => import("../components/not-found-page")) },
        ],
      },
    ],
  },
  {
    path: BACKOFFICE_PATHS.dashboard,
    errorElement: <RouteError />,
    lazy: lazyPage("backoffice", () => import("../features/backoffice/layout/backoffice-layout")),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage("bo-dashboard", () => import("../features/backoffice/pages/dashboard-page")) },
          {
            path: BACKOFFICE_PATHS.addProducts,
            lazy: lazyPage("bo-product-form", () => import("../features/backoffice/pages/product-form-page")),
          },
          {
            path: BACKOFFICE_PATHS.updateProducts,
            lazy: lazyPage("bo-product-form", () => import("../features/backoffice/pages/product-form-page")),
          },
          {
            path: BACKOFFICE_PATHS.viewProducts,
            lazy: lazyPage("bo-products", () => import("../features/backoffice/pages/products-page")),
          },
          {
            path: BACKOFFICE_PATHS.viewOrderedProducts,
            lazy: lazyPage("bo-ordered", () => import("../features/backoffice/pages/ordered-products-page")),
          },
          {
            path: BACKOFFICE_PATHS.bulkProducts,
            lazy: lazyPage("bo-bulk-products", () => import("../features/backoffice/pages/bulk-products-page")),
          },
          { path: BACKOFFICE_PATHS.order, lazy: lazyPage("bo-order", () => import("../features/backoffice/pages/order-page")) },
          {
            path: BACKOFFICE_PATHS.addCategories,
            lazy: lazyPage("bo-category-form", () => import("../features/backoffice/pages/category-form-page")),
          },
          {
            path: BACKOFFICE_PATHS.updateCategories,
            lazy: lazyPage("bo-category-form", () => import("../features/backoffice/pages/category-form-page")),
          },
          {
            path: BACKOFFICE_PATHS.viewCategories,
            lazy: lazyPage("bo-categories", () => import("../features/backoffice/pages/categories-page")),
          },
          {
            path: BACKOFFICE_PATHS.addServices,
            lazy: lazyPage("bo-service-form", () => import("../features/backoffice/pages/service-form-page")),
          },
          // Case-sensitive, so the lower-case reading below reaches its redirect (paths match case-insensitively by default).
          {
            path: BACKOFFICE_PATHS.updateService,
            caseSensitive: true,
            lazy: lazyPage("bo-service-form", () => import("../features/backoffice/pages/service-form-page")),
          },
          {
            path: BACKOFFICE_PATHS.updateServiceLower,
            lazy: lazyPage("bo-service-redirect", () => import("../features/backoffice/pages/service-redirect-page")),
          },
          {
            path: BACKOFFICE_PATHS.viewServices,
            lazy: lazyPage("bo-services", () => import("../features/backoffice/pages/services-page")),
          },
          {
            path: BACKOFFICE_PATHS.transactions,
            lazy: lazyPage("bo-transactions", () => import("../features/backoffice/pages/transactions-page")),
          },
          { path: BACKOFFICE_PATHS.earnings, lazy: lazyPage("bo-earnings", () => import("../features/backoffice/pages/earnings-page")) },
          { path: BACKOFFICE_PATHS.shipping, lazy: lazyPage("bo-shipping", () => import("../features/backoffice/pages/shipping-page")) },
          { path: BACKOFFICE_PATHS.finance, lazy: lazyPage("bo-finance", () => import("../features/backoffice/pages/finance-page")) },
          { path: BACKOFFICE_PATHS.payouts, lazy: lazyPage("bo-payouts", () => import("../features/backoffice/pages/payouts-page")) },
          { path: BACKOFFICE_PATHS.disputes, lazy: lazyPage("bo-disputes", () => import("../features/backoffice/pages/disputes-page")) },
          {
            path: BACKOFFICE_PATHS.commission,
            lazy: lazyPage("bo-commission", () => import("../features/backoffice/pages/commission-page")),
          },
          { path: BACKOFFICE_PATHS.sellers, lazy: lazyPage("bo-sellers", () => import("../features/backoffice/pages/sellers-page")) },
          { path: BACKOFFICE_PATHS.users, lazy: lazyPage("bo-users", () => import("../features/backoffice/pages/users-page")) },
          { path: BACKOFFICE_PATHS.messages, lazy: lazyPage("bo-messages", () => import("../features/backoffice/pages/messages-page")) },
          { path: BACKOFFICE_PATHS.reports, lazy: lazyPage("bo-reports", () => import("../features/backoffice/pages/reports-page")) },
          { path: BACKOFFICE_PATHS.trust, lazy: lazyPage("bo-trust", () => import("../features/backoffice/pages/trust-page")) },
          { path: BACKOFFICE_PATHS.settings, lazy: lazyPage("bo-settings", () => import("../features/backoffice/pages/settings-page")) },
          {
            path: BACKOFFICE_PATHS.searchSynonyms,
            lazy: lazyPage("bo-synonyms", () => import("../features/backoffice/pages/synonyms-page")),
          },
          {
            path: BACKOFFICE_PATHS.notificationSettings,
            lazy: lazyPage("bo-notification-settings", () => import("../features/backoffice/pages/notification-settings-page")),
          },
          {
            path: BACKOFFICE_PATHS.changePassword,
            lazy: lazyPage("bo-change-password", () => import("../features/backoffice/pages/change-password-page")),
          },
        ],
      },
    ],
  },
  // The services list's "Add New" link points at this other prefix (spec §2).
  { path: BACKOFFICE_PATHS.addServicesAlias, element: <Navigate to={BACKOFFICE_PATHS.addServices} replace /> },
];
