/**
 * The seller's Earnings screen: balances with 2 decimals, the statement (a sale reads as the line
 * less the commission) read page by page with the answer's cursor, the payouts with their status,
 * the payout request (the whole balance when no amount is typed, after a confirmation; the
 * contract's sentence for an amount above the balance; the server's reason as a sentence), the
 * reason no payout can be asked for, the statement's CSV fetched with the token, and the empty and
 * failure states.
 */
import type { EarningsAnswer, Payout, StatementEntry } from "@market/contract";
import { FINANCE_MESSAGES } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setToken } from "../../../lib/api";
import { renderWithProviders } from "../../../test/render";
import { ConfirmHost } from "../components/confirm";
import EarningsPage from "./earnings-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
  vi.restoreAllMocks();
});

const TOKEN = "t".repeat(43);

const seller = {
  _id: "00000000-0000-4000-8000-000000000002",
  names: "Ada Okafor",
  username: "ada",
  email: "ada@naijamarket.ng",
  phone: "+2348000000002",
  whatsapp: null,
  profile: null,
  desc: "",
  accType: "business",
  active: true,
  status: "approved",
  verified: { blue_tick: true, email: true, phone: true },
  account_no: "0123456789",
  bank_code: "058",
  account_name: "ADA OKAFOR",
  bank_account_verified: true,
  category_ids: [],
  followers: [],
  addresses: [],
  createdAt: "2026-01-01T00:00:00.000Z",
};

const balances = (over: Partial<EarningsAnswer["data"]> = {}): EarningsAnswer["data"] => ({
  pending: 19_576.35,
  available: 22_500,
  in_transit: 0,
  paid_out: 5000,
  holding_days: 7,
  min_payout: 1000,
  bank_account_verified: true,
  ...over,
});

const entry = (over: Partial<StatementEntry>): StatementEntry => ({
  _id: "1",
  kind: "sale",
  balance: "pending",
  amount: 22_500,
  order_id: "abcdef12-0000-4000-8000-000000000001",
  line_id: "l1",
  line_name: "Electric Kettle",
  line_amount: 25_000,
  commission: 2500,
  payout_id: null,
  memo: "",
  createdAt: "2026-02-01T10:00:00.000Z",
  ...over,
});

const payout = (over: Partial<Payout>): Payout => ({
  _id: "p1",
  seller: { _id: seller._id, names: seller.names, email: seller.email },
  amount: 5000,
  status: "paid",
  provider: "manual",
  bank_code: "058",
  account_no: "0123456789",
  account_name: "ADA OKAFOR",
  reference: "GTB-001",
  failure_reason: null,
  paid_at: "2026-01-20T10:00:00.000Z",
  createdAt: "2026-01-19T10:00:00.000Z",
  ...over,
});

type Call = { method: string; url: string; body: unknown; auth: string | null };
type Reply = { status?: number; body: unknown };

/**
 * Answers /api/me as the seller; `/api/earnings` by cursor (`pages[""]` first); `/api/payouts`;
 * POST /api/payouts with `post`; the CSV. Records every call.
 */
function mockApi(opts: { pages?: Record<string, EarningsAnswer>; earnings?: Reply; payouts?: Payout[]; post?: Reply; me?: object }) {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const call = {
      method: init?.method ?? "GET",
      url,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
      auth: headers.authorization ?? null,
    };
    calls.push(call);
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (url === "/api/me") return json({ statusCode: 200, data: opts.me ?? seller });
    if (url.startsWith("/api/earnings/statement.csv"))
      return new Response("date,kind\r\n2026-02-01,sale\r\n", { status: 200, headers: { "content-type": "text/csv" } });
    if (url.startsWith("/api/earnings")) {
      if (opts.earnings) return json(opts.earnings.body, opts.earnings.status ?? 200);
      const cursor = new URL(url, "http://x").searchParams.get("cursor") ?? "";
      return json(opts.pages?.[cursor] ?? { statusCode: 404, message: "no such page" }, opts.pages?.[cursor] ? 200 : 404);
    }
    if (url.startsWith("/api/payouts") && call.method === "GET")
      return json({ statusCode: 200, data: opts.payouts ?? [], nextCursor: null });
    if (url === "/api/payouts" && call.method === "POST") return json(opts.post?.body, opts.post?.status ?? 200);
    return json({ statusCode: 404, message: "not mocked" }, 404);
  }) as typeof fetch;
  return calls;
}

function renderPage() {
  setToken(TOKEN);
  return renderWithProviders(
    <>
      <ConfirmHost />
      <EarningsPage />
    </>,
  );
}

const onePage = (data = balances(), statement: StatementEntry[] = [entry({})]): Record<string, EarningsAnswer> => ({
  "": { statusCode: 200, data, statement, nextCursor: null },
});

describe("Earnings", () => {
  it("shows the balances, the statement page by page and the payouts with their status", async () => {
    const calls = mockApi({
      pages: {
        "": { statusCode: 200, data: balances(), statement: [entry({})], nextCursor: "c1" },
        c1: {
          statusCode: 200,
          data: balances(),
          statement: [
            entry({
              _id: "0",
              kind: "refund",
              amount: -1000,
              balance: "available",
              memo: "Arrived damaged",
              line_amount: null,
              commission: null,
            }),
          ],
          nextCursor: null,
        },
      },
      payouts: [
        payout({}),
        payout({ _id: "p2", amount: 3000, status: "failed", reference: null, paid_at: null, failure_reason: "Account closed" }),
      ],
    });
    renderPage();
    expect(await screen.findByTestId("balance-pending")).toHaveTextContent("₦19,576.35");
    expect(screen.getByTestId("balance-available")).toHaveTextContent("₦22,500.00");
    expect(screen.getByTestId("balance-in-transit")).toHaveTextContent("₦0.00");
    expect(screen.getByTestId("balance-paid-out")).toHaveTextContent("₦5,000.00");
    expect(screen.getByText("Paid orders. Available 7 days after delivery.")).toBeInTheDocument();

    const sale = screen.getByTestId("statement-row");
    expect(sale).toHaveTextContent("Sale: Electric Kettle");
    expect(sale).toHaveTextContent("Order ABCDEF12 · ₦25,000.00 less ₦2,500.00 commission");
    expect(within(sale).getByTestId("entry-amount")).toHaveTextContent("+₦22,500.00");

    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("statement-row")).toHaveLength(2));
    expect(calls.some((c) => c.url.startsWith("/api/earnings?") && c.url.includes("cursor=c1"))).toBe(true);
    const refund = screen.getAllByTestId("statement-row")[1]!;
    expect(refund).toHaveTextContent("Refund: Electric Kettle");
    expect(refund).toHaveTextContent("Arrived damaged");
    expect(within(refund).getByTestId("entry-amount")).toHaveTextContent("-₦1,000.00");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    const payouts = await screen.findAllByTestId("payout-row");
    expect(payouts.map((r) => within(r).getByTestId("payout-status").textContent)).toEqual(["Paid", "Failed"]);
    expect(payouts[0]).toHaveTextContent("ref GTB-001");
    expect(payouts[1]).toHaveTextContent("Account closed. The money is back in your available balance.");
  });

  it("requests the whole available balance after a confirmation, and shows the server's reason as a sentence", async () => {
    const calls = mockApi({
      pages: onePage(),
      post: { status: 409, body: { statusCode: 409, message: FINANCE_MESSAGES.unverifiedAccount } },
    });
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Request payout" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("₦22,500.00 will be sent to account 0123456789 (ADA OKAFOR)");
    await userEvent.click(within(dialog).getByRole("button", { name: "Request payout" }));
    expect(await screen.findByTestId("payout-error")).toHaveTextContent(FINANCE_MESSAGES.unverifiedAccount);
    const post = calls.find((c) => c.method === "POST");
    expect(post).toMatchObject({ url: "/api/payouts", auth: `Bearer ${TOKEN}` });
    expect(post?.body).toEqual({});
  });

  it("checks a typed amount against the balance and the minimum before asking the server", async () => {
    const calls = mockApi({
      pages: onePage(),
      post: {
        body: {
          statusCode: 200,
          message: "Payout requested. We will send it to your bank account.",
          data: payout({ status: "requested" }),
        },
      },
    });
    renderPage();
    const amount = await screen.findByLabelText("Amount (₦)");
    await userEvent.type(amount, "30000");
    await userEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect(await screen.findByText(FINANCE_MESSAGES.aboveAvailable)).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, "500");
    await userEvent.click(screen.getByRole("button", { name: "Request payout" }));
    expect(await screen.findByText("The smallest payout is ₦1,000")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    await userEvent.clear(amount);
    await userEvent.type(amount, "1500.5");
    await userEvent.click(screen.getByRole("button", { name: "Request payout" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Request payout" }));
    await waitFor(() => expect(calls.find((c) => c.method === "POST")?.body).toEqual({ amount: 1500.5 }));
  });

  it("says why no payout can be asked for, and keeps the button off", async () => {
    mockApi({ pages: onePage(balances({ bank_account_verified: false })) });
    renderPage();
    expect(await screen.findByTestId("payout-blocked")).toHaveTextContent(FINANCE_MESSAGES.unverifiedAccount);
    expect(screen.getByRole("button", { name: "Request payout" })).toBeDisabled();
  });

  it("says so below the minimum", async () => {
    mockApi({ pages: onePage(balances({ available: 400 })) });
    renderPage();
    expect(await screen.findByTestId("payout-blocked")).toHaveTextContent(
      "You can request a payout once your available balance reaches ₦1,000.00.",
    );
    expect(screen.getByRole("button", { name: "Request payout" })).toBeDisabled();
  });

  it("downloads the statement's CSV with the token", async () => {
    const calls = mockApi({ pages: onePage() });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      created.push(b);
      return "blob:statement";
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Download CSV" }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(calls.find((c) => c.url === "/api/earnings/statement.csv")?.auth).toBe(`Bearer ${TOKEN}`);
    expect(await created[0]!.text()).toBe("date,kind\r\n2026-02-01,sale\r\n");
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("shows the empty statement and payouts", async () => {
    mockApi({ pages: onePage(balances({ pending: 0, available: 0, paid_out: 0 }), []) });
    renderPage();
    expect(await screen.findByText(/No entries yet/)).toBeInTheDocument();
    expect(await screen.findByText("No payouts yet.")).toBeInTheDocument();
    expect(screen.getByTestId("payout-blocked")).toHaveTextContent(`${FINANCE_MESSAGES.nothingAvailable}.`);
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeDisabled();
  });

  it("shows the server's message when the earnings cannot be read", async () => {
    mockApi({ earnings: { status: 503, body: { statusCode: 503, message: "The store is busy, try again in a minute" } } });
    renderPage();
    // One retry of a 5xx first (the app's query client), a second later.
    const message = await screen.findByText("The store is busy, try again in a minute", {}, { timeout: 4000 });
    expect(message.closest("[role=alert]")).toHaveTextContent("Try again");
  });
});
