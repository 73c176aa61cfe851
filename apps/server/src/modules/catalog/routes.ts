/**
 * HTTP routes of the catalog (spec §7): categories, products, services (posts), follows, reviews
 * and star reactions. Each handler validates with the shared Zod schema, authorizes, and calls one
 * service function. Success answers carry `statusCode`.
 */
import {
  CategoryCreateInput,
  CategoryListAnswer,
  CategoryQuery,
  CategoryUpdateInput,
  CategoryWriteAnswer,
  DeleteItemQuery,
  ErrorAnswer,
  FollowAnswer,
  FollowersAnswer,
  FollowersQuery,
  FollowQuery,
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
  RatingAnswer,
  ReactionInput,
  ReviewInput,
  ReviewListAnswer,
  ReviewListQuery,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.js";
import { createCategory, listCategories, updateCategory } from "./categories.service.js";
import { createPost, deletePost, getPostDetail, listPosts, updatePost } from "./posts.service.js";
import { createProduct, deleteProduct, getProductDetail, listProducts, updateProduct } from "./products.service.js";
import { listReviews, react, writeReview } from "./reviews.service.js";
import { listFollowers, setFollow } from "./sellers.service.js";

const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const bearer = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  // ---------------------------------------------------------------- categories
  app.get(
    "/category",
    {
      schema: {
        tags: ["catalog"],
        summary: "List categories: all, one by id, or a user's own",
        querystring: CategoryQuery,
        response: { 200: CategoryListAnswer, 400: ErrorAnswer },
      },
    },
    async (request) => {
      const { id, user_id, type } = request.query;
      return { statusCode: 200, data: await listCategories(app.db, { id, userId: user_id, type }) };
    },
  );

  app.post(
    "/category",
    {
      preHandler: requireRole("admin"),
      schema: {
        tags: ["catalog"],
        summary: "Create a category (admin)",
        security: bearer,
        body: CategoryCreateInput,
        response: { 201: CategoryWriteAnswer, ...errors },
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
      preHandler: requireRole("admin"),
      schema: {
        tags: ["catalog"],
        summary: "Update a category's name and type (admin)",
        security: bearer,
        body: CategoryUpdateInput,
        response: { 200: CategoryWriteAnswer, ...errors },
      },
    },
    async (request) => {
      const { id, _id, ...fields } = request.body;
      return { statusCode: 200, ...(await updateCategory(app.db, (id ?? _id)!, fields)) };
    },
  );

  // ---------------------------------------------------------------- products
  app.get(
    "/product",
    {
      schema: {
        tags: ["catalog"],
        summary:
          "Products: the public list (filters, search, sort, keyset pages), `?id=` one with its seller, `?mine=true` the seller's own",
        querystring: ProductListQuery,
        response: { 200: ProductListAnswer.or(ProductDetailAnswer), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.id) return { statusCode: 200, ...(await getProductDetail(app.db, q.id, request.user)) };
      const { rows: _rows, ...page } = await listProducts(app.db, q, request.user);
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
        response: { 201: ProductWriteAnswer, ...errors },
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
        response: { 200: ProductWriteAnswer, ...errors },
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
        response: { 200: MessageAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, ...(await deleteProduct(app.db, currentUser(request), request.query.id)) }),
  );

  // ---------------------------------------------------------------- services (posts)
  app.get(
    "/posts",
    {
      schema: {
        tags: ["catalog"],
        summary:
          "Services: the public list (filters, search, sort, keyset pages), `?id=` one with its seller, `?mine=true` the seller's own",
        querystring: PostListQuery,
        response: { 200: PostListAnswer.or(PostDetailAnswer), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.id) return { statusCode: 200, ...(await getPostDetail(app.db, q.id, request.user)) };
      const { rows: _rows, ...page } = await listPosts(app.db, q, request.user);
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
        response: { 201: PostWriteAnswer, ...errors },
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
        response: { 200: PostWriteAnswer, ...errors },
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
        response: { 200: MessageAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, ...(await deletePost(app.db, currentUser(request), request.query.id)) }),
  );

  // ---------------------------------------------------------------- reviews and star reactions
  app.get(
    "/posts/reviews",
    {
      schema: {
        tags: ["catalog"],
        summary: "A service's reviews, newest first (keyset pages)",
        querystring: ReviewListQuery,
        response: { 200: ReviewListAnswer, ...errors },
      },
    },
    async (request) => {
      const { post_id, limit, cursor } = request.query;
      return { statusCode: 200, ...(await listReviews(app.db, post_id, limit, cursor, request.user)) };
    },
  );

  app.post(
    "/posts/reviews",
    {
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Review a service (1-5 stars and a comment; one per user, a new one replaces yours)",
        security: bearer,
        body: ReviewInput,
        response: { 200: RatingAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, ...(await writeReview(app.db, currentUser(request), request.body)) }),
  );

  app.post(
    "/posts/reactions",
    {
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Give a service 1-5 stars (one per user; a new one replaces yours)",
        security: bearer,
        body: ReactionInput,
        response: { 200: RatingAnswer, ...errors },
      },
    },
    async (request) => {
      const { post_id, stars } = request.body;
      return { statusCode: 200, ...(await react(app.db, currentUser(request), post_id, stars)) };
    },
  );

  // ---------------------------------------------------------------- follows
  app.get(
    "/user/follow",
    {
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Follow or unfollow a seller (`id` = the seller); answers the seller's followers",
        security: bearer,
        querystring: FollowQuery,
        response: { 200: FollowAnswer, ...errors },
      },
    },
    async (request) => {
      const { id, state } = request.query;
      return { statusCode: 200, ...(await setFollow(app.db, currentUser(request).id, id, state)) };
    },
  );

  app.get(
    "/user/followers",
    {
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "The signed-in seller's followers, most recent first (back office 'Followers')",
        security: bearer,
        querystring: FollowersQuery,
        response: { 200: FollowersAnswer, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      return { statusCode: 200, page, limit, ...(await listFollowers(app.db, currentUser(request).id, page, limit)) };
    },
  );
};

export default routes;
