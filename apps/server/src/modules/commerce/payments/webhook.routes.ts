/**
 * Paystack's signed webhook (ADR 0031), registered only when `PAYSTACK_SECRET_KEY` is set: charge
 * events mark orders paid, transfer events settle payouts sent through Paystack Transfers (ADR 0094).
 * Each event takes effect once; events that need a person are logged for an admin.
 */
import type { FastifyPluginAsync } from "fastify";
import { badRequest, unauthorized } from "../../../lib/errors.js";
import { handleTransferEvent, type TransferEvent } from "../../ledger/paystack-transfers.js";
import { handlePaystackEvent, type PaystackEvent, verifyPaystackSignature } from "./paystack.js";

const routes: FastifyPluginAsync = async (app) => {
  const secret = app.config.PAYSTACK_SECRET_KEY;
  if (!secret) return;
  // The signature covers the raw bytes, so this plugin's scope keeps the body as received (in place
  // of the app's JSON parser, plugins/json-body.ts).
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
  app.post(
    "/payments/paystack/webhook",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      schema: { tags: ["checkout"], summary: "Paystack events (x-paystack-signature HMAC-SHA512)" },
    },
    async (request, reply) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = request.headers["x-paystack-signature"];
      if (!verifyPaystackSignature(raw, typeof signature === "string" ? signature : undefined, secret))
        throw unauthorized("Invalid signature");
      let event: PaystackEvent;
      try {
        event = JSON.parse(raw) as PaystackEvent;
      } catch {
        throw badRequest("Invalid JSON");
      }
      if (!event || typeof event.event !== "string") throw badRequest("Invalid event");
      // Payouts sent through Paystack Transfers are settled by their own events (ADR 0094).
      if (event.event.startsWith("transfer.")) {
        const outcome = await handleTransferEvent(app.db, event as TransferEvent);
        if (outcome === "out_of_order" || outcome === "amount_mismatch" || outcome === "unknown_payout") {
          request.log.warn({ outcome, reference: event.data?.reference }, "paystack transfer event needs an admin");
        }
        return reply.send({ statusCode: 200, outcome });
      }
      const outcome = await handlePaystackEvent(app.db, event);
      if (outcome === "amount_mismatch" || outcome === "order_closed" || outcome === "unknown_order") {
        request.log.warn({ outcome, reference: event.data?.reference }, "paystack event needs an admin");
      }
      return reply.send({ statusCode: 200, outcome });
    },
  );
};

export default routes;
