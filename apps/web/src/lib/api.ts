/**
 * The API client of the web app (spec §7): JSON to the store's own backend, with
 * `Authorization: Bearer <token>` when signed in. A failure status (>= 400) throws `ApiError`
 * carrying the server's `statusCode`, `message` and per-field `errors`; a network failure throws
 * ApiError 0 with a readable message.
 */
import { STORAGE_KEYS } from "@market/contract";

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

/** The stored bearer token, or null. */
export function getToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return null;
  }
}

const tokenListeners = new Set<() => void>();

export function setToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(STORAGE_KEYS.token, token);
    else localStorage.removeItem(STORAGE_KEYS.token);
  } catch {
    // storage unavailable (private mode): the session lasts for this page only
  }
  for (const listener of tokenListeners) listener();
}

/** Call `listener` when the token is set or cleared (here or in another tab); answers the unsubscribe. */
export function subscribeToken(listener: () => void): () => void {
  tokenListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    tokenListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
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
  auth?: boolean;
};

/** Send `path` with the bearer token and a JSON (or form) body; answers the response, whatever its status. */
async function send(path: string, { method = "GET", body, signal, auth = true }: Options, accept: string): Promise<Response> {
  const headers: Record<string, string> = { accept };
  const token = auth ? getToken() : null;
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  try {
    return await transport(path, { method, headers, body: payload, signal });
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
 * Download `path` (a file the API answers, e.g. a CSV) with the signed-in user's token, which a
 * plain link cannot send; answers its bytes.
 * @throws ApiError on a failure status (the server's JSON message) or a network error.
 */
export async function apiBlob(path: string, options: Pick<Options, "signal"> = {}): Promise<Blob> {
  const res = await send(path, options, "*/*");
  if (!res.ok) throw failure(res, parseJson(await res.text()));
  return res.blob();
}
