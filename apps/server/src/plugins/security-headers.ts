/**
 * Security headers on every answer (Content-Security-Policy, Strict-Transport-Security,
 * X-Content-Type-Options, ...), set by helmet's own middleware (ADR 0089).
 *
 * The middleware is built ONCE, at start-up: `helmet(options)` parses the options and prepares each
 * header then, and the per-request call only sets them. @fastify/helmet builds a new middleware for
 * every request in two async hooks, which costs about as much as a small route (ADR 0071, 0089:
 * measured with `npm run bench` and a hello-world). Per-route helmet options and CSP nonces, which
 * would need that per-request build, are not used by this store.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/** Fastify plugin: helmet's middleware for `options` on every answer, in one synchronous `onRequest` hook. */
export default fp<HelmetOptions>(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const middleware = helmet(options);
    app.addHook("onRequest", (request, reply, done) => {
      middleware(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
    });
  },
  { name: "security-headers" },
);
