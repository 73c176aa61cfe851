/**
 * Security headers (helmet: Content-Security-Policy, Strict-Transport-Security, X-Content-Type-Options,
 * ...) on every answer, computed ONCE at start-up (issue 7, ADR 0071).
 *
 * @fastify/helmet built a new helmet middleware for every request (parsing the CSP directives each
 * time) in two async hooks: about a tenth of the server's CPU on add to cart. Our options are
 * static (no nonces, no per-route settings, no function-valued directives), so the headers are the
 * same for every answer: this plugin runs helmet's own middleware once on a recording response and
 * then, in one synchronous `onRequest` hook, sets the recorded headers on the raw response, exactly
 * as helmet would. Function-valued CSP directives are refused at start-up (they would need the
 * per-request middleware again).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/** What helmet does to a response: headers it sets (name as helmet spells it) and headers it removes. */
export type HelmetHeaders = { set: Array<[string, string]>; removed: string[] };

/**
 * Run helmet's middleware for `options` once on a recording response and answer what it did.
 * @throws when a CSP directive is a function (its value could differ per request).
 */
export function recordHelmetHeaders(options: HelmetOptions): HelmetHeaders {
  const csp = options.contentSecurityPolicy;
  if (csp && typeof csp === "object") {
    for (const [name, value] of Object.entries(csp.directives ?? {})) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some((v) => typeof v === "function"))
        throw new Error(`CSP directive ${name} is a function: per-request headers are not supported`);
    }
  }
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      removed.delete(name.toLowerCase());
      set.set(name, Array.isArray(value) ? value.join(", ") : String(value));
      return recorder;
    },
    removeHeader(name: string) {
      for (const key of set.keys()) if (key.toLowerCase() === name.toLowerCase()) set.delete(key);
      removed.add(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return { set: [...set], removed: [...removed] };
}

/** Fastify plugin: the headers of `recordHelmetHeaders(options)` on every answer. */
export default fp<HelmetOptions>(
  async function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
    const { set, removed } = recordHelmetHeaders(options);
    app.addHook("onRequest", (_request, reply, done) => {
      const res = reply.raw;
      for (let i = 0; i < set.length; i++) res.setHeader(set[i]![0], set[i]![1]);
      for (let i = 0; i < removed.length; i++) res.removeHeader(removed[i]!);
      done();
    });
  },
  { name: "security-headers" },
);
