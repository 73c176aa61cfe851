/**
 * HTTP routes of checkout by bank transfer (spec §7 /api/transactions*): reserve the cart as an
 * order and answer the transfer record, the shopper's pending order again, "I have made payment",
 * and cancel an order awaiting payment. Handlers validate with the shared Zod schema, authorize, and call one service function.
 */
import {
  CancelTransferQuery,
  ContinueCardAnswer,
  ContinueCardBody,
  CreateSessionAnswer,
  CreateSessionBody,
  ErrorAnswer,
  IdempotencyHeaders,
  MessageAnswer,
  PAY_ON_DELIVERY,
  PendingTransferAnswer,
  payTheCourier,
  SubmitTransferAnswer,
  SubmitTransferBody,
} from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fieldErrors, invalidInput } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { bearer, errorAnswers } from "../../lib/route-schema.js";
import { currentUser, requireUser } from "../../plugins/auth.js";
import { idempotent } from "../../plugins/idempotency.js";
import { withStockChanges } from "../../plugins/public-cache.js";
import { cancelOrder, pendingTransfer, submitTransfer } from "./bank-transfer.service.js";
import { type CardSettings, continueCardPayment, createCheckoutSession } from "./checkout.service.js";
import { paystackApi } from "./payments/paystack.js";
import { createPaymentProvider } from "./payments/provider.js";
import { protectionSettings } from "./protection.service.js";

const routes: FastifyPluginAsyncZod = async (app) => {
  const provider = createPaymentProvider(app.config);
  const paystack = paystackApi(app.config);
  /** Card payment's settings when the store has a Paystack key: Paystack sends the buyer back to the store's public address (ADR 0201). */
  const cardSettings = (request: { protocol: string; host: string }): CardSettings | null => {
    const base = app.config.PUBLIC_URL?.replace(/\/+$/, "") ?? `${request.protocol}://${request.host}`;
    return paystack ? { api: paystack, callbackUrl: `${base}/api/payments/paystack/callback` } : null;
  };

  app.post(
    "/transactions/createSession",
    {
      config: { cache: { answers: "none", invalidates: ["stock"] } },
      preHandler: [requireUser, idempotent],
      // Signed-out callers get 401 before any field check; the form's field messages come back
      // with a shopper's sentence as the "Oops" message, not "account_no: ...".
      attachValidation: true,
      schema: {
        tags: ["checkout"],
        summary:
          "Reserve the cart as an order for 15 minutes and answer the bank transfer record (payment_type bank_transfer), or for card the Paystack page to send the buyer to (authorization_url), or place it paid on delivery (payment_type pay_on_delivery: no window, the delivery code sent by SMS; 409 with the rule when pay on delivery is not allowed); a retry with the same Idempotency-Key answers the first result",
        security: bearer,
        headers: IdempotencyHeaders,
        body: CreateSessionBody,
        response: { 200: CreateSessionAnswer, ...errorAnswers, 422: ErrorAnswer, 503: ErrorAnswer },
      },
    },
    async (request) => {
      if (request.validationError) throw invalidInput(fieldErrors(request.validationError.validation));
      // Only stock changes: the caches drop what shows these products, not the whole catalog (ADR 0144).
      const card = cardSettings(request);
      const { authorization_url, ...form } = await withStockChanges(app, (changed) =>
        createCheckoutSession(
          app.db,
          provider,
          currentUser(request),
          request.body,
          { maxUnitsPerProductPerDay: app.config.MAX_UNITS_PER_PRODUCT_PER_DAY },
          changed,
          (ids) => void app.messenger.deliver(ids),
          card,
        ),
      );
      if (form.provider === PAY_ON_DELIVERY)
        return { statusCode: 200, data: { message: payTheCourier(form.amount), data: "session" as const, Form: form } };
      if (authorization_url)
        return {
          statusCode: 200,
          data: { message: "Pay by card on Paystack within 15 minutes", data: "session" as const, Form: form, authorization_url },
        };
      return { statusCode: 200, data: { message: "Transfer the amount within 15 minutes", data: "session" as const, Form: form } };
    },
  );

  app.post(
    "/transactions/card",
    {
      // A payment Paystack reports here pays the order, as the callback does (ADR 0201).
      config: { cache: { answers: "none", invalidates: ["catalog", "sessions"] } },
      preHandler: requireUser,
      schema: {
        tags: ["checkout"],
        summary:
          "Continue paying the caller's card order: Paystack is asked first and a payment it reports is applied as its callback does (paid, paid late, or refunded when the stock is sold; the message says which); else, in the order's window, the same Paystack page (same reference and total; ADR 0223)",
        security: bearer,
        body: ContinueCardBody,
        response: { 200: ContinueCardAnswer, ...errorAnswers, 503: ErrorAnswer },
      },
    },
    async (request) => {
      const { paid, authorizationUrl, expiresAt, message } = await continueCardPayment(
        app.db,
        cardSettings(request),
        currentUser(request),
        request.body.order_id,
        protectionSettings(app.config),
        request.log,
      );
      return {
        statusCode: 200,
        message,
        data: { paid, authorization_url: authorizationUrl, expires_at: expiresAt },
      };
    },
  );

  app.get(
    "/transactions/pending",
    {
      config: { cache: NO_CACHE_EFFECT },
      preHandler: requireUser,
      schema: {
        tags: ["checkout"],
        summary: "The shopper's order still awaiting payment in its window, as the Bank Transfer modal shows it, or null",
        security: bearer,
        response: { 200: PendingTransferAnswer, ...errorAnswers },
      },
    },
    async (request) => ({ statusCode: 200, data: await pendingTransfer(app.db, currentUser(request)) }),
  );

  app.put(
    "/transactions",
    {
      config: { cache: { answers: "none", invalidates: ["stock"] } },
      preHandler: requireUser,
      schema: {
        tags: ["checkout"],
        summary: '"I have made payment": record the transfer (once per order) and empty the cart',
        security: bearer,
        body: SubmitTransferBody,
        response: { 200: SubmitTransferAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      // Recording a transfer changes nothing the catalog shows; an order found expired gives its
      // stock back: only what shows those products is dropped (ADR 0144).
      const { duplicate, ...data } = await withStockChanges(app, (changed) =>
        submitTransfer(app.db, currentUser(request), request.body, changed),
      );
      return {
        statusCode: 200,
        message: duplicate
          ? "Your payment was already recorded. We will confirm it shortly."
          : "Thank you! Your payment has been recorded and will be confirmed shortly.",
        data,
      };
    },
  );

  app.delete(
    "/transactions",
    {
      config: { cache: { answers: "none", invalidates: ["stock"] } },
      preHandler: requireUser,
      schema: {
        tags: ["checkout"],
        summary: "Cancel an order awaiting payment and release its stock",
        security: bearer,
        querystring: CancelTransferQuery,
        response: { 200: MessageAnswer, ...errorAnswers },
      },
    },
    async (request) => {
      // Only the stock of the order's products came back: the caches drop what shows them (ADR 0144).
      const { status } = await withStockChanges(app, async (changed) => {
        const cancelled = await cancelOrder(app.db, currentUser(request), request.query.order_id);
        changed(cancelled.stockChanged);
        return cancelled;
      });
      return { statusCode: 200, message: status === "expired" ? "The payment window had expired; the order is closed" : "Order cancelled" };
    },
  );
};

export default routes;
