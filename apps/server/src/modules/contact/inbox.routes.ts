/**
 * The admins' inbox of contact messages (ADR 0183): `GET /api/admin/messages`,
 * `POST /api/admin/messages/{id}/read`, `POST /api/admin/messages/{id}/reply`. Admins only (a
 * seller or customer is answered 403, as every admin route). Personal data: never cached.
 */
import {
  AdminMessageAnswer,
  AdminMessageParams,
  AdminMessagesAnswer,
  AdminMessagesQuery,
  AdminReplyBody,
  ErrorAnswer,
  INBOX,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { listMessages, markRead, replyToMessage } from "./inbox.service.js";

const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/messages",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "The contact messages (admin), newest first, keyset-paginated, with their replies and the unread count",
        security: [{ bearer: [] }],
        querystring: AdminMessagesQuery,
        response: { 200: AdminMessagesAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, ...(await listMessages(app.db, request.query)) }),
  );

  app.post(
    "/admin/messages/:id/read",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Mark a contact message read (opening it in the inbox)",
        security: [{ bearer: [] }],
        params: AdminMessageParams,
        response: { 200: AdminMessageAnswer, ...errors },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: INBOX.marked,
      data: await markRead(app.db, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    "/admin/messages/:id/reply",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Reply to a contact message: e-mailed to the sender (through the outbox) and kept under the message",
        security: [{ bearer: [] }],
        params: AdminMessageParams,
        body: AdminReplyBody,
        response: { 201: AdminMessageAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const data = await replyToMessage(app.db, app.messenger, currentUser(request).id, request.params.id, request.body.body);
      return reply.status(201).send({ statusCode: 201, message: INBOX.replySent, data });
    },
  );
};

export default routes;
