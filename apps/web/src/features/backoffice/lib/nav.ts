/**
 * The back office's menus (spec §2 "Header and menus", §6 roles):
 * - admin: Dashboard, Categories, Transactions, Disputes (buyers' problems, ADR 0195), Finance (Overview, Payouts,
 *   Commission: design brief "Marketplace money"), Sellers, Users, Messages (the contact inbox, ADR 0183),
 *   Reports (ADR 0213), Settings (with the search synonyms, ADR 0206), Logout;
 * - seller (business): Dashboard, Products, Services, Earnings (design brief "Marketplace money"),
 *   Delivery (rates per state and pickup points, ADR 0199), Reviews & Score (ADR 0211),
 *   Users shown as "Followers", Settings, Logout.
 * Groups (Products, Categories, Services, Finance, Settings) are collapsible, on phones and on desktop.
 */

import type { AccountType } from "@market/contract";

/** The back office's route prefix (spec §2). */
export const BO = "/admin_real/dashboard";

/** The accounts that use the back office (spec §6): every account type but the customer. */
export type Role = Exclude<AccountType, "customer">;

type NavLeaf = { label: string; to: string };
export type NavEntry = { key: string; label: string; to?: string; children?: NavLeaf[] };

/** Menu entries for a role, in the spec's order. Logout is added by the layout. */
export function navFor(role: Role): NavEntry[] {
  const dashboard: NavEntry = { key: "dashboard", label: "Dashboard", to: BO };
  const settings: NavEntry = {
    key: "settings",
    label: "Settings",
    children: [
      { label: "Profile", to: `${BO}/settings` },
      { label: "Change Password", to: `${BO}/change_pwd` },
      { label: "Notifications", to: `${BO}/notifications` },
    ],
  };
  if (role === "admin") {
    return [
      dashboard,
      {
        key: "categories",
        label: "Categories",
        children: [
          { label: "View Categories", to: `${BO}/view_categories` },
          { label: "Add Category", to: `${BO}/add_categories` },
        ],
      },
      { key: "transactions", label: "Transactions", to: `${BO}/transactions` },
      { key: "disputes", label: "Disputes", to: `${BO}/disputes` },
      {
        key: "finance",
        label: "Finance",
        children: [
          { label: "Overview", to: `${BO}/finance` },
          { label: "Payouts", to: `${BO}/payouts` },
          { label: "Commission", to: `${BO}/commission` },
        ],
      },
      { key: "sellers", label: "Sellers", to: `${BO}/sellers` },
      { key: "users", label: "Users", to: `${BO}/users` },
      { key: "messages", label: "Messages", to: `${BO}/messages` },
      { key: "reports", label: "Reports", to: `${BO}/reports` },
      // The store's search settings sit with the admin's own (ADR 0206).
      { ...settings, children: [...settings.children!, { label: "Search Synonyms", to: `${BO}/search_synonyms` }] },
    ];
  }
  return [
    dashboard,
    {
      key: "products",
      label: "Products",
      children: [
        { label: "View Products", to: `${BO}/view_products` },
        { label: "Add Product", to: `${BO}/add_products` },
        { label: "Ordered Products", to: `${BO}/view_ordered_products` },
        { label: "Bulk Upload (CSV)", to: `${BO}/bulk_products` },
      ],
    },
    {
      key: "services",
      label: "Services",
      children: [
        { label: "View Services", to: `${BO}/view_services` },
        { label: "Add Service", to: `${BO}/add_services` },
      ],
    },
    { key: "earnings", label: "Earnings", to: `${BO}/earnings` },
    { key: "shipping", label: "Delivery", to: `${BO}/shipping` },
    { key: "trust", label: "Reviews & Score", to: `${BO}/reviews` },
    { key: "users", label: "Followers", to: `${BO}/users` },
    settings,
  ];
}
