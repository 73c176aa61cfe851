/**
 * A seller's details after sign-up (ADR 0184): `PUT /api/me/categories` and `PUT /api/me/business`
 * (the signed-in seller; other accounts 403), `PUT /api/admin/users/{id}/categories` and
 * `POST /api/admin/users/{id}/decline` (admins: not approved yet, with the reason the seller is told).
 * Categories show in the catalog (a seller's category list), so their writes empty it.
 */
import {
  AdminActionAnswer,
  AdminUserParams,
  ErrorAnswer,
  MeUpdateAnswer,
  SELLER_MESSAGES,
  SellerBusinessBody,
  SellerCategoriesBody,
  SellerDeclineBody,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { getUserRow } from "../admin/users.service.js";
import { declineSeller, saveBusiness, setCategoriesOfSeller, setOwnCategories } from "./seller.service.js";
import { loadUserDetails } from "./user-details.js";

const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const secured = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    "/me/categories",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["accounts"],
        summary: "The seller changes their categories (1 to 3, as at sign-up)",
        security: secured,
        body: SellerCategoriesBody,
        response: { 200: MeUpdateAnswer, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await setOwnCategories(app.db, me.id, request.body.category_ids);
      return { statusCode: 200, message: SELLER_MESSAGES.categoriesSaved, data: await loadUserDetails(app.db, me.id) };
    },
  );

  app.put(
    "/me/business",
    {
      config: { cache: { answers: "none", invalidates: ["sessions"] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["accounts"],
        summary: "The seller's business details, which the admin reviews before approving the seller",
        description: "business_name, cac_number (optional: RC, BN or IT and digits), address, state (one of the 36 states or FCT), city.",
        security: secured,
        body: SellerBusinessBody,
        response: { 200: MeUpdateAnswer, ...errors },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await saveBusiness(app.db, me.id, request.body);
      return { statusCode: 200, message: SELLER_MESSAGES.businessSaved, data: await loadUserDetails(app.db, me.id) };
    },
  );

  app.put(
    "/admin/users/:id/categories",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "An admin changes a seller's categories (1 to 3)",
        security: secured,
        params: AdminUserParams,
        body: SellerCategoriesBody,
        response: { 200: AdminActionAnswer, ...errors },
      },
    },
    async (request) => {
      await setCategoriesOfSeller(app.db, request.params.id, request.body.category_ids);
      return { statusCode: 200, message: SELLER_MESSAGES.categoriesSaved, data: (await getUserRow(app.db, request.params.id))! };
    },
  );

  app.post(
    "/admin/users/:id/decline",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "An admin does not approve a pending seller yet, and says why",
        description: "The seller stays pending and is told the reason (notification kind seller_review).",
        security: secured,
        params: AdminUserParams,
        body: SellerDeclineBody,
        response: { 200: AdminActionAnswer, ...errors },
      },
    },
    async (request) => {
      await declineSeller(app.db, request.params.id, request.body.reason);
      return { statusCode: 200, message: SELLER_MESSAGES.declined, data: (await getUserRow(app.db, request.params.id))! };
    },
  );
};

export default routes;
