/**
 * Card payment through Paystack's Standard checkout (ADR 0201), used when PAYSTACK_SECRET_KEY is
 * set, at PAYSTACK_API_URL:
 * - `POST /transaction/initialize` for the order's total in kobo (reference = the order id), whose
 *   `authorization_url` the buyer is sent to;
 * - `GET /transaction/verify/:reference` when Paystack sends the buyer back (the callback), whose
 *   answer is applied exactly as the signed `charge.success` webhook (one event id, so whichever
 *   comes first pays the order and the other changes nothing);
 * - `POST /refund` for a payment that arrived after the order's reservation ended and whose stock
 *   could not be taken again (ADR 0202).
 * Amounts are kobo.
 */
import { unavailable } from "../../../lib/errors.js";
import { defaultHttpClient, type HttpClient, type PaystackApi, type PaystackEvent } from "./paystack.js";

type Answer = { status?: boolean; message?: string; data?: Record<string, unknown> };

async function call(api: PaystackApi, http: HttpClient, method: "GET" | "POST", path: string, body?: unknown): Promise<Answer | null> {
  let res: Awaited<ReturnType<HttpClient>>;
  try {
    res = await http(`${api.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${api.secretKey}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    return null;
  }
  const answer = (await res.json().catch(() => null)) as Answer | null;
  return res.status >= 200 && res.status < 300 && answer?.status ? answer : null;
}

/**
 * Open a Paystack transaction for `order` (total in kobo, NGN) and answer the page to send the
 * buyer to. `callbackUrl` is where Paystack sends the buyer back.
 * @throws 503 when Paystack refuses or cannot be reached.
 */
export async function initializeCardPayment(
  api: PaystackApi,
  order: { id: string; totalKobo: number; buyerEmail: string },
  callbackUrl: string,
  http: HttpClient = defaultHttpClient,
): Promise<{ authorizationUrl: string; accessCode: string | null }> {
  const answer = await call(api, http, "POST", "/transaction/initialize", {
    email: order.buyerEmail,
    amount: String(order.totalKobo),
    currency: "NGN",
    reference: order.id,
    callback_url: callbackUrl,
    channels: ["card", "ussd", "bank"],
  });
  const url = answer?.data?.authorization_url;
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw unavailable("Card payment could not be started. Please try again.");
  return { authorizationUrl: url, accessCode: typeof answer?.data?.access_code === "string" ? answer.data.access_code : null };
}

/**
 * Ask Paystack what became of the transaction `reference` and answer it as the `charge.success`
 * event the webhook would carry (so it is applied, once, by `handlePaystackEvent`), or null when it
 * did not succeed or Paystack cannot say.
 */
export async function verifyCardPayment(
  api: PaystackApi,
  reference: string,
  http: HttpClient = defaultHttpClient,
): Promise<PaystackEvent | null> {
  const answer = await call(api, http, "GET", `/transaction/verify/${encodeURIComponent(reference)}`);
  const d = answer?.data as PaystackEvent["data"] | undefined;
  if (d?.status !== "success" || d.reference !== reference) return null;
  return { event: "charge.success", data: d };
}

/** Ask Paystack to refund the whole transaction `reference` (ADR 0202). Answers whether it took it. */
export async function refundCardPayment(api: PaystackApi, reference: string, http: HttpClient = defaultHttpClient): Promise<boolean> {
  return (await call(api, http, "POST", "/refund", { transaction: reference })) !== null;
}
