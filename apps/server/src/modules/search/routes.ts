/**
 * Search routes (ADR 0205, 0206): `GET /api/search` (products and services, relevance, typos,
 * synonyms, disjunctive facets), `GET /api/search/suggest` (while typing), and the admin's synonym
 * groups under `/api/admin/search/synonyms`. Public reads go to the read pool of the caller
 * (db/read.ts) and are kept by the public cache until the next catalog write.
 */
import {
  MessageAnswer,
  SearchAnswer,
  SearchQuery,
  SuggestAnswer,
  SuggestQuery,
  SynonymInput,
  SynonymListAnswer,
  SynonymParams,
  SynonymWriteAnswer,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { catalogReader } from "../../db/read.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { requireRole } from "../../plugins/auth.js";
import { search, suggest } from "./search.service.js";
import { createSynonyms, deleteSynonyms, listSynonyms, loadSynonyms, synonymsChanged, updateSynonyms } from "./synonyms.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/search",
    {
      // Most searches are asked once: kept from the second ask (ADR 0230).
      config: { cache: { answers: "public", admit: "second ask", invalidates: [] } },
      schema: {
        tags: ["search"],
        summary:
          'Search products and services: words, "phrases", -excluded, or; typo-tolerant; items with all the words first, then those with some; facets counted with the other filters (disjunctive), variant options as `option=Name:Value` (repeatable: one option\'s values OR-ed, different options AND-ed); `user_id` searches one shop',
        querystring: SearchQuery,
        response: { 200: SearchAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const db = catalogReader(request);
      return { statusCode: 200, data: await search(app.searchIndex, request.query, await loadSynonyms(app, db)) };
    },
  );

  app.get(
    "/search/suggest",
    {
      // Most searches are asked once: kept from the second ask (ADR 0230).
      config: { cache: { answers: "public", admit: "second ask", invalidates: [] } },
      schema: {
        tags: ["search"],
        summary: "Suggestions while typing (from the second letter): products, services, categories, sellers, each with its page",
        querystring: SuggestQuery,
        response: { 200: SuggestAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const db = catalogReader(request);
      return { statusCode: 200, data: { suggestions: await suggest(app.searchIndex, request.query.q, await loadSynonyms(app, db)) } };
    },
  );

  const admin = { preHandler: requireRole("admin") };
  app.get(
    "/admin/search/synonyms",
    {
      ...admin,
      config: { cache: NO_CACHE_EFFECT },
      schema: {
        tags: ["search"],
        summary: "The synonym groups (admin)",
        security: bearer,
        response: { 200: SynonymListAnswer, ...errorAnswers },
      },
    },
    async () => ({ statusCode: 200, data: await listSynonyms(app.db) }),
  );
  app.post(
    "/admin/search/synonyms",
    {
      ...admin,
      config: { cache: { answers: "none", invalidates: ["catalog"] } },
      schema: {
        tags: ["search"],
        summary: "Add a synonym group: its terms find the same items, both ways (admin)",
        security: bearer,
        body: SynonymInput,
        response: { 201: SynonymWriteAnswer, ...errorAnswers },
      },
    },
    async (request, reply) => {
      const data = await createSynonyms(app.db, request.body.terms);
      await synonymsChanged(app);
      return reply.status(201).send({ statusCode: 201, message: "Synonyms added", data });
    },
  );
  app.put(
    "/admin/search/synonyms/:id",
    {
      ...admin,
      config: { cache: { answers: "none", invalidates: ["catalog"] } },
      schema: {
        tags: ["search"],
        summary: "Replace a synonym group's terms (admin)",
        security: bearer,
        params: SynonymParams,
        body: SynonymInput,
        response: { 200: SynonymWriteAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      const data = await updateSynonyms(app.db, request.params.id, request.body.terms);
      await synonymsChanged(app);
      return { statusCode: 200, message: "Synonyms saved", data };
    },
  );
  app.delete(
    "/admin/search/synonyms/:id",
    {
      ...admin,
      config: { cache: { answers: "none", invalidates: ["catalog"] } },
      schema: {
        tags: ["search"],
        summary: "Delete a synonym group (admin)",
        security: bearer,
        params: SynonymParams,
        response: { 200: MessageAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      await deleteSynonyms(app.db, request.params.id);
      await synonymsChanged(app);
      return { statusCode: 200, message: "Synonyms deleted" };
    },
  );
};

export default routes;
