/**
 * HTTP routes of reports (ADR 0213): POST /api/reports (anyone signed in), the admins' queue
 * GET /api/admin/reports and POST /api/admin/reports/{id}/decide, and the seller's own
 * GET /api/me/reports (reports about their items and the decisions). Handlers validate with the
 * contract's schemas and call one service function.
 */
import {
  DecideReportAnswer,
  DecideReportInput,
  MyReportCasesQuery,
  ReportAnswer,
  ReportCasesAnswer,
  ReportCasesQuery,
  ReportInput,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.js";
import { decideReportCase, listReportCases, reportItem } from "./reports.service.js";

const IdParams = z.object({ id: z.uuid({ message: "Report not found" }) });

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/reports",
    {
      // Three verified buyers' reports may hide a listing: the catalog's answers change.
      config: { cache: { answers: "none", invalidates: ["catalog"] } },
      preHandler: requireUser,
      schema: {
        tags: ["catalog"],
        summary: "Report a listing or a review (once per item; at most 10 a day; not your own)",
        security: bearer,
        body: ReportInput,
        response: { 200: ReportAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, ...(await reportItem(app.db, currentUser(request), request.body)) }),
  );

  app.get(
    "/admin/reports",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "The reports queue: one entry per reported item with its reports, open ones oldest first, 100 a page (cursor)",
        security: bearer,
        querystring: ReportCasesQuery,
        response: { 200: ReportCasesAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      ...(await listReportCases(app.db, { status: request.query.status }, request.query.cursor, request.query.limit)),
    }),
  );

  app.post(
    "/admin/reports/:id/decide",
    {
      config: { cache: { answers: "none", invalidates: ["catalog"] } },
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Decide a reported item: hide (a review), unlist (a listing) or dismiss, with the reason the seller sees",
        security: bearer,
        params: IdParams,
        body: DecideReportInput,
        response: { 200: DecideReportAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      ...(await decideReportCase(app.db, currentUser(request).id, request.params.id, request.body)),
    }),
  );

  app.get(
    "/me/reports",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "The signed-in seller's reported items and the admins' decisions, newest first, 100 a page (cursor)",
        security: bearer,
        querystring: MyReportCasesQuery,
        response: { 200: ReportCasesAnswer, ...errorAnswers },
      },
    },
    async (request) => ({
      statusCode: 200,
      ...(await listReportCases(app.db, { sellerId: currentUser(request).id }, request.query.cursor, request.query.limit)),
    }),
  );
};

export default routes;
