/** HTTP routes of the catalog: categories (products, posts, follows, reviews come with the catalog issue). */
import { CategoryListAnswer, CategoryQuery } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { listCategories } from "./categories.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/category",
    {
      schema: {
        tags: ["catalog"],
        summary: "List categories: all, one by id, or a user's own",
        querystring: CategoryQuery,
        response: { 200: CategoryListAnswer },
      },
    },
    async (request) => {
      const { id, user_id, type } = request.query;
      return { statusCode: 200, data: await listCategories(app.db, { id, userId: user_id, type }) };
    },
  );
};

export default routes;
