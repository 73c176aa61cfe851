/**
 * Paystack's signed webhook (ADR 0031), registered only when `PAYSTACK_SECRET_KEY` is set: charge
 * events mark orders paid, transfer events settle payouts sent through Paystack Transfers (ADR 0094).
 * Each event takes effect once; events that need a person are logged for an admin.
 */
import { PaystackCallbackQuery } from "@market/contract";
import type { FastifyPluginAsync } from "fastify";
import { isUuid } from "../../../lib/cursor.js";
import { badRequest, unauthorized } from "../../../lib/errors.js";
import { handleTransferEvent, type TransferEvent } from "../../ledger/paystack-transfers.js";
import { protectionSettings } from "../protection.service.js";
import { verifyCardPayment } from "./card.js";
import { applyPaystackCharge } from "./card-payment.service.js";
import { type PaystackEvent, paystackApi, verifyPaystackSignature } from "./paystack.js";

const routes: FastifyPluginAsync = async (app) => {
  const api = paystackApi(app.config);
  if (!api) return;
  const secret = api.secretKey;

  // Paystack sends the card buyer back here with the reference (ADR 0201): the payment is verified
  // with Paystack (never taken from the query) and applied as its webhook would be, once.
  app.get<{ Querystring: { reference?: string; trxref?: string } }>(
    "/payments/paystack/callback",
    {
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      schema: {
        tags: ["checkout"],
        summary: "Where Paystack sends the card buyer back: verifies the transaction and opens the order page",
        querystring: PaystackCallbackQuery,
      },
    },
    async (request, reply) => {
      const reference = request.query.reference ?? request.query.trxref ?? "";
      if (!isUuid(reference)) return reply.redirect("/cart");
      const event = await verifyCardPayment(api, reference);
      if (event) await applyPaystackCharge(app.db, api, event, protectionSettings(app.config), request.log);
      return reply.redirect(`/account/orders/${reference}`);
    },
  );

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
      // A payment too late for its stock is given back (ADR 0202); a refusal is left to an admin.
      const { outcome } = await applyPaystackCharge(app.db, api, event, protectionSettings(app.config), request.log);
      return reply.send({ statusCode: 200, outcome });
    },
  );
};

export default routes;
