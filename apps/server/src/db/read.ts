/**
 * Which pool a catalog read uses (ADR 0106). With DATABASE_READ_URL the public catalog reads
 * (listing, search, product and service detail, categories, reviews, item pages, sitemap) of a
 * caller who is not signed in go to the replica; a signed-in caller reads from the primary. Every
 * catalog write needs a session, so a writer's next request, signed in like the write, sees the
 * write (read-your-writes) however far the replica lags; anonymous callers may see the catalog as
 * it was up to that lag ago.
 */
import type { FastifyRequest } from "fastify";
import type { Db } from "./client.js";

/** The pool for a catalog read by `request`'s caller: the primary when signed in, else `readDb`. */
export function catalogReader(request: FastifyRequest): Db {
  return request.user ? request.server.db : request.server.readDb;
}
