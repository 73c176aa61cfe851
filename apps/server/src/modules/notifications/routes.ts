/**
 * Notification routes (ADRs 0181, 0182), the signed-in account's own only, never cached:
 * GET /api/notifications (newest first, keyset-paginated, with the unread count),
 * GET /api/notifications/unread (the bell's count alone), POST /api/notifications/read ({ ids } or
 * { all: true }), GET/PUT /api/notifications/preferences (channels per kind; security locked on).
 */
import {
  ErrorAnswer,
  NOTIFICATION_MESSAGES,
  NotificationPreferencesAnswer,
  NotificationPreferencesBody,
  NotificationPreferencesUpdateAnswer,
  NotificationsAnswer,
  NotificationsQuery,
  NotificationsReadAnswer,
  NotificationsReadBody,
  UnreadAnswer,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { currentUser, requireUser } from "../../plugins/auth.js";
import { getPreferences, listNotifications, markRead, setNotificationStoreUrl, setPreferences, unreadCount } from "./service.js";

const errors = { 400: ErrorAnswer, 401: ErrorAnswer };

const routes: FastifyPluginAsyncZod = async (app) => {
  // Links in messages come from PUBLIC_URL (required in production), never from a request's Host.
  setNotificationStoreUrl(app.config.PUBLIC_URL ?? `http://localhost:${app.config.PORT}`);

  app.get(
    "/notifications",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["notifications"],
        summary: "The signed-in account's notifications, newest first, and how many are unread",
        security: [{ bearer: [] }],
        querystring: NotificationsQuery,
        response: { 200: NotificationsAnswer, ...errors },
      },
    },
    async (request) => {
      const { items, unread, nextCursor } = await listNotifications(app.db, currentUser(request).id, request.query);
      return { statusCode: 200, data: { items, unread }, nextCursor };
    },
  );

  app.get(
    "/notifications/unread",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["notifications"],
        summary: "How many of the signed-in account's notifications are unread (the bell's count)",
        security: [{ bearer: [] }],
        response: { 200: UnreadAnswer, 401: ErrorAnswer },
      },
    },
    async (request) => ({ statusCode: 200, data: { unread: await unreadCount(app.db, currentUser(request).id) } }),
  );

  app.post(
    "/notifications/read",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Mark notifications read: the given ids (the caller's own) or all",
        security: [{ bearer: [] }],
        body: NotificationsReadBody,
        response: { 200: NotificationsReadAnswer, ...errors },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: NOTIFICATION_MESSAGES.marked,
      data: { unread: await markRead(app.db, currentUser(request).id, request.body) },
    }),
  );

  app.get(
    "/notifications/preferences",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["notifications"],
        summary: "The channels (in-app, e-mail, SMS) the account chose for each kind of notification",
        security: [{ bearer: [] }],
        response: { 200: NotificationPreferencesAnswer, 401: ErrorAnswer },
      },
    },
    async (request) => ({ statusCode: 200, data: { items: await getPreferences(app.db, currentUser(request)) } }),
  );

  app.put(
    "/notifications/preferences",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["notifications"],
        summary: "Choose the channels of some kinds of notification (security messages cannot be turned off)",
        security: [{ bearer: [] }],
        body: NotificationPreferencesBody,
        response: { 200: NotificationPreferencesUpdateAnswer, ...errors },
      },
    },
    async (request) => ({
      statusCode: 200,
      message: NOTIFICATION_MESSAGES.saved,
      data: { items: await setPreferences(app.db, currentUser(request), request.body.items) },
    }),
  );
};

export default routes;
