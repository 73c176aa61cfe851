/**
 * HTTP routes of the seller's catalog as CSV (ADR 0216): `GET /api/product/export.csv` downloads
 * it, `POST /api/product/import` (the CSV as the body, `text/csv`, at most 5 MB) checks every row
 * and, unless `dry_run`, writes it all or nothing (`skip_invalid` writes the valid products only).
 */
import { CatalogImportAnswer, CatalogImportQuery, CSV_MAX_BYTES } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireRole } from "../../plugins/auth.js";
import { exportCatalog, importCatalog } from "./catalog-csv.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  // The CSV body arrives as text; over CSV_MAX_BYTES Fastify answers 413 before reading it all.
  app.addContentTypeParser("text/csv", { parseAs: "string", bodyLimit: CSV_MAX_BYTES }, (_req, body, done) => done(null, body));

  app.get(
    "/product/export.csv",
    {
      config: { cache: { answers: "none", invalidates: [] } },
      preHandler: requireRole("business"),
      schema: {
        tags: ["catalog"],
        summary: "Download your catalog as CSV (one row per variant; Shopify's product columns where they fit)",
        security: bearer,
        produces: ["text/csv"],
        response: { 200: z.string(), ...errorAnswers },
      },
    },
    async (request, reply) => {
      const csv = await exportCatalog(app.db, currentUser(request));
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="catalog.csv"')
        .send(csv);
    },
  );

  app.post(
    "/product/import",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireRole("business"),
      bodyLimit: CSV_MAX_BYTES,
      schema: {
        tags: ["catalog"],
        summary:
          "Create or update up to 1,000 products from a CSV (`text/csv`, at most 5 MB): `?dry_run=true` checks every row and writes nothing; otherwise all or nothing unless `?skip_invalid=true`",
        security: bearer,
        consumes: ["text/csv"],
        querystring: CatalogImportQuery,
        body: z.string(),
        response: { ...errorAnswers, 200: CatalogImportAnswer, 400: CatalogImportAnswer.or(errorAnswers[400]) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const r = await importCatalog(app.db, currentUser(request), request.body, { dryRun: q.dry_run, skipInvalid: q.skip_invalid });
      const bad = r.rows.filter((x) => x.errors.length).length;
      if (r.refused) {
        const message = `Nothing was written: ${bad} row${bad === 1 ? " has" : "s have"} errors. Fix them, or import again skipping them.`;
        return reply.status(400).send({ statusCode: 400, message, data: { rows: r.rows, created: 0, updated: 0 } });
      }
      const message = r.written
        ? `${r.created} created, ${r.updated} updated${bad ? `, ${bad} rows skipped` : ""}`
        : bad
          ? `Dry run: ${bad} row${bad === 1 ? " has" : "s have"} errors; nothing was written`
          : "Dry run: every row is valid; nothing was written";
      return reply.status(200).send({ statusCode: 200, message, data: { rows: r.rows, created: r.created, updated: r.updated } });
    },
  );
};

export default routes;
