/**
 * HTTP routes of the back office (spec §6 admin role, §7): the users lists, the admin action
 * helper, verifying a seller's payout bank account (ADR 0082), creating a user, and the dashboard
 * figures. Handlers are thin: the shared Zod schema
 * validates, a guard authorizes, one service function does the work.
 */
import {
  AdminActionAnswer,
  AdminActionBody,
  AdminBankAccountVerifyBody,
  AdminCreateUserAnswer,
  AdminCreateUserBody,
  AdminUsersAnswer,
  AdminUsersQuery,
  DashboardAnswer,
  ErrorAnswer,
  TEXT,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { verifyBankAccount } from "./bank-accounts.service.js";
import { sellerDashboard, storeDashboard } from "./dashboard.service.js";
import { applyAdminAction, createUserByAdmin, listUsers } from "./users.service.js";

const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/users",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "List customers or sellers (admin), newest first, keyset-paginated",
        security: [{ bearer: [] }],
        querystring: AdminUsersQuery,
        response: { 200: AdminUsersAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, ...(await listUsers(app.db, request.query)) }),
  );

  app.put(
    "/admin/users",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Admin action helper: block, unblock, status_approved, blue_tick_verify, blue_tick_remove",
        security: [{ bearer: [] }],
        body: AdminActionBody,
        response: { 200: AdminActionAnswer, ...errors },
      },
    },
    async (request) => {
      const { account_id, req_type } = request.body;
      const data = await applyAdminAction(app.db, app.cache, currentUser(request).id, account_id, req_type);
      return { statusCode: 200, message: TEXT.success.updated, data };
    },
  );

  app.put(
    "/admin/users/bank_account",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Verify a seller's payout bank account (the details the admin checked; 409 if they changed since)",
        description:
          "Without an account-name lookup provider the seller types the account name; an admin verifies it before any payout (ADR 0082).",
        security: [{ bearer: [] }],
        body: AdminBankAccountVerifyBody,
        response: { 200: AdminActionAnswer, ...errors },
      },
    },
    async (request) => {
      const data = await verifyBankAccount(app.db, currentUser(request).id, request.body);
      return { statusCode: 200, message: TEXT.success.updated, data };
    },
  );

  app.post(
    "/admin/user",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Admin creates a user",
        security: [{ bearer: [] }],
        body: AdminCreateUserBody,
        response: { 201: AdminCreateUserAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const data = await createUserByAdmin(app.db, request.body);
      return reply.status(201).send({ statusCode: 201, message: TEXT.success.userCreated, data });
    },
  );

  app.get(
    "/dashboard",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("business", "admin"),
      schema: {
        tags: ["admin"],
        summary: "Dashboard figures: the seller's own, or the whole store's for an admin",
        security: [{ bearer: [] }],
        response: { 200: DashboardAnswer, 401: ErrorAnswer, 403: ErrorAnswer },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const data = me.accType === "admin" ? await storeDashboard(app.db) : await sellerDashboard(app.db, me.id);
      return { statusCode: 200, data };
    },
  );
};

export default routes;
