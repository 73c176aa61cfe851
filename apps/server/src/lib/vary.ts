/** Add `fields` to an answer's `Vary` header, keeping what is already there (once each). */
import type { FastifyReply } from "fastify";

export function addVary(reply: FastifyReply, ...fields: string[]): void {
  const current = reply.getHeader("vary");
  const list = (Array.isArray(current) ? current.join(",") : String(current ?? ""))
    .split(",")
    .map((f) => f.trim())
    .filter(Boolean);
  for (const f of fields) if (!list.some((x) => x.toLowerCase() === f.toLowerCase())) list.push(f);
  reply.header("vary", list.join(", "));
}
