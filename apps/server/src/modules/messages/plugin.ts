/**
 * Messages plugin: decorates `app.messenger` (outbox + nodemailer / SMS provider) and, only when
 * `config.devOutbox` is true (never in production), serves the outbox so that a person trying the
 * demo can read their codes: JSON at GET /api/dev/outbox and an HTML page at GET /dev/outbox.
 */
import { OutboxAnswer, type OutboxMessage, OutboxQuery } from "@market/contract";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { createMailTransport } from "./mailer.js";
import { createMessenger, listOutbox, type Messenger } from "./service.js";
import type { SmsProvider } from "./sms.js";

declare module "fastify" {
  interface FastifyInstance {
    messenger: Messenger;
  }
}

type MessagesOptions = { sms?: SmsProvider | null };

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The dev outbox page: newest first, codes easy to read on a phone. */
function renderOutboxPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) => `<article class="msg"><header><b>${m.channel === "sms" ? "SMS" : "E-mail"}</b> to <code>${escapeHtml(m.recipient)}</code>
<time>${escapeHtml(new Date(m.createdAt).toLocaleString("en-NG", { timeZone: "Africa/Lagos" }))}</time></header>
${m.subject ? `<p class="subject">${escapeHtml(m.subject)}</p>` : ""}<pre>${escapeHtml(m.body)}</pre></article>`,
    )
    .join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="10"><title>Dev outbox | Naija Market</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f6f5;color:#1b2420}main{max-width:760px;margin:0 auto;padding:16px}
h1{font-size:22px}.note{color:#555;font-size:14px}.msg{background:#fff;border:1px solid #dde3df;border-radius:8px;padding:12px;margin:10px 0}
.msg header{display:flex;flex-wrap:wrap;gap:6px;align-items:baseline;font-size:14px}time{margin-left:auto;color:#666;font-size:12px}
.subject{font-weight:600;margin:8px 0 4px}pre{white-space:pre-wrap;font-size:15px;margin:6px 0 0}</style></head>
<body><main><h1>Dev outbox</h1><p class="note">E-mails and SMS the store would have sent (no SMTP or SMS provider is configured). This page exists only outside production and refreshes every 10 seconds.</p>
${rows || "<p>No messages yet.</p>"}</main></body></html>`;
}

export default fp(
  async function messagesPlugin(app: FastifyInstance, opts: MessagesOptions) {
    const messenger = createMessenger(app.db, {
      mail: createMailTransport(app.config),
      mailFrom: app.config.MAIL_FROM,
      sms: opts.sms ?? null,
      log: (msg, err) => app.log.warn({ err }, msg),
    });
    app.decorate("messenger", messenger);
    if (!app.config.devOutbox) return;

    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      "/api/dev/outbox",
      {
        config: { cache: NO_CACHE_EFFECT },
        schema: {
          tags: ["dev"],
          summary: "Dev only: the latest e-mails and SMS in the outbox (off in production)",
          querystring: OutboxQuery,
          response: { 200: OutboxAnswer },
        },
      },
      async (request) => ({ statusCode: 200, data: await listOutbox(app.db, { recipient: request.query.to, limit: request.query.limit }) }),
    );
    typed.get(
      "/dev/outbox",
      { config: { cache: NO_CACHE_EFFECT }, schema: { hide: true, querystring: OutboxQuery } },
      async (request, reply) => {
        const messages = await listOutbox(app.db, { recipient: request.query.to, limit: request.query.limit });
        return reply.header("Cache-Control", "no-store").type("text/html; charset=utf-8").send(renderOutboxPage(messages));
      },
    );
  },
  { name: "messages" },
);
