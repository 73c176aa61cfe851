/**
 * Server rendering of the storefront's first paint, so a phone paints the page before any
 * JavaScript has arrived (ADR 0072). Built by
 * `vite build --ssr` into `<web dist>-ssr/entry-server.js` and imported by the server's SPA plugin,
 * which puts the HTML inside `<div id="root">` and the query data beside it.
 *
 * The page is drawn for the visitor: signed out, or, for a browser with a session cookie
 * (`signedIn`, ADR 0129), as that user, whose ["me"] is read first (the server's transport asks the
 * API as them), so the header, the account links and the cart are right in the first HTML and the
 * browser hydrates from the same data. Data comes from the app's own query definitions: a render registers every
 * query the page asks for, the missing ones are fetched through the in-process API transport, and
 * the page is rendered again, until nothing new is asked for (at most `MAX_PASSES` renders).
 * The browser then draws the same tree from the same data (main.tsx) and replaces this HTML.
 */

import type { MeAnswer } from "@market/contract";
import { defaultShouldDehydrateQuery, dehydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { createQueryClient, Providers } from "./app/providers";
import { routes } from "./app/routes";
import { wishlistQuery } from "./features/catalog/api/wishlist";
import { type ApiTransport, api, setApiTransport } from "./lib/api";
import { meQuery } from "./lib/session";

/** Renders before giving up (each pass fetches what the previous one asked for, or lets lazy parts load). */
const MAX_PASSES = 5;

export type RenderResult = {
  /** HTML of the app, to go inside `<div id="root">`. */
  html: string;
  /** The dehydrated TanStack Query cache (JSON-serialisable) the HTML was drawn from. */
  state: unknown;
};

/** Answer the app's API calls on the server (an in-process request into the same Fastify app). */
export function configure(transport: ApiTransport): void {
  setApiTransport(transport);
}

/** Queries a render asked for that have no data and were not fetched yet, and may be fetched now. */
function missing(client: QueryClient): Query[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => {
      // `enabled` is an observer option (boolean or function of the query); the observer's options live on the query.
      const enabled = (q.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
      const on = typeof enabled === "function" ? enabled(q) : enabled;
      return q.state.status === "pending" && q.state.fetchStatus === "idle" && on !== false;
    });
}

export type RenderOptions = {
  /** Draw the page for the visitor whose session the transport carries (else signed out). */
  signedIn?: boolean;
};

/**
 * Render `url` (path + search) to HTML with its data, or null when the router answers with a
 * redirect or an error, or the signed-in visitor's user cannot be read (the browser then renders
 * the page itself).
 */
export async function render(url: string, { signedIn = false }: RenderOptions = {}): Promise<RenderResult | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "http://localhost")));
  if (context instanceof Response || context.errors) return null;
  const client = createQueryClient({ server: true });
  // The user first (the session cookie never reaches the app's own code: meQuery would answer null).
  let me: MeAnswer["data"] | null = null;
  if (signedIn) {
    // The wishlist with it: its buttons appear only once an item is drawn, a render pass later.
    const [answer] = await Promise.all([api<MeAnswer>("/api/me").catch(() => null), client.prefetchQuery(wishlistQuery)]);
    if (!answer) return null;
    me = answer.data;
  }
  client.setQueryData(meQuery.queryKey, me);
  const router = createStaticRouter(handler.dataRoutes, context);
  // `prerender` waits for the lazy parts (tabs, overlays) to load, so every Suspense boundary is
  // drawn complete and the browser can hydrate it (renderToString would leave client-only holes).
  const draw = async () => {
    const { prelude } = await prerenderToNodeStream(
      <Providers queryClient={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>,
      // Never split a finished boundary out of the HTML (that needs React's inline scripts).
      { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    let out = "";
    for await (const chunk of prelude) out += String(chunk);
    return out;
  };
  // A pass that suspended (a lazy part loading) leaves "outlined" segments completed by inline
  // scripts, which the CSP forbids: draw again once those parts are loaded.
  const outlined = (html: string) => /<script>\$R|<div hidden id="S:/.test(html);
  let html = "";
  for (let pass = 1; ; pass++) {
    html = await draw();
    const wanted = missing(client);
    if (wanted.length === 0 && !outlined(html)) break;
    if (pass === MAX_PASSES) return null;
    // A failed query stays in the error state: the browser asks again (only successes are dehydrated).
    await Promise.all(wanted.map((q) => q.fetch().catch(() => undefined)));
  }
  // ["me"] goes too: the browser's first render is the same signed-in (or signed-out) page.
  const state = dehydrate(client, { shouldDehydrateQuery: defaultShouldDehydrateQuery });
  client.clear();
  return { html, state };
}
