/**
 * A local fake Paystack for the API tests (ADR 0201): an HTTP server that follows Paystack's
 * documented requests and answers for card payments (`POST /transaction/initialize`, `GET
 * /transaction/verify/:reference`, `POST /refund`), reached through PAYSTACK_API_URL. A test "pays"
 * a transaction with `pay(reference)`, as a buyer on Paystack's page would, and signs webhooks with
 * `signed(event)` as Paystack does (HMAC-SHA512 of the raw body with the secret key).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

type Txn = { id: number; reference: string; amount: number; currency: string; email: string; status: "abandoned" | "success" };

export type FakePaystack = {
  url: string;
  /** Every request received: method, path and JSON body. */
  calls: Array<{ method: string; path: string; body: Record<string, unknown> | null }>;
  transactions: Map<string, Txn>;
  /** The buyer pays the transaction on Paystack's page (optionally another amount, to test the check). */
  pay: (reference: string, amount?: number) => Txn;
  /**
   * Run while Paystack is answering a verify of `reference` (before it answers), to make something
   * happen during that HTTP call; none by default.
   */
  whileVerifying: ((reference: string) => Promise<void>) | null;
  /** A `charge.success` event of a transaction, as Paystack sends it, and its signature header. */
  signed: (event: unknown) => { payload: string; headers: Record<string, string> };
  close: () => Promise<void>;
};

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  try {
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Start a fake Paystack that accepts `secretKey` as its bearer key. */
export async function startFakePaystack(secretKey: string): Promise<FakePaystack> {
  const calls: FakePaystack["calls"] = [];
  const transactions = new Map<string, Txn>();
  let nextId = 4_000_001;
  const server: Server = createServer(async (req, res) => {
    const body = await readJson(req);
    const path = req.url ?? "/";
    calls.push({ method: req.method ?? "", path, body });
    const send = (status: number, answer: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    };
    if (req.headers.authorization !== `Bearer ${secretKey}`) return send(401, { status: false, message: "Invalid key" });
    if (req.method === "POST" && path === "/transaction/initialize") {
      const reference = String(body?.reference ?? "");
      const amount = Number(body?.amount);
      if (!reference || !Number.isInteger(amount) || amount <= 0 || !body?.email)
        return send(400, { status: false, message: "Invalid transaction parameters" });
      if (transactions.has(reference)) return send(400, { status: false, message: "Duplicate Transaction Reference" });
      transactions.set(reference, {
        id: nextId++,
        reference,
        amount,
        currency: String(body.currency ?? "NGN"),
        email: String(body.email),
        status: "abandoned",
      });
      return send(200, {
        status: true,
        message: "Authorization URL created",
        data: { authorization_url: `https://checkout.paystack.test/${reference}`, access_code: `ac_${reference.slice(0, 8)}`, reference },
      });
    }
    const verify = /^\/transaction\/verify\/([^/?]+)$/.exec(path);
    if (req.method === "GET" && verify) {
      const reference = decodeURIComponent(verify[1]!);
      await fake.whileVerifying?.(reference);
      const t = transactions.get(reference);
      if (!t) return send(400, { status: false, message: "Transaction reference not found" });
      return send(200, {
        status: true,
        message: "Verification successful",
        data: { ...t, gateway_response: t.status === "success" ? "Successful" : "Abandoned" },
      });
    }
    if (req.method === "POST" && path === "/refund") {
      const t = transactions.get(String(body?.transaction ?? ""));
      if (t?.status !== "success") return send(400, { status: false, message: "Transaction not found or not successful" });
      return send(200, {
        status: true,
        message: "Refund has been queued for processing",
        data: { transaction: { reference: t.reference }, amount: t.amount },
      });
    }
    return send(404, { status: false, message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const fake: FakePaystack = {
    url: `http://127.0.0.1:${port}`,
    calls,
    transactions,
    whileVerifying: null,
    pay: (reference, amount) => {
      const t = transactions.get(reference);
      if (!t) throw new Error(`no transaction ${reference}`);
      t.status = "success";
      if (amount !== undefined) t.amount = amount;
      return t;
    },
    signed: (event) => {
      const payload = JSON.stringify(event);
      const signature = createHmac("sha512", secretKey).update(payload).digest("hex");
      return { payload, headers: { "content-type": "application/json", "x-paystack-signature": signature } };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return fake;
}
