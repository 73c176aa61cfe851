/**
 * Account-name lookup behind a provider interface (spec §5: at 10 digits the profile screen asks
 * for the account holder's name; ADR 0033). With PAYSTACK_SECRET_KEY set, Paystack's
 * `GET /bank/resolve` answers the name the bank holds; without a provider the route answers 503
 * "Account name lookup is unavailable": a name is never invented. Without a provider the seller
 * types the name and an admin verifies it (payout-account.ts, ADR 0082).
 */
import { PAYSTACK_API } from "../../config.js";
import { badRequest, unavailable } from "../../lib/errors.js";

/** The slice of `fetch` used here (tests pass a fake; no network is reachable in development). */
export type LookupHttpClient = (
  url: string,
  init: { method: "GET"; headers: Record<string, string> },
) => Promise<{ status: number; json(): Promise<unknown> }>;

export interface AccountNameLookup {
  /** The account holder's name for a NUBAN at a bank (by bank code). */
  resolve(bankCode: string, accountNo: string): Promise<string>;
}

export const LOOKUP_UNAVAILABLE = "Account name lookup is unavailable right now. Please try again later.";

/** Where Paystack's list spells a code differently from the CBN code we serve. */
const PAYSTACK_CODE_ALIASES: Record<string, string> = { "103": "00103" };

export class PaystackNameLookup implements AccountNameLookup {
  constructor(
    private readonly secretKey: string,
    private readonly http: LookupHttpClient = (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(8_000) }),
    /** PAYSTACK_API_URL. */
    private readonly baseUrl = PAYSTACK_API,
  ) {}

  async resolve(bankCode: string, accountNo: string): Promise<string> {
    const code = PAYSTACK_CODE_ALIASES[bankCode] ?? bankCode;
    const url = `${this.baseUrl}/bank/resolve?account_number=${encodeURIComponent(accountNo)}&bank_code=${encodeURIComponent(code)}`;
    let res: Awaited<ReturnType<LookupHttpClient>>;
    try {
      res = await this.http(url, { method: "GET", headers: { authorization: `Bearer ${this.secretKey}` } });
    } catch {
      throw unavailable(LOOKUP_UNAVAILABLE);
    }
    const body = (await res.json().catch(() => null)) as { status?: boolean; message?: string; data?: { account_name?: string } } | null;
    const name = body?.data?.account_name?.trim();
    if (res.status === 200 && body?.status && name) return name;
    if (res.status === 400 || res.status === 422 || res.status === 404) {
      throw badRequest("We could not find that account. Check the account number and the bank.", {
        account_no: "Account not found at this bank",
      });
    }
    throw unavailable(LOOKUP_UNAVAILABLE);
  }
}

/** The configured lookup, or null when none is configured. */
export function createNameLookup(secretKey: string | undefined, http?: LookupHttpClient, baseUrl?: string): AccountNameLookup | null {
  return secretKey ? new PaystackNameLookup(secretKey, http, baseUrl) : null;
}
