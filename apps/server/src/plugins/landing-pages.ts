import { BACKOFFICE_BASE, pathsRegExp, STOREFRONT_PATHS } from "@market/contract";
import { SERVER_DRAWN_PAGES, type ServerDrawnPage } from "@market/contract/pages";

/**
 * The storefront's pages drawn on the server (server-render.ts, ADR 0072): every shopper page, one
 * entry per page of the contract's table (`SERVER_DRAWN_PAGES`, ADR 0170), which says what each
 * field means. The catalog pages are the same for every shopper; the pages that depend on the
 * signed-in user draw their frame (title, headings, placeholders) while the server does not know
 * the visitor (ADR 0130). route-preload.ts lists `page` and its `parts` so they load before the
 * app hydrates (ADR 0073). `pattern` is tested against the pathname (no query string), in the
 * letter case of the contract's paths.
 */
type LandingPage = ServerDrawnPage & { pattern: RegExp };

export const LANDING_PAGES: LandingPage[] = SERVER_DRAWN_PAGES.map((p) => ({ ...p, pattern: pathsRegExp(p.paths) }));

/** The pages for a signed-in customer, matched in any letter case as the web router matches them. */
/** The sign-in page, in any letter case. */
const SIGNIN = new RegExp(pathsRegExp([STOREFRONT_PATHS.signin]).source, "i");

const SIGNED_IN_PAGES = LANDING_PAGES.filter((p) => p.signedOutTo).map((p) => ({ ...p, anyCase: new RegExp(p.pattern.source, "i") }));

/**
 * Where the server sends a visitor of `pathname` instead of drawing it, or null to draw it: the
 * same places the app sends them once it has started (useCustomerOnly, the checkout page), decided
 * before any render, so the visitor sees no page flash by and the server draws nothing for nobody.
 * Without a valid session (`user` null: no cookie, or its session ended or the account is blocked)
 * /checkout goes to / and the customer area to /signin?from=<path>, whose login form returns there;
 * business and admin accounts go from the customer area to /. A signed-in visitor of /signin has
 * nothing to do there: a customer goes to the account, a business or admin account to the back
 * office (where the login form sends them, `homeOf` in the web's lib/session.ts). The app's own
 * redirects stay for links followed inside the app and for a session that ends after the page was drawn.
 */
export function signedInRedirect(pathname: string, user: { accType: string } | null): string | null {
  if (user && SIGNIN.test(pathname)) return user.accType === "customer" ? STOREFRONT_PATHS.account : BACKOFFICE_BASE;
  const page = SIGNED_IN_PAGES.find((p) => p.anyCase.test(pathname));
  if (!page) return null;
  if (!user) return page.signedOutTo === "signin" ? `/signin?from=${encodeURIComponent(pathname)}` : "/";
  return page.customersOnly && user.accType !== "customer" ? "/" : null;
}
