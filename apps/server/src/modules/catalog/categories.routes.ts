/**
 * HTTP routes of categories (spec §7 /api/category): the public list, and create and update for
 * admins. Handlers validate with the shared Zod schema and call one service function.
 */
import {
  CategoryCreateInput,
  CategoryListAnswer,
  CategoryQuery,
  CategoryUpdateInput,
  CategoryWriteAnswer,
  ErrorAnswer,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogReader } from "../../db/read.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { requireRole } from "../../plugins/auth.js";
import { createCategory, listCategories, updateCategory } from "./categories.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/category",
    {
      config: { cache: { answers: "public", invalidates: [] } },
      schema: {
        tags: ["catalog"],
        summary: "List categories: all, one by id, or a user's own",
        querystring: CategoryQuery,
        response: { 200: CategoryListAnswer, 400: ErrorAnswer },
      },
    },
    async (request) => {
      const { id, user_id, type } = request.query;
      return { statusCode: 200, data: await listCategories(catalogReader(request), { id, userId: user_id, type }) };
    },
  );

  app.post(
    "/category",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["catalog"],
        summary: "Create a category (admin)",
        security: bearer,
        body: CategoryCreateInput,
        response: { 201: CategoryWriteAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const result = await createCategory(app.db, request.body);
      return reply.status(201).send({ statusCode: 201, ...result });
    },
  );

  app.put(
    "/category",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["catalog"],
        summary: "Update a category's name and type (admin)",
        security: bearer,
        body: CategoryUpdateInput,
        response: { 200: CategoryWriteAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const { id, _id, ...fields } = request.body;
      return { statusCode: 200, ...(await updateCategory(app.db, (id ?? _id)!, fields)) };
    },
  );
};

export default routes;
