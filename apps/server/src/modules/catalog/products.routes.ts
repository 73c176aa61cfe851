/**
 * HTTP routes of products (spec §7 /api/product): the public list and detail, a seller's own, and
 * create, update and delete for business accounts (each on their own products only). Handlers
 * validate with the shared Zod schema, authorize, and call one service function.
 */
import {
  DeleteItemQuery,
  MessageAnswer,
  ProductCreateInput,
  ProductDetailAnswer,
  ProductListAnswer,
  ProductListQuery,
  ProductUpdateInput,
  ProductWriteAnswer,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogReader } from "../../db/read.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { detailCaches, signedInDetailHook } from "./detail-cache.js";
import { createProduct, deleteProduct, getProductDetail, listProducts, updateProduct } from "./products.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  const caches = detailCaches(app);
  app.get(
    "/product",
    {
      // A signed-in detail whose parts are cached is answered here, before validation (ADR 0146).
      preValidation: signedInDetailHook(caches, "product", ProductDetailAnswer),
      schema: {
        tags: ["catalog"],
        summary:
          "Products: the public list (filters, search, sort, keyset pages), `?id=` one with its seller, `?mine=true` the seller's own",
        querystring: ProductListQuery,
        response: { 200: ProductListAnswer.or(ProductDetailAnswer), ...errorAnswers },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.id) return { statusCode: 200, ...(await getProductDetail(app.db, q.id, request.user, caches)) };
      const { rows: _rows, ...page } = await listProducts(catalogReader(request), q, request.user);
      return { statusCode: 200, ...page };
    },
  );

  app.post(
    "/product",
    {
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "Create a product (business accounts)",
        security: bearer,
        body: ProductCreateInput,
        response: { 201: ProductWriteAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const result = await createProduct(app.db, currentUser(request), request.body);
      return reply.status(201).send({ statusCode: 201, ...result });
    },
  );

  app.put(
    "/product",
    {
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "Update one of your products",
        security: bearer,
        body: ProductUpdateInput,
        response: { 200: ProductWriteAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await updateProduct(app.db, currentUser(request), request.body)) }),
  );

  app.delete(
    "/product",
    {
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "Delete one of your products",
        security: bearer,
        querystring: DeleteItemQuery,
        response: { 200: MessageAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await deleteProduct(app.db, currentUser(request), request.query.id)) }),
  );
};

export default routes;
