/**
 * Where the sign-in page returns a customer to (spec §5 "Login"): the page they asked for, given by
 * the app's own redirect (router state) or the server's (`/signin?from=<path>`, landing-pages.ts).
 * `from` is read as a URL against `origin` the way the browser and the router read it, so tabs and
 * newlines are dropped and `\` counts as `/` before the check: only a path of this origin is
 * followed. Returns its path, query and hash, or null for anything else (another host, another
 * scheme such as `javascript:`, nothing, or /signin itself), and the caller goes home.
 */
export function safeReturnPath(from: string | null | undefined, origin: string): string | null {
  if (!from) return null;
  let url: URL;
  try {
    url = new URL(from, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  if (url.pathname.replace(/\/+$/, "").toLowerCase() === "/signin") return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
