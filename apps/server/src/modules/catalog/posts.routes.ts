/**
 * HTTP routes of services, stored as posts (spec §7 /api/posts): the public list and detail, a
 * seller's own, and create, update and delete for business accounts (each on their own services
 * only). Handlers validate with the shared Zod schema, authorize, and call one service function.
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
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogReader } from "../../db/read.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { detailCaches, signedInDetailHook } from "./detail-cache.js";
import { createPost, deletePost, getPostDetail, listPosts, updatePost } from "./posts.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  const caches = detailCaches(app);
  app.get(
    "/posts",
    {
      // A signed-in detail whose parts are cached is answered here, before validation (ADR 0146).
      preValidation: signedInDetailHook(caches, "post", PostDetailAnswer),
      schema: {
        tags: ["catalog"],
        summary:
          "Services: the public list (filters, search, sort, keyset pages), `?id=` one with its seller, `?mine=true` the seller's own",
        querystring: PostListQuery,
        response: { 200: PostListAnswer.or(PostDetailAnswer), ...errorAnswers },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.id) return { statusCode: 200, ...(await getPostDetail(app.db, q.id, request.user, caches)) };
      const { rows: _rows, ...page } = await listPosts(catalogReader(request), q, request.user);
      return { statusCode: 200, ...page };
    },
  );

  app.post(
    "/posts",
    {
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "Create a service (business accounts, in one of their service categories)",
        security: bearer,
        body: PostCreateInput,
        response: { 201: PostWriteAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const result = await createPost(app.db, currentUser(request), request.body);
      return reply.status(201).send({ statusCode: 201, ...result });
    },
  );

  app.put(
    "/posts",
    {
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "Update one of your services",
        security: bearer,
        body: PostUpdateInput,
        response: { 200: PostWriteAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await updatePost(app.db, currentUser(request), request.body)) }),
  );

  app.delete(
    "/posts",
    {
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "Delete one of your services",
        security: bearer,
        querystring: DeleteItemQuery,
        response: { 200: MessageAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await deletePost(app.db, currentUser(request), request.query.id)) }),
  );
};

export default routes;
