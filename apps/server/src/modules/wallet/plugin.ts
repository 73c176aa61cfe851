/**
 * The "wallet service" (spec §7: generic calls to a versioned /api/v1 base with no auth header;
 * the banks list and the account-name lookup helper calls). Its own Fastify plugin, mounted at
 * /api/v1, so it can be deployed apart (design brief). Depends on nothing but configuration.
 */
import { ErrorAnswer, NameFinderAnswer, NameFinderBody, WalletBanksAnswer } from "@market/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { badRequest, unavailable } from "../../lib/errors.js";
import { NO_CACHE_EFFECT } from "../../lib/route-cache.js";
import { BANKS_BY_NAME, findBank } from "./banks.js";
import { createNameLookup, LOOKUP_UNAVAILABLE } from "./name-lookup.js";

/** Per-IP limit of the account-name lookup: each call costs a provider request. */
const NAME_LOOKUP_RATE = { max: 10, timeWindow: "1 minute" } as const;

const walletPlugin: FastifyPluginAsyncZod = async (app) => {
  const lookup = createNameLookup(app.config.PAYSTACK_SECRET_KEY, undefined, app.config.PAYSTACK_API_URL);

  app.get(
    "/banks",
    {
      config: { cache: NO_CACHE_EFFECT },
      schema: {
        tags: ["wallet"],
        summary: "Nigerian banks (bank_name, bank_code), and whether the account-name lookup is configured",
        description:
          "account_name_lookup false: no provider, so the profile lets the seller type the account name, which an admin verifies (ADR 0082).",
        response: { 200: WalletBanksAnswer },
      },
    },
    async (_request, reply) => {
      // An hour, not a day: the lookup flag follows the configuration, which may change on a restart.
      reply.header("cache-control", "public, max-age=3600");
      return { statusCode: 200, data: [...BANKS_BY_NAME], account_name_lookup: lookup !== null };
    },
  );

  app.post(
    "/client_bank_account_namefinder",
    {
      config: { cache: { answers: "none", invalidates: ["sessions"] }, rateLimit: NAME_LOOKUP_RATE },
      schema: {
        tags: ["wallet"],
        summary: "The account holder's name of a 10-digit account at a bank",
        body: NameFinderBody,
        response: { 200: NameFinderAnswer, 400: ErrorAnswer, 429: ErrorAnswer, 503: ErrorAnswer },
      },
    },
    async (request) => {
      const { bank_id, account_no } = request.body;
      if (!findBank(bank_id)) throw badRequest("Choose a bank from the list", { bank_id: "Unknown bank" });
      if (!lookup) throw unavailable(LOOKUP_UNAVAILABLE);
      const account_name = await lookup.resolve(bank_id, account_no);
      return { statusCode: 200, data: { account_name } };
    },
  );
};

export default walletPlugin;
