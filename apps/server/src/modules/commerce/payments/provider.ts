/**
 * Payment providers behind one interface (ADR 0031). A provider says where the shopper
 * transfers the money for an order ("the receiving account" of spec §3 "Bank transfer record").
 *
 * - `ManualTransferProvider` (default): the store's own account from configuration
 *   (STORE_ACCOUNT_NO / STORE_BANK / STORE_ACCOUNT_NAME); an admin confirms the transfer in
 *   Transactions after checking the bank statement.
 * - `PaystackProvider` (when PAYSTACK_SECRET_KEY is set): Paystack "Pay with Transfer" creates a
 *   temporary account per order (POST /charge with `bank_transfer.account_expires_at`); Paystack
 *   then reports the payment with a signed `charge.success` webhook (see paystack.ts).
 */
import { type Config, PAYSTACK_API } from "../../../config.js";
import { unavailable } from "../../../lib/errors.js";
import { defaultHttpClient, type HttpClient } from "./paystack.js";

/** Where to transfer, as the Bank Transfer modal shows it. */
export type ReceivingAccount = {
  client_account_no: string;
  client_bank: string;
  client_account_name: string;
  /** Provider name stored on the transaction record ("manual", "paystack"). */
  provider: string;
  /** Provider's reference for this payment (Paystack: the charge reference = our order id). */
  reference: string | null;
};

/** The order facts a provider needs. Amount in kobo. */
export type PaymentOrder = { id: string; totalKobo: number; buyerEmail: string; expiresAt: Date };

export interface PaymentProvider {
  readonly name: string;
  /**
   * True when `openTransfer` answers from configuration alone, without the network: checkout then
   * opens the transfer inside its transaction and records it in the same commit. A provider that
   * calls the network is asked after the commit, so no row stays locked while it answers.
   */
  readonly local: boolean;
  /** Open a transfer for `order` and answer the account to pay into. May call the network. */
  openTransfer(order: PaymentOrder): Promise<ReceivingAccount>;
}

/** The store's own account from configuration; confirmation is manual (an admin). */
export class ManualTransferProvider implements PaymentProvider {
  readonly name = "manual";
  readonly local = true;
  constructor(private readonly account: { accountNo: string; bank: string; accountName: string }) {}

  async openTransfer(_order: PaymentOrder): Promise<ReceivingAccount> {
    return {
      client_account_no: this.account.accountNo,
      client_bank: this.account.bank,
      client_account_name: this.account.accountName,
      provider: this.name,
      reference: null,
    };
  }
}

type PaystackChargeAnswer = {
  status?: boolean;
  message?: string;
  data?: { reference?: string; account_name?: string; account_number?: string; bank?: { name?: string } };
};

/** Paystack "Pay with Transfer": a dynamic account per order, expiring with the order's window. */
export class PaystackProvider implements PaymentProvider {
  readonly name = "paystack";
  readonly local = false;
  constructor(
    private readonly secretKey: string,
    private readonly http: HttpClient = defaultHttpClient,
    private readonly baseUrl: string = PAYSTACK_API,
  ) {}

  async openTransfer(order: PaymentOrder): Promise<ReceivingAccount> {
    let res: Awaited<ReturnType<HttpClient>>;
    try {
      res = await this.http(`${this.baseUrl}/charge`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.secretKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          email: order.buyerEmail,
          amount: String(order.totalKobo),
          reference: order.id,
          bank_transfer: { account_expires_at: order.expiresAt.toISOString() },
        }),
      });
    } catch {
      throw unavailable("The payment service could not be reached. Please try again.");
    }
    const body = (await res.json().catch(() => null)) as PaystackChargeAnswer | null;
    const d = body?.data;
    if (res.status >= 400 || !body?.status || !d?.account_number || !d.account_name || !d.bank?.name) {
      throw unavailable("Bank transfer details could not be created. Please try again.");
    }
    return {
      client_account_no: d.account_number,
      client_bank: d.bank.name,
      client_account_name: d.account_name,
      provider: this.name,
      reference: d.reference ?? order.id,
    };
  }
}

/** The provider the configuration asks for: Paystack when its secret key is set, else manual. */
export function createPaymentProvider(config: Config, http?: HttpClient): PaymentProvider {
  if (config.PAYSTACK_SECRET_KEY) return new PaystackProvider(config.PAYSTACK_SECRET_KEY, http, config.PAYSTACK_API_URL);
  return new ManualTransferProvider({
    accountNo: config.STORE_ACCOUNT_NO,
    bank: config.STORE_BANK,
    accountName: config.STORE_ACCOUNT_NAME,
  });
}
