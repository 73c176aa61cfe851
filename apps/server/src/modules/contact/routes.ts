/**
 * POST /api/contact (spec §2 contact page, §5: Your Name and Your Email required). Open to everyone;
 * limited per IP (ADR 0005, ADR 0061) so a script cannot flood the table.
 */
import { ContactAnswer, ContactBody, ErrorAnswer, TEXT } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { tooMany } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { saveContactMessage } from "./service.js";

/** Messages one IP may send per window. Generous, because many shoppers share a carrier's IP. */
export const CONTACT_RATE_LIMIT = { max: 10, timeWindow: "15 minutes" } as const;

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/contact",
    {
      config: {
        cache: NO_CACHE_EFFECT,
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: (_request, context) => tooMany(`You have sent too many messages. Please try again in ${context.after}.`),
        },
      },
      schema: {
        tags: ["contact"],
        summary: "Send a message to the store",
        body: ContactBody,
        response: { 201: ContactAnswer, 400: ErrorAnswer, 429: ErrorAnswer },
      },
    },
    async (request, reply) => {
      await saveContactMessage(app.db, request.body);
      return reply.status(201).send({ statusCode: 201, message: TEXT.contact.sent });
    },
  );
};

export default routes;
