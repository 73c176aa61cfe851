/**
 * Authentication: reads `Authorization: Bearer <token>` on every request and sets `request.user`
 * (null when absent or invalid) in `onRequest`, before the body is read. Guards `requireUser` and
 * `requireRole(...)` answer 401 (not signed in) or 403 (wrong role) in the error shape (spec §6,
 * design brief "Auth"). Routes list them as `preHandler`; an onRoute hook moves them to
 * `preValidation`, so a caller who may not use a route learns that before any message about its body.
 */

import type { AccountType } from "@market/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { forbidden, unauthorized } from "../lib/errors.js";
import { type AuthUser, findSessionUser } from "../modules/auth/sessions.js";

declare module "fastify" {
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/;

type Hook = (request: FastifyRequest) => Promise<void>;
const GUARD = Symbol("authGuard");
const markGuard = <T extends Hook>(fn: T): T => Object.assign(fn, { [GUARD]: true });
const isGuard = (fn: unknown): boolean => typeof fn === "function" && GUARD in fn;

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest("user", null);
  app.addHook("onRoute", (route) => {
    const pre = route.preHandler;
    const list = Array.isArray(pre) ? pre : pre ? [pre] : [];
    const guards = list.filter(isGuard);
    if (guards.length === 0) return;
    route.preHandler = list.filter((fn) => !isGuard(fn));
    const existing = route.preValidation;
    route.preValidation = [...guards, ...(Array.isArray(existing) ? existing : existing ? [existing] : [])] as typeof route.preValidation;
  });
  app.addHook("onRequest", async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith("/api")) return;
    const match = BEARER.exec(header);
    if (!match) return;
    request.user = await findSessionUser(app.db, match[1]!);
  });
});

/** Guard: any signed-in user. */
export const requireUser = markGuard(async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
});

/** Guard factory: a signed-in user whose accType is one of `roles`. */
export function requireRole(...roles: AccountType[]) {
  return markGuard(async function roleGuard(request: FastifyRequest): Promise<void> {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.accType)) throw forbidden();
  });
}

/** The signed-in user, for handlers behind a guard. Throws 401 if there is none. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
