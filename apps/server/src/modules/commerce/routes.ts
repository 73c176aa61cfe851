/**
 * HTTP routes of the commerce area (spec §7 /api/cart, /api/transactions*, plus orders and the
 * admin's transfers; brief "Commerce" contract). Handlers validate with the shared Zod schema,
 * authorize, and call one service function. Also starts the expiry sweep (ADR 0032) and, when
 * Paystack is configured, its signed webhook (ADR 0031).
 */
import {
  ACCOUNT_MESSAGES,
  AdminTransactionActionAnswer,
  AdminTransactionActionBody,
  AdminTransactionsAnswer,
  AdminTransactionsQuery,
  BuyerOrdersAnswer,
  CancelTransferQuery,
  CartAddBody,
  CartDeleteQuery,
  CartLineAnswer,
  CartListAnswer,
  CreateSessionAnswer,
  CreateSessionBody,
  ErrorAnswer,
  MessageAnswer,
  OrdersPageQuery,
  SellerOrderLinesAnswer,
  SubmitTransferAnswer,
  SubmitTransferBody,
  UpdateOrderLineAnswer,
  UpdateOrderLineBody,
} from "@market/contract";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest, unauthorized } from "../../lib/errors.js";
import { currentUser, requireRole, requireUser } from "../../plugins/auth.js";
import { handleTransferEvent, type TransferEvent } from "../ledger/paystack-transfers.js";
import { addToCart, clearCart, listCart, removeCartLine } from "./cart.service.js";
import { cancelOrder, createCheckoutSession, expireOverdueOrders, flagUnconfirmedTransfers, submitTransfer } from "./checkout.service.js";
import { decideTransfer, listBuyerOrders, listSellerLines, listTransfers, moveSellerLine } from "./orders.service.js";
import { handlePaystackEvent, type PaystackEvent, verifyPaystackSignature } from "./payments/paystack.js";
import { createPaymentProvider } from "./payments/provider.js";

/**
 * The 400 answer for a form's schema failure (`attachValidation`): per-field messages keyed by the
 * top-level field, and as `message` the only field's message or "Please correct the highlighted fields".
 */
export function formError(error: { validation?: Array<{ instancePath?: string; message?: string }> }) {
  const errors: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const key = (issue.instancePath ?? "").replace(/^\//, "").split("/")[0] || "body";
    errors[key] ??= issue.message ?? "Invalid value";
  }
  const messages = Object.values(errors);
  return badRequest(messages.length === 1 ? messages[0]! : ACCOUNT_MESSAGES.fixFields, errors);
}

/** How often each server process sweeps expired transfer windows (ADR 0032). */
export const EXPIRY_SWEEP_MS = 30_000;

const errors = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const provider = createPaymentProvider(app.config);
  startExpirySweep(app);

  /* Cart --------------------------------------------------------------------------------- */

  app.get(
    "/cart",
    {
      preHandler: requireUser,
      schema: { tags: ["cart"], summary: "The signed-in user's cart lines", security, response: { 200: CartListAnswer, ...errors } },
    },
    async (request) => ({ statusCode: 200, data: await listCart(app.db, currentUser(request).id) }),
  );

  app.post(
    "/cart",
    {
      preHandler: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Add a product or replace its quantity (clamped to 1..stock)",
        security,
        body: CartAddBody,
        response: { 200: CartLineAnswer, ...errors },
      },
    },
    async (request) => {
      const line = await addToCart(app.db, currentUser(request).id, request.body.product_id, request.body.count);
      const clamped = line.count !== request.body.count;
      return {
        statusCode: 200,
        message: clamped ? `Only ${line.count} in stock: quantity set to ${line.count}` : "Added to cart",
        data: line,
      };
    },
  );

  app.delete(
    "/cart",
    {
      preHandler: requireUser,
      schema: {
        tags: ["cart"],
        summary: "Remove one line (cart_id=<id>) or clear the cart (cart_id=all)",
        security,
        querystring: CartDeleteQuery,
        response: { 200: MessageAnswer, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (request.query.cart_id === "all") {
        await clearCart(app.db, userId);
        return { statusCode: 200, message: "Cart cleared" };
      }
      await removeCartLine(app.db, userId, request.query.cart_id);
      return { statusCode: 200, message: "Removed from cart" };
    },
  );

  /* Checkout and transfer ---------------------------------------------------------------- */

  app.post(
    "/transactions/createSession",
    {
      preHandler: requireUser,
      // Signed-out callers get 401 before any field check; the form's field messages come back
      // with a shopper's sentence as the "Oops" message, not "account_no: ...".
      attachValidation: true,
      schema: {
        tags: ["checkout"],
        summary: "Reserve the cart as an order for 15 minutes and answer the bank transfer record",
        security,
        body: CreateSessionBody,
        response: { 200: CreateSessionAnswer, ...errors, 503: ErrorAnswer },
      },
    },
    async (request) => {
      if (request.validationError) throw formError(request.validationError);
      const form = await createCheckoutSession(app.db, provider, currentUser(request), request.body, {
        maxUnitsPerProductPerDay: app.config.MAX_UNITS_PER_PRODUCT_PER_DAY,
      });
      return { statusCode: 200, data: { message: "Transfer the amount within 15 minutes", data: "session" as const, Form: form } };
    },
  );

  app.put(
    "/transactions",
    {
      preHandler: requireUser,
      schema: {
        tags: ["checkout"],
        summary: '"I have made payment": record the transfer (once per order) and empty the cart',
        security,
        body: SubmitTransferBody,
        response: { 200: SubmitTransferAnswer, ...errors },
      },
    },
    async (request) => {
      const { duplicate, ...data } = await submitTransfer(app.db, currentUser(request), request.body);
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
      preHandler: requireUser,
      schema: {
        tags: ["checkout"],
        summary: "Cancel an order awaiting payment and release its stock",
        security,
        querystring: CancelTransferQuery,
        response: { 200: MessageAnswer, ...errors },
      },
    },
    async (request) => {
      const { status } = await cancelOrder(app.db, currentUser(request), request.query.order_id);
      return { statusCode: 200, message: status === "expired" ? "The payment window had expired; the order is closed" : "Order cancelled" };
    },
  );

  /* Orders -------------------------------------------------------------------------------- */

  app.get(
    "/orders",
    {
      preHandler: requireUser,
      schema: {
        tags: ["orders"],
        summary: "The signed-in buyer's orders, newest first",
        security,
        querystring: OrdersPageQuery,
        response: { 200: BuyerOrdersAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, ...(await listBuyerOrders(app.db, currentUser(request).id, request.query)) }),
  );

  app.get(
    "/orders/lines",
    {
      preHandler: requireRole("business", "admin"),
      schema: {
        tags: ["orders"],
        summary: "Lines of paid orders: the seller's own (an admin sees all)",
        security,
        querystring: OrdersPageQuery,
        response: { 200: SellerOrderLinesAnswer, ...errors },
      },
    },
    async (request) => ({ statusCode: 200, ...(await listSellerLines(app.db, currentUser(request), request.query)) }),
  );

  app.put(
    "/orders/lines",
    {
      preHandler: requireRole("business"),
      schema: {
        tags: ["orders"],
        summary: "The seller marks one of their lines shipped or delivered",
        security,
        body: UpdateOrderLineBody,
        response: { 200: UpdateOrderLineAnswer, ...errors },
      },
    },
    async (request) => {
      const line = await moveSellerLine(app.db, currentUser(request).id, request.body.line_id, request.body.fulfilment);
      return { statusCode: 200, message: `Marked ${line.fulfilment}`, data: line };
    },
  );

  /* Admin: transfers ------------------------------------------------------------------------ */

  app.get(
    "/admin/transactions",
    {
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Bank transfer records, newest first",
        security,
        querystring: AdminTransactionsQuery,
        response: { 200: AdminTransactionsAnswer, ...errors },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      return { statusCode: 200, ...(await listTransfers(app.db, { status }, page)) };
    },
  );

  app.put(
    "/admin/transactions",
    {
      preHandler: requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "Confirm (order paid) or reject (stock released) a submitted or flagged transfer",
        security,
        body: AdminTransactionActionBody,
        response: { 200: AdminTransactionActionAnswer, ...errors },
      },
    },
    async (request) => {
      const data = await decideTransfer(app.db, currentUser(request).id, request.body.transaction_id, request.body.action, app.messenger);
      return { statusCode: 200, message: data.status === "confirmed" ? "Payment confirmed" : "Payment rejected", data };
    },
  );

  /* Paystack webhook (only when configured) ---------------------------------------------- */

  const secret = app.config.PAYSTACK_SECRET_KEY;
  if (secret) {
    await app.register(async (hook) => {
      // The signature covers the raw bytes, so this scope keeps the body as received (in place of
      // the app's JSON parser, plugins/json-body.ts).
      hook.removeContentTypeParser("application/json");
      hook.addContentTypeParser("application/json", { parseAs: "string" }, (_req, body, done) => done(null, body));
      hook.post(
        "/payments/paystack/webhook",
        { schema: { tags: ["checkout"], summary: "Paystack events (x-paystack-signature HMAC-SHA512)" } },
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
    });
  }
};

/**
 * One sweep of stock held too long: expire overdue transfer windows (ADR 0032) and flag submitted
 * transfers no admin decided within UNCONFIRMED_TRANSFER_HOURS (ADR 0081); both give their stock
 * back. When any were released, clear this process's public catalog cache at once (released stock
 * changes what the catalog shows; ADR 0052). Answers how many orders were released.
 */
export async function runExpirySweep(app: FastifyInstance): Promise<number> {
  const expired = await expireOverdueOrders(app.db);
  const flagged = await flagUnconfirmedTransfers(app.db, app.messenger, { afterHours: app.config.UNCONFIRMED_TRANSFER_HOURS });
  if (expired + flagged > 0) {
    app.publicCache.invalidate();
    if (expired) app.log.info({ expired }, "expired transfer windows released");
    if (flagged) app.log.warn({ flagged }, "unconfirmed transfers flagged for an admin, their stock released");
  }
  return expired + flagged;
}

/**
 * Every `EXPIRY_SWEEP_MS`, run `runExpirySweep`. Runs in every server process; the SQL claims rows
 * with SKIP LOCKED, so processes never double-release (ADR 0032).
 */
function startExpirySweep(app: FastifyInstance): void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runExpirySweep(app)
      .catch((err) => app.log.warn({ err: (err as Error).message }, "expiry sweep failed"))
      .finally(() => {
        running = false;
      });
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

export default routes;
