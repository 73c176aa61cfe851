/**
 * The API client of the web app (spec §7): JSON to the store's own backend. The session is the
 * HttpOnly cookie the server set at sign-in (ADR 0127), which the browser sends itself: this code
 * never sees the token; it reads the readable "signed in" cookie beside it (`hasSession`). A 401
 * while signed in means the session is gone: it is forgotten at once (`forgetSession`). A failure
 * status (>= 400) throws `ApiError` carrying the server's `statusCode`, `message` and per-field
 * `errors`; a network failure throws ApiError 0 with a readable message.
 */
import { IDEMPOTENCY_HEADER, SESSION_COOKIES, STORAGE_KEYS } from "@market/contract";

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

const SIGNED_IN = new RegExp(`(?:^|;\\s*)${SESSION_COOKIES.signedIn}=1(?:;|$)`);

/** Does the browser hold a session (the readable cookie set with the HttpOnly one)? False on the server. */
export function hasSession(): boolean {
  return typeof document !== "undefined" && SIGNED_IN.test(document.cookie);
}

const sessionListeners = new Set<() => void>();

/** Tell the listeners the session started or ended (after sign-in, sign-out or a refused session). */
export function sessionChanged(): void {
  for (const listener of sessionListeners) listener();
}

/**
 * Forget the session here: the readable cookie goes (the HttpOnly one is cleared by the server's
 * answers: sign-out, or any answer to a dead session) and the listeners are told.
 */
export function forgetSession(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing on many of the shoppers' phones
  if (typeof document !== "undefined") document.cookie = `${SESSION_COOKIES.signedIn}=; Max-Age=0; Path=/; SameSite=Lax`;
  sessionChanged();
}

/** Call `listener` when the session starts or ends; answers the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => {
    sessionListeners.delete(listener);
  };
}

/**
 * The bearer token an older version kept in localStorage: removed, and its session ended on the
 * server (best effort), so no script can read a live token there any more (ADR 0127). The shopper
 * signs in once more and gets the cookie.
 */
export function dropStoredToken(): void {
  let token: string | null = null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
    if (token) localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    return;
  }
  if (token)
    void fetch("/api/signout", { method: "POST", headers: { authorization: `Bearer ${token}` }, credentials: "omit" }).catch(
      () => undefined,
    );
}

/** How `api()` reaches the backend: `fetch` in the browser, an in-process call when the server renders a page. */
export type ApiTransport = (path: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (path, init) => fetch(path, init);

/** Replace the transport (the server renderer answers the app's API calls in-process: entry-server.tsx, ADR 0072). */
export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  base?: string;
  /** Sent as `Idempotency-Key` (ADR 0155): the server answers a retry with the first result. */
  idempotencyKey?: string;
};

/**
 * Send `path` with a JSON (or form) body (the browser adds the session cookie); answers the
 * response, whatever its status. A 401 to a signed-in browser forgets the session at once.
 */
async function send(path: string, { method = "GET", body, signal, idempotencyKey }: Options, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  let payload: BodyInit | undefined;
  // A form, or a file sent as it is (a CSV catalog): the browser gives its content type.
  if (body instanceof FormData || body instanceof Blob) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  try {
    const res = await transport(path, { method, headers, body: payload, signal });
    if (res.status === 401 && hasSession()) forgetSession();
    return res;
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError(0, "Network error: check your connection and try again.");
  }
}

/** Parse a JSON body; null when it is empty or not JSON. */
function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** The ApiError of a failure answer, with the server's message and per-field errors. */
function failure(res: Response, data: unknown): ApiError {
  const d = (data ?? {}) as { message?: string; errors?: Record<string, string> };
  return new ApiError(res.status, d.message ?? `Request failed (${res.status})`, d.errors ?? {});
}

/**
 * Call `path` (e.g. "/api/product?id=...") and answer the parsed JSON body.
 * @throws ApiError on a failure status or a network error.
 */
export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const res = await send(path, options, "application/json");
  const data = parseJson(await res.text());
  if (!res.ok) throw failure(res, data);
  return data as T;
}

/**
 * Download `path` (a file the API answers, e.g. a CSV) as the signed-in user; answers its bytes.
 * @throws ApiError on a failure status (the server's JSON message) or a network error.
 */
export async function apiBlob(path: string, options: Pick<Options, "signal"> = {}): Promise<Blob> {
  const res = await send(path, options, "*/*");
  if (!res.ok) throw failure(res, parseJson(await res.text()));
  return res.blob();
}
