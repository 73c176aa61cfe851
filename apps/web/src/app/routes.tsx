/**
 * Every route of spec §2, lazy-loaded so each screen is its own chunk (the back office is never
 * downloaded by a shopper). Public routes share the header and footer; the back office has its own
 * layout under /admin_real/dashboard. Shared by the browser router (router.tsx) and the server
 * renderer (entry-server.tsx): this module must not touch `window` when imported.
 */
import { Navigate, type RouteObject } from "react-router";
import { PublicLayout } from "./layouts/public-layout";
import { lazyPage } from "./lazy-page";
import { RouteError } from "./route-error";

const BO = "/admin_real/dashboard";

export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage("home", () => import("../features/home/pages/home-page")) },
          { path: "product/:type/:id", lazy: lazyPage("product", () => import("../features/catalog/pages/product-detail-page")) },
          {
            path: "categories/collections/:type/:id",
            lazy: lazyPage("listing", () => import("../features/catalog/pages/category-listing-page")),
          },
          { path: "shop", element: <Navigate to="/categories/collections/market-place/001" replace /> },
          { path: "wishlist", lazy: lazyPage("wishlist", () => import("../features/catalog/pages/wishlist-page")) },
          { path: "contact", lazy: lazyPage("contact", () => import("../features/catalog/pages/contact-page")) },
          { path: "contactScreen", lazy: lazyPage("contact", () => import("../features/catalog/pages/contact-page")) },
          { path: "aboutScreen", lazy: lazyPage("about", () => import("../features/home/pages/about-page")) },
          { path: "signin", lazy: lazyPage("signin", () => import("../features/accounts/pages/signin-page")) },
          { path: "account", lazy: lazyPage("account", () => import("../features/accounts/pages/account-page")) },
          { path: "address", lazy: lazyPage("address", () => import("../features/accounts/pages/address-page")) },
          { path: "changePass", lazy: lazyPage("change-password", () => import("../features/accounts/pages/change-password-page")) },
          { path: "cart", lazy: lazyPage("cart", () => import("../features/cart/pages/cart-page")) },
          { path: "checkout", lazy: lazyPage("checkout", () => import("../features/cart/pages/checkout-page")) },
          { path: "*", lazy: lazyPage("not-found", () => import("./not-found-page")) },
        ],
      },
    ],
  },
  {
    path: BO,
    errorElement: <RouteError />,
    lazy: lazyPage("backoffice", () => import("../features/backoffice/layout/backoffice-layout")),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage("bo-dashboard", () => import("../features/backoffice/pages/dashboard-page")) },
          { path: "add_products", lazy: lazyPage("bo-product-form", () => import("../features/backoffice/pages/product-form-page")) },
          {
            path: "update_products/:id",
            lazy: lazyPage("bo-product-form", () => import("../features/backoffice/pages/product-form-page")),
          },
          { path: "view_products", lazy: lazyPage("bo-products", () => import("../features/backoffice/pages/products-page")) },
          {
            path: "view_ordered_products",
            lazy: lazyPage("bo-ordered", () => import("../features/backoffice/pages/ordered-products-page")),
          },
          { path: "add_categories", lazy: lazyPage("bo-category-form", () => import("../features/backoffice/pages/category-form-page")) },
          {
            path: "update_categories/:id",
            lazy: lazyPage("bo-category-form", () => import("../features/backoffice/pages/category-form-page")),
          },
          { path: "view_categories", lazy: lazyPage("bo-categories", () => import("../features/backoffice/pages/categories-page")) },
          { path: "add_services", lazy: lazyPage("bo-service-form", () => import("../features/backoffice/pages/service-form-page")) },
          // Case-sensitive, so the lower-case reading below reaches its redirect (paths match case-insensitively by default).
          {
            path: "update_Service/:id",
            caseSensitive: true,
            lazy: lazyPage("bo-service-form", () => import("../features/backoffice/pages/service-form-page")),
          },
          {
            path: "update_service/:id",
            lazy: lazyPage("bo-service-redirect", () => import("../features/backoffice/pages/service-redirect-page")),
          },
          { path: "view_services", lazy: lazyPage("bo-services", () => import("../features/backoffice/pages/services-page")) },
          { path: "transactions", lazy: lazyPage("bo-transactions", () => import("../features/backoffice/pages/transactions-page")) },
          { path: "earnings", lazy: lazyPage("bo-earnings", () => import("../features/backoffice/pages/earnings-page")) },
          { path: "finance", lazy: lazyPage("bo-finance", () => import("../features/backoffice/pages/finance-page")) },
          { path: "payouts", lazy: lazyPage("bo-payouts", () => import("../features/backoffice/pages/payouts-page")) },
          { path: "commission", lazy: lazyPage("bo-commission", () => import("../features/backoffice/pages/commission-page")) },
          { path: "sellers", lazy: lazyPage("bo-sellers", () => import("../features/backoffice/pages/sellers-page")) },
          { path: "users", lazy: lazyPage("bo-users", () => import("../features/backoffice/pages/users-page")) },
          { path: "settings", lazy: lazyPage("bo-settings", () => import("../features/backoffice/pages/settings-page")) },
          { path: "change_pwd", lazy: lazyPage("bo-change-password", () => import("../features/backoffice/pages/change-password-page")) },
        ],
      },
    ],
  },
  // The services list's "Add New" link points at this other prefix (spec §2).
  { path: "/admin/dashboard/add_Services", element: <Navigate to={`${BO}/add_services`} replace /> },
];
