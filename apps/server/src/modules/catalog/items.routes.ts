/**
 * HTTP routes of catalog items: the spec's two faces (§7 /api/product for products, /api/posts for
 * services) as one route set over items.service.ts, each face naming its kind and its contract
 * schemas: the public list and detail, a seller's own, and create, update and delete for business
 * accounts (each on their own items only). Handlers validate with the shared Zod schema, authorize,
 * and call one service function.
 */
import {
  DeleteItemQuery,
  MessageAnswer,
  PostCreateInput,
  PostDetailAnswer,
  PostListAnswer,
  PostListQuery,
  PostUpdateInput,
  PostWriteAnswer,
  ProductCreateInput,
  ProductDetailAnswer,
  ProductListAnswer,
  ProductListQuery,
  ProductUpdateInput,
  ProductWriteAnswer,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { catalogReader } from "../../db/read.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { loadSynonyms } from "../search/synonyms.service.js";
import { type DetailSchema, detailCaches, signedInDetailHook } from "./detail-cache.js";
import { PRODUCT, SERVICE } from "./item-kinds.js";
import {
  type AnyKind,
  type CreateOf,
  createItem,
  deleteItem,
  getItemDetail,
  type ItemListQuery,
  listItems,
  type SortOf,
  updateItem,
} from "./items.service.js";

/**
 * One API face of a kind: its path, its contract schemas and its OpenAPI summaries. The answers'
 * schemas are checked by the route's serialiser at run time, so their types stay open here.
 */
type Face<K extends AnyKind> = {
  path: "/product" | "/posts";
  kind: K;
  listQuery: z.ZodType<ItemListQuery<SortOf<K>> & { id?: string }>;
  createInput: z.ZodType<CreateOf<K>>;
  updateInput: z.ZodType<Parameters<K["updateId"]>[0]>;
  listAnswer: z.ZodType;
  detailAnswer: z.ZodType & DetailSchema;
  writeAnswer: z.ZodType;
  summaries: { list: string; create: string; update: string; delete: string };
};

const PRODUCTS: Face<typeof PRODUCT> = {
  path: "/product",
  kind: PRODUCT,
  listQuery: ProductListQuery,
  listAnswer: ProductListAnswer,
  detailAnswer: ProductDetailAnswer,
  createInput: ProductCreateInput,
  updateInput: ProductUpdateInput,
  writeAnswer: ProductWriteAnswer,
  summaries: {
    list: "Products: the public list (filters, search, sort, keyset pages), `?id=` one with its seller, `?mine=true` the seller's own",
    create: "Create a product (business accounts)",
    update: "Update one of your products",
    delete: "Delete one of your products",
  },
};

const SERVICES: Face<typeof SERVICE> = {
  path: "/posts",
  kind: SERVICE,
  listQuery: PostListQuery,
  listAnswer: PostListAnswer,
  detailAnswer: PostDetailAnswer,
  createInput: PostCreateInput,
  updateInput: PostUpdateInput,
  writeAnswer: PostWriteAnswer,
  summaries: {
    list: "Services: the public list (filters, search, sort, keyset pages), `?id=` one with its seller, `?mine=true` the seller's own",
    create: "Create a service (business accounts, in one of their service categories)",
    update: "Update one of your services",
    delete: "Delete one of your services",
  },
};

/** The routes of one face. */
function faceRoutes<K extends AnyKind>(face: Face<K>): FastifyPluginAsyncZod {
  const { path, kind, summaries } = face;
  return async (app) => {
    const caches = detailCaches(app);
    app.get(
      path,
      {
        // The list and an anonymous detail are the same for everyone; a detail (`id`) or a seller's
        // own list (`mine`) differs by signed-in caller (ADR 0125).
        config: { cache: { answers: "public", personal: ["id", "mine"], invalidates: [] } },
        // A signed-in detail whose parts are cached is answered here, before validation (ADR 0146).
        preValidation: signedInDetailHook(caches, kind.key, face.detailAnswer),
        schema: {
          tags: ["catalog"],
          summary: summaries.list,
          querystring: face.listQuery,
          response: { 200: face.listAnswer.or(face.detailAnswer), ...errorAnswers },
        },
      },
      async (request) => {
        const q = request.query;
        if (q.id) return { statusCode: 200, ...(await getItemDetail(app.db, kind, q.id, request.user, caches)) };
        const db = catalogReader(request);
        const { rows: _rows, ...page } = await listItems(db, kind, q, request.user, {
          index: app.searchIndex,
          synonyms: await loadSynonyms(app, db),
        });
        return { statusCode: 200, ...page };
      },
    );

    app.post(
      path,
      {
        config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
        preHandler: requireRole("business"),
        schema: {
          tags: ["catalog"],
          summary: summaries.create,
          security: bearer,
          body: face.createInput,
          response: { 201: face.writeAnswer, ...errorAnswers },
        },
      },
      async (request, reply) => {
        const result = await createItem(app.db, kind, currentUser(request), request.body as CreateOf<K>);
        return reply.status(201).send({ statusCode: 201, ...result });
      },
    );

    app.put(
      path,
      {
        config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
        preHandler: requireRole("business"),
        schema: {
          tags: ["catalog"],
          summary: summaries.update,
          security: bearer,
          body: face.updateInput,
          response: { 200: face.writeAnswer, ...errorAnswers },
        },
      },
      async (request) => ({ statusCode: 200, ...(await updateItem(app.db, kind, currentUser(request), request.body)) }),
    );

    app.delete(
      path,
      {
        config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
        preHandler: requireRole("business"),
        schema: {
          tags: ["catalog"],
          summary: summaries.delete,
          security: bearer,
          querystring: DeleteItemQuery,
          response: { 200: MessageAnswer, ...errorAnswers },
        },
      },
      async (request) => ({ statusCode: 200, ...(await deleteItem(app.db, kind, currentUser(request), request.query.id)) }),
    );
  };
}

/** Both faces, products first (the order of the OpenAPI document). */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(faceRoutes(PRODUCTS));
  await app.register(faceRoutes(SERVICES));
};

export default routes;
