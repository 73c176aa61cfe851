/**
 * Authentication: reads `Authorization: Bearer <token>` on every request and sets `request.user`
 * (null when absent or invalid). Guards `requireUser` and `requireRole(...)` are preHandlers that
 * answer 401 (not signed in) or 403 (wrong role) in the error shape (spec §6, design brief "Auth").
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

export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest("user", null);
  app.addHook("preHandler", async (request) => {
    const header = request.headers.authorization;
    if (!header || !request.url.startsWith("/api")) return;
    const match = BEARER.exec(header);
    if (!match) return;
    request.user = await findSessionUser(app.db, match[1]!);
  });
});

/** preHandler: any signed-in user. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/** preHandler factory: a signed-in user whose accType is one of `roles`. */
export function requireRole(...roles: AccountType[]) {
  return async function roleGuard(request: FastifyRequest): Promise<void> {
    if (!request.user) throw unauthorized();
    if (!roles.includes(request.user.accType)) throw forbidden();
  };
}

/** The signed-in user, for handlers behind a guard. Throws 401 if there is none. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
