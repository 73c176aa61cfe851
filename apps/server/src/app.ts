/**
 * `buildApp(config, db)`: the whole Fastify application, used by main.ts and by every test.
 * Order (fastify/demo style): external plugins (helmet, compress, rate-limit, swagger), app plugins
 * (errors, auth), then the route modules, then the SPA fallback.
 */
// The new-password rule refuses common passwords only once their list is loaded (ADR 0083).
import "@market/contract/password-blocklist";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { HelmetOptions } from "helmet";
import type { Config } from "./config.js";
import type { Db } from "./db/client.js";
import { readRoutingPlugin } from "./db/read.js";
import { NO_CACHE_EFFECT } from "./lib/route-cache.js";
import accountsRoutes from "./modules/accounts/routes.js";
import sellerRoutes from "./modules/accounts/seller.routes.js";
import adminRoutes from "./modules/admin/routes.js";
import catalogCsvRoutes from "./modules/catalog/catalog-csv.routes.js";
import categoriesRoutes from "./modules/catalog/categories.routes.js";
import itemsRoutes from "./modules/catalog/items.routes.js";
import purchaseReviewsRoutes from "./modules/catalog/purchase-reviews.routes.js";
import reportsRoutes from "./modules/catalog/reports.routes.js";
import reviewsRoutes from "./modules/catalog/reviews.routes.js";
import sellersRoutes from "./modules/catalog/sellers.routes.js";
import cartRoutes from "./modules/commerce/cart.routes.js";
import checkoutRoutes from "./modules/commerce/checkout.routes.js";
import ordersRoutes from "./modules/commerce/orders.routes.js";
import payOnDeliveryRoutes from "./modules/commerce/pay-on-delivery.routes.js";
import paystackWebhookRoutes from "./modules/commerce/payments/webhook.routes.js";
import protectionRoutes from "./modules/commerce/protection.routes.js";
import transfersRoutes from "./modules/commerce/transfers.routes.js";
import inboxRoutes from "./modules/contact/inbox.routes.js";
import contactRoutes from "./modules/contact/routes.js";
import jobsPlugin from "./modules/jobs/plugin.js";
import commissionRoutes from "./modules/ledger/commission.routes.js";
import earningsRoutes from "./modules/ledger/earnings.routes.js";
import payoutsRoutes from "./modules/ledger/payouts.routes.js";
import refundsRoutes from "./modules/ledger/refunds.routes.js";
import shippingRoutes from "./modules/ledger/shipping.routes.js";
import summaryRoutes from "./modules/ledger/summary.routes.js";
import messagesPlugin from "./modules/messages/plugin.js";
import notificationsRoutes from "./modules/notifications/routes.js";
import { searchIndexPlugin } from "./modules/search/index-plugin.js";
import searchRoutes from "./modules/search/routes.js";
import seoRoutes from "./modules/seo/routes.js";
import deliveryRoutes from "./modules/shipping/routes.js";
import systemRoutes from "./modules/system/routes.js";
import uploadsRoutes from "./modules/uploads/routes.js";
import picturesPlugin from "./modules/uploads/serve.js";
import walletPlugin from "./modules/wallet/plugin.js";
import wishlistRoutes from "./modules/wishlist/routes.js";
import authPlugin from "./plugins/auth.js";
import cachePlugin from "./plugins/cache.js";
import errorsPlugin from "./plugins/errors.js";
import idempotencyPlugin from "./plugins/idempotency.js";
import jsonBody, { BODY_LIMIT } from "./plugins/json-body.js";
import publicCache from "./plugins/public-cache.js";
import securityHeaders from "./plugins/security-headers.js";
import spaPlugin from "./plugins/spa.js";

declare module "fastify" {
  interface FastifyInstance {
    config: Config;
    db: Db;
    /**
     * The pool for the public catalog reads of callers who are not signed in: the replica at
     * DATABASE_READ_URL, else `db` itself. Routes pick it with `catalogReader` (db/read.ts, ADR 0106).
     */
    readDb: Db;
    /** True once shutdown has begun: the health check answers 503 while requests still drain. */
    draining: boolean;
  }
}

/** Helmet's options for the security headers of every answer (plugins/security-headers.ts). */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", "data:", "blob:"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["https://www.google.com", "https://maps.google.com"],
      fontSrc: ["'self'", "data:"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Build the app on an open database. The caller owns `db` and `readDb` (a pool on DATABASE_READ_URL;
 * default `db`) and closes them after `app.close()`.
 */
export async function buildApp(config: Config, db: Db, { readDb = db }: { readDb?: Db } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === "silent"
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ["req.headers.authorization", "req.headers.cookie"],
            ...(config.NODE_ENV === "development" ? { transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss" } } } : {}),
          },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY ?? false,
    return503OnClosing: true,
    forceCloseConnections: "idle",
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("config", config);
  app.decorate("db", db);
  app.decorate("readDb", readDb);
  app.decorate("draining", false);

  await app.register(errorsPlugin);
  await app.register(jsonBody);
  // Graceful close (ADR 0053): answers finished while the server closes carry "Connection: close",
  // so keep-alive sockets end with them and close() does not wait for their idle timeout.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  // Helmet's headers, computed once at start-up (ADR 0071; @fastify/helmet rebuilt them per request).
  await app.register(securityHeaders, HELMET_OPTIONS);
  // app.cache (named caches, invalidations broadcast to every process) and app.redis (ADR 0100).
  await app.register(cachePlugin);
  // app.readRouting: which pool each catalog read uses (DATABASE_READ_URL, ADR 0106).
  await app.register(readRoutingPlugin);
  await app.register(searchIndexPlugin);
  // Before compress: its onSend must see the JSON string (ADR 0052).
  await app.register(publicCache, { enabled: config.publicCache });
  // Before compress too: it stores the JSON answer of each claimed Idempotency-Key (ADR 0155).
  await app.register(idempotencyPlugin);
  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  // Rate limits apply only to routes that opt in (sign-in, sign-up, codes, lookups): many Lagos
  // shoppers share one carrier IP, so a global per-IP limit would block real people (ADR 0005).
  // With REDIS_URL the counters live in Redis, shared by every process (ADR 0100); a Redis outage
  // then answers 503 on those routes rather than letting guesses through uncounted.
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: `${config.REDIS_PREFIX}rate-limit:`, skipOnError: false } : {}),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: "Naija Market API", version: "0.1.0", description: "Marketplace API (spec section 7)." },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  // The API's documentation pages: static, never cached by the public cache, changing nothing.
  await app.register(async (docs) => {
    docs.addHook("onRoute", (route) => {
      route.config = { ...route.config, cache: NO_CACHE_EFFECT };
    });
    await docs.register(swaggerUi, { routePrefix: "/api/docs" });
  });
  await app.register(authPlugin);
  // app.messenger (outbox, mail, SMS) and, outside production, the dev outbox (/api/dev/outbox, /dev/outbox).
  await app.register(messagesPlugin);
  // app.uploads (picture storage: disk or S3 bucket) and GET /uploads/<name>.
  await app.register(picturesPlugin);

  await app.register(systemRoutes, { prefix: "/api" });
  await app.register(accountsRoutes, { prefix: "/api" });
  await app.register(sellerRoutes, { prefix: "/api" });
  await app.register(categoriesRoutes, { prefix: "/api" });
  await app.register(itemsRoutes, { prefix: "/api" });
  await app.register(catalogCsvRoutes, { prefix: "/api" });
  await app.register(reviewsRoutes, { prefix: "/api" });
  await app.register(purchaseReviewsRoutes, { prefix: "/api" });
  await app.register(reportsRoutes, { prefix: "/api" });
  await app.register(sellersRoutes, { prefix: "/api" });
  await app.register(cartRoutes, { prefix: "/api" });
  await app.register(checkoutRoutes, { prefix: "/api" });
  await app.register(payOnDeliveryRoutes, { prefix: "/api" });
  await app.register(ordersRoutes, { prefix: "/api" });
  await app.register(protectionRoutes, { prefix: "/api" });
  await app.register(transfersRoutes, { prefix: "/api" });
  await app.register(paystackWebhookRoutes, { prefix: "/api" });
  await app.register(commissionRoutes, { prefix: "/api" });
  await app.register(shippingRoutes, { prefix: "/api" });
  await app.register(deliveryRoutes, { prefix: "/api" });
  await app.register(summaryRoutes, { prefix: "/api" });
  await app.register(earningsRoutes, { prefix: "/api" });
  await app.register(payoutsRoutes, { prefix: "/api" });
  await app.register(refundsRoutes, { prefix: "/api" });
  await app.register(adminRoutes, { prefix: "/api" });
  await app.register(uploadsRoutes, { prefix: "/api" });
  await app.register(walletPlugin, { prefix: "/api/v1" });
  await app.register(wishlistRoutes, { prefix: "/api" });
  await app.register(contactRoutes, { prefix: "/api" });
  await app.register(notificationsRoutes, { prefix: "/api" });
  await app.register(inboxRoutes, { prefix: "/api" });
  await app.register(searchRoutes, { prefix: "/api" });
  await app.register(seoRoutes);
  // app.jobs: timers not tied to a request, each run once per cluster (ADR 0110).
  await app.register(jobsPlugin);
  await app.register(spaPlugin);
  return app;
}
