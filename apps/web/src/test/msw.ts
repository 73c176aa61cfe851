/**
 * The one HTTP mock layer of the web tests: Mock Service Worker's Node server answers the app's
 * `fetch` calls. setup.ts starts it for every test file and drops each test's handlers after it;
 * a test adds the answers it needs with `server.use(http.get("/api/...", () => HttpResponse.json(...)))`,
 * built from the contract's schemas (fixtures.ts). A call nothing answers gets the server's own 404
 * answer, as an unknown route would.
 */
import { FREE_SHIPPING_OVER_NAIRA, FREE_SHIPPING_STATE, StoreSettingsAnswer } from "@market/contract";
import { delay, HttpResponse, http } from "msw";
import { setupServer } from "msw/node";

export { delay, HttpResponse, http };

/** Any /api call no test answered: the store's 404 answer. */
const fallback = http.all("/api/*", () => errorAnswer(404, "not mocked"));

/** The store's settings every page reads (GET /api/settings), as a fresh store has them; a test may answer otherwise. */
const storeSettings = http.get("/api/settings", () =>
  HttpResponse.json(
    StoreSettingsAnswer.parse({
      statusCode: 200,
      data: { free_shipping_over: FREE_SHIPPING_OVER_NAIRA, free_shipping_state: FREE_SHIPPING_STATE },
    }),
  ),
);

export const server = setupServer(storeSettings, fallback);

/** The JSON error answer of the API (contract `ErrorAnswer`) with `status`. */
export function errorAnswer(status: number, message: string, errors?: Record<string, string>) {
  return HttpResponse.json({ statusCode: status, message, ...(errors ? { errors } : {}), data: { message } }, { status });
}

/** A request the app sent: method, path with its query, its JSON body (undefined when none), its Authorization header. */
export type Call = { method: string; path: string; body: unknown; auth: string | null };

/**
 * Record every request the app sends from now on (answered or not), in order. The body is read
 * after the request starts: check it once the screen has reacted (inside `waitFor`).
 */
export function recordCalls(): Call[] {
  const calls: Call[] = [];
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    const call: Call = {
      method: request.method,
      path: url.pathname + url.search,
      body: undefined,
      auth: request.headers.get("authorization"),
    };
    calls.push(call);
    if (!(request.headers.get("content-type") ?? "").includes("application/json")) return;
    void request
      .clone()
      .text()
      .then((text) => {
        call.body = text ? JSON.parse(text) : undefined;
      });
  });
  return calls;
}
