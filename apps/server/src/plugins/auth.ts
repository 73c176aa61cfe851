/**
 * Authentication: reads `Authorization: Bearer <token>` (API clients) or, without that header, the
 * session cookie (the browser, ADR 0127) on every request and sets `request.user` (null when absent
 * or invalid) in `onRequest`, before the body is read. The cookie is read on pages too, so the server
 * draws a signed-in page (server-render.ts). An API request authenticated by the cookie must come
 * from the store's own pages (`isCrossSite`, ADR 0128): else 403 before anything runs. A cookie whose
 * session is gone (signed out elsewhere, expired, revoked) is cleared in the answer. Guards `requireUser` and
 * `requireRole(...)` answer 401 (not signed in) or 403 (wrong role) in the error shape (spec §6,
 * design brief "Auth"). Routes list them as `preHandler`; an onRoute hook moves them to
 * `preParsing`, so a caller who may not use a route learns that before its body is read.
 *
 * Session cache (ADR 0070): a token's user is kept in memory for `ttlMs` (5 s), so a busy
 * shopper's requests (add to cart) skip the session query. It is the named cache `sessions` of the
 * cache module (ADR 0100), so every forgetting below happens in this process at once and in every
 * other store process when the bus delivers it (well under a second). It is forgotten:
 * - when `revokeSession`/`revokeUserSessions` run (logout, block, password change or reset): they
 *   invalidate the session's or the user's tag;
 * - entirely, once a successful call of a route declaring "sessions" is done (onSend, after its
 *   transaction committed; `config.cache`, ADR 0166): a write that may change what the cached user
 *   says (role, approval, names);
 * - after `ttlMs` in every case, which bounds it while the bus is down.
 * Unknown tokens are never cached. Refresh-ahead (ADR 0071): a token used again in the last 10-40%
 * of its `ttlMs` is answered from the cache while its user is re-read in the background, so a busy
 * shopper never waits for the re-read; no answer ever relies on a read older than `ttlMs`.
 */

import cookiePlugin from "@fastify/cookie";
import { type AccountType, SESSION_COOKIES } from "@market/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../lib/errors.js";
import { addVary } from "../lib/vary.js";
import { type AuthUser, findSessionUser, sessionTag, userSessionsTag } from "../modules/auth/sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
    /** How the caller's token came: the bearer header, the session cookie, or none. */
    sessionVia: "bearer" | "cookie" | null;
    /** The token of a cookie session (in-process only: the server renderer asks the API as this user). */
    sessionToken: string | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;
/** Paths whose answers never depend on the caller: the session cookie is not even read there. */
const ANONYMOUS_PATHS = /^\/(assets|uploads)\//;
/** The answer to a cookie-authenticated API request from another site (ADR 0128). */
export const CROSS_SITE_REFUSED = "This request must come from the store's own pages";

/**
 * Does this request come from another site (ADR 0128, the algorithm of Go's net/http
 * CrossOriginProtection)? `Sec-Fetch-Site` (every current browser) decides: only `same-origin` and
 * `none` (typed, bookmarked) pass. Without it, an `Origin` header must name this host. With neither
 * (a browser from before 2020, or not a browser at all) the request passes.
 */
function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  if (site) return site !== "same-origin" && site !== "none";
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/** Cookie attributes of the session: HttpOnly (the token), SameSite=Lax, Secure over https and in production. */
function cookieOptions(request: FastifyRequest, httpOnly: boolean) {
  const secure = request.protocol === "https" || request.server.config?.NODE_ENV === "production";
  return { path: "/", httpOnly, sameSite: "lax" as const, secure };
}

/**
 * Give the browser its session (after sign-in): the HttpOnly token cookie and the readable
 * "signed in" cookie, both for `days` days (the session's own life, SESSION_DAYS).
 */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, days: number): void {
  renewed.add(request);
  const maxAge = days * 86_400;
  reply.setCookie(SESSION_COOKIES.session, token, { ...cookieOptions(request, true), maxAge });
  reply.setCookie(SESSION_COOKIES.signedIn, "1", { ...cookieOptions(request, false), maxAge });
}

/** Requests whose answer gives a new session (an old, dead cookie is then replaced, not cleared). */
const renewed = new WeakSet<FastifyRequest>();

/** Take both session cookies from the browser (sign-out, or a session that is gone). */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIES.session, cookieOptions(request, true));
  reply.clearCookie(SESSION_COOKIES.signedIn, cookieOptions(request, false));
}

type AuthOptions = {
  /** How long a token's user is kept in memory, in ms (default 5,000; 0 turns the cache off). */
  sessionTtlMs?: number;
  /** At most this many cached tokens (default 10,000); the oldest go first. */
  sessionCacheMax?: number;
};

/**
 * A cached token. It expires ttlMs after its user was read from the database (the cache's TTL,
 * counted from the read): it is never served after that. From `refreshAt` (60-90% of ttlMs after
 * the read, spread at random so tokens cached together do not all re-read together) a request
 * still gets the cached user at once while the user is read again in the background (ADR 0071), so
 * a busy shopper's request does not wait for that read.
 */
type CacheEntry = { user: AuthUser; refreshAt: number; refreshing?: boolean };
/** Refresh-ahead window, as fractions of ttlMs after the read: from 0.6, spread over 0.3. */
const REFRESH_FROM = 0.6;
const REFRESH_SPREAD = 0.3;

declare module "fastify" {
  interface FastifyInstance {
    /** The auth plugin's session cache: `settled()` resolves once no background refresh is running (tests). */
    sessionCache: { settled(): Promise<void> };
  }
}

type Hook = (request: FastifyRequest) => Promise<void>;
const GUARD = Symbol("authGuard");
/** A guard, with the account types it lets through (every type for `requireUser`). */
type Guard = Hook & { [GUARD]: readonly AccountType[] };
const ALL_ROLES: readonly AccountType[] = ["customer", "business", "admin"];
const markGuard = <T extends Hook>(fn: T, roles: readonly AccountType[]): T & Guard => Object.assign(fn, { [GUARD]: roles });
const isGuard = (fn: unknown): fn is Guard => typeof fn === "function" && GUARD in fn;

declare module "fastify" {
  interface FastifyInstance {
    /** Every guarded route and the account types it admits (for the all-routes authorization test). */
    guardedRoutes: Array<{ method: string; url: string; roles: readonly AccountType[] }>;
  }
}

export default fp(async function authPlugin(app: FastifyInstance, opts: AuthOptions) {
  const ttlMs = opts.sessionTtlMs ?? 5_000;
  const maxEntries = opts.sessionCacheMax ?? 10_000;
  // Keyed by the raw token, which never leaves this process: invalidations name sessions and users.
  const cache = app.cache.define<CacheEntry>("sessions", { max: maxEntries, ttlMs: Math.max(ttlMs, 1) });
  const refreshing = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...refreshing]);
  });
  app.decorate("sessionCache", {
    settled: async () => {
      while (refreshing.size > 0) await Promise.allSettled([...refreshing]);
    },
  });

  /**
   * Cache `user` for `token`, read from the database at `readAt` (ms) after `stamp` was taken: not
   * kept when a revocation or an account write came in between (the read may predate it).
   */
  const remember = (token: string, user: AuthUser, readAt: number, stamp: number) => {
    const entry = { user, refreshAt: readAt + ttlMs * (REFRESH_FROM + Math.random() * REFRESH_SPREAD) };
    cache.set(token, entry, { readAt, stamp, tags: [sessionTag(user.sessionId), userSessionsTag(user.id)] });
  };

  /**
   * Re-read a cached token's user in the background. The result replaces the entry only if the
   * entry is still the one that was refreshed and no invalidation came meanwhile: a revocation, an
   * account write (cache cleared) or a newer read wins, so a refresh never brings back a revoked session.
   */
  const refresh = (token: string, entry: CacheEntry) => {
    entry.refreshing = true;
    const readAt = Date.now();
    const stamp = cache.stamp();
    const done: Promise<void> = findSessionUser(app.db, token)
      .then((user) => {
        if (cache.get(token) !== entry) return;
        if (user) remember(token, user, readAt, stamp);
        // Gone (expired, revoked, blocked): every process may drop it.
        else app.cache.invalidate([sessionTag(entry.user.sessionId)]);
      })
      .catch(() => {
        // Database trouble: keep the entry until it expires; the next request after that reads again.
        entry.refreshing = false;
      })
      .finally(() => refreshing.delete(done));
    refreshing.add(done);
  };

  /**
   * The token's cached user while fresh (starting a refresh-ahead re-read when due), else
   * undefined. Synchronous, so a cached request's hook does not wait for a promise.
   */
  const fromCache = (token: string): AuthUser | undefined => {
    if (ttlMs <= 0) return undefined;
    const hit = cache.get(token);
    if (!hit) return undefined;
    if (!hit.refreshing && Date.now() >= hit.refreshAt) refresh(token, hit);
    return hit.user;
  };

  /** The token's user from the database (then cached, unless the cache is off). */
  const load = async (token: string): Promise<AuthUser | null> => {
    const readAt = Date.now();
    const stamp = cache.stamp();
    const user = await findSessionUser(app.db, token);
    if (user && ttlMs > 0) remember(token, user, readAt, stamp);
    return user;
  };

  app.decorateRequest("user", null);
  app.decorateRequest("sessionVia", null);
  app.decorateRequest("sessionToken", null);
  app.decorate("guardedRoutes", []);
  // Guards run in preParsing: a caller who may not use a route is refused (401/403) before its body
  // is even read, so neither field messages nor a large body's parsing reach anyone unauthorized.
  app.addHook("onRoute", (route) => {
    const pre = route.preHandler;
    const list = Array.isArray(pre) ? pre : pre ? [pre] : [];
    const guards = list.filter(isGuard);
    if (guards.length === 0) return;
    route.preHandler = list.filter((fn) => !isGuard(fn));
    const asPreParsing = guards.map((guard) => async (request: FastifyRequest, _reply: unknown, payload: unknown) => {
      await guard(request);
      return payload;
    });
    const existing = route.preParsing;
    route.preParsing = [...asPreParsing, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])] as typeof route.preParsing;
    const roles = ALL_ROLES.filter((r) => guards.every((g) => g[GUARD].includes(r)));
    for (const method of Array.isArray(route.method) ? route.method : [route.method])
      app.guardedRoutes.push({ method, url: route.url, roles });
  });
  // Callback-style hooks (not async): no promise per request on the cached path (ADR 0071).
  app.addHook("onRequest", (request, _reply, done) => {
    const header = request.headers.authorization;
    let token: string;
    if (header) {
      if (!request.url.startsWith("/api")) return done();
      const match = BEARER.exec(header);
      if (!match) return done();
      token = match[1]!;
      request.sessionVia = "bearer";
    } else {
      const raw = request.headers.cookie;
      if (!raw?.includes(SESSION_COOKIES.session) || ANONYMOUS_PATHS.test(request.url)) return done();
      const value = app.parseCookie(raw)[SESSION_COOKIES.session];
      if (!value || !TOKEN.test(value)) return done();
      // The cookie goes with every request to this host, whoever made the browser send it.
      if (request.url.startsWith("/api") && isCrossSite(request)) return done(forbidden(CROSS_SITE_REFUSED));
      token = value;
      request.sessionVia = "cookie";
      request.sessionToken = value;
    }
    const cached = fromCache(token);
    if (cached) {
      request.user = cached;
      return done();
    }
    load(token).then((user) => {
      request.user = user;
      done();
    }, done);
  });
  app.addHook("onSend", (request, reply, payload, done) => {
    // An answer to a signed-in caller is theirs alone: no shared cache may keep it (a page drawn for a
    // cookie session either, whatever its route said), and an answer that differs by caller says so.
    if (request.sessionVia === "cookie" && request.user) reply.header("cache-control", "private, no-store");
    else if (request.headers.authorization && !reply.hasHeader("cache-control")) reply.header("cache-control", "private, no-store");
    if (request.url.startsWith("/api/") && request.method === "GET") addVary(reply, "Authorization", "Cookie");
    else if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) addVary(reply, "Cookie");
    // A cookie whose session is gone: the browser drops it. The readable cookie stays, so the app
    // learns that its session ended (spec §4: it goes to /signin) and drops that one itself.
    if (request.sessionVia === "cookie" && !request.user && !renewed.has(request))
      reply.clearCookie(SESSION_COOKIES.session, cookieOptions(request, true));
    // Even with nothing cached here: other processes may hold this account's sessions. The answer
    // waits until the bus took the message (lib/cache).
    if (ttlMs > 0 && reply.statusCode < 400 && request.cachePlan?.sessions) {
      cache.clear().then(() => done(null, payload));
      return;
    }
    done(null, payload);
  });
  // Parsing only where this plugin asks for it (a request without our cookie pays nothing). After
  // the onSend hook above: the plugin's own onSend writes the cookies set until then, ours included.
  await app.register(cookiePlugin, { hook: false });
});

/** What a session with a one-time password may call until the password is changed. */
const PASSWORD_CHANGE_ROUTES = new Set(["GET /api/me", "PUT /api/me", "POST /api/signout"]);

/** The signed-in user, or 401; 403 for anything but the password change while a one-time password is in use. */
function signedIn(request: FastifyRequest): AuthUser {
  const user = request.user;
  if (!user) throw unauthorized();
  if (user.mustChangePassword && !PASSWORD_CHANGE_ROUTES.has(`${request.method} ${request.routeOptions.url}`))
    throw forbidden(PASSWORD_CHANGE_FIRST);
  return user;
}

/** The answer to a session that must change its one-time password first. */
export const PASSWORD_CHANGE_FIRST = "Please change your password before you continue";

/** Guard: any signed-in user. */
export const requireUser = markGuard(async function requireUser(request: FastifyRequest): Promise<void> {
  signedIn(request);
}, ALL_ROLES);

/** Guard factory: a signed-in user whose accType is one of `roles`. */
export function requireRole(...roles: AccountType[]) {
  return markGuard(async function roleGuard(request: FastifyRequest): Promise<void> {
    if (!roles.includes(signedIn(request).accType)) throw forbidden();
  }, roles);
}

/** The signed-in user, for handlers behind a guard. Throws 401 if there is none. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
