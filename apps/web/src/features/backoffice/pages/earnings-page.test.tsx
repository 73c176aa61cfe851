/**
 * The seller's Earnings screen: balances with 2 decimals, the statement (a sale reads as the line
 * less the commission) read page by page with the answer's cursor, the payouts with their status,
 * the payout request (the whole balance when no amount is typed, after a confirmation; the
 * contract's sentence for an amount above the balance; the server's reason as a sentence), the
 * reason no payout can be asked for, the statement's CSV fetched with the token, and the empty and
 * failure states.
 */
import { EarningsAnswer, FINANCE_MESSAGES, Payout, PayoutAnswer, PayoutsAnswer, StatementEntry } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meAnswer } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import { ConfirmHost } from "../components/confirm";
import EarningsPage from "./earnings-page";

afterEach(() => vi.restoreAllMocks());

const SELLER_ID = "00000000-0000-4000-8000-000000000002";

/** The signed-in seller, with a verified payout account. */
const seller = () =>
  meAnswer({
    _id: SELLER_ID,
    names: "Ada Okafor",
    username: "ada",
    email: "ada@naijamarket.ng",
    accType: "business",
    account_no: "0123456789",
    bank_code: { value: "058", label: "Guaranty Trust Bank" },
    account_name: "ADA OKAFOR",
    bank_account_verified: true,
    addresses: [],
  });

const balances = (over: Partial<EarningsAnswer["data"]> = {}): EarningsAnswer["data"] =>
  EarningsAnswer.shape.data.parse({
    pending: 19_576.35,
    available: 22_500,
    in_transit: 0,
    paid_out: 5000,
    holding_days: 7,
    min_payout: 1000,
    bank_account_verified: true,
    ...over,
  });

const entry = (over: Partial<StatementEntry>): StatementEntry =>
  StatementEntry.parse({
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

const payout = (over: Partial<Payout>): Payout =>
  Payout.parse({
    _id: "p1",
    seller: { _id: SELLER_ID, names: "Ada Okafor", email: "ada@naijamarket.ng" },
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

const earningsPage = (data: EarningsAnswer["data"], statement: StatementEntry[], nextCursor: string | null = null) =>
  EarningsAnswer.parse({ statusCode: 200, data, statement, nextCursor });

/**
 * Answers /api/me as the seller, GET /api/earnings by cursor (`pages[""]` first, none: 404) and
 * GET /api/payouts; records every request.
 */
function answer({ pages = {}, payouts = [] }: { pages?: Record<string, EarningsAnswer>; payouts?: Payout[] }) {
  server.use(
    http.get("/api/me", () => HttpResponse.json(seller())),
    http.get("/api/earnings", ({ request }) => {
      const page = pages[new URL(request.url).searchParams.get("cursor") ?? ""];
      return page ? HttpResponse.json(page) : errorAnswer(404, "no such page");
    }),
    http.get("/api/payouts", () => HttpResponse.json(PayoutsAnswer.parse({ statusCode: 200, data: payouts, nextCursor: null }))),
  );
  return recordCalls();
}

function renderPage() {
  signInTestSession();
  return renderWithProviders(
    <>
      <ConfirmHost />
      <EarningsPage />
    </>,
  );
}

const onePage = (data = balances(), statement: StatementEntry[] = [entry({})]) => ({ "": earningsPage(data, statement) });

describe("Earnings", () => {
  it("shows the balances, the statement page by page and the payouts with their status", async () => {
    const refund = entry({
      _id: "0",
      kind: "refund",
      amount: -1000,
      balance: "available",
      memo: "Arrived damaged",
      line_amount: null,
      commission: null,
    });
    const calls = answer({
      pages: { "": earningsPage(balances(), [entry({})], "c1"), c1: earningsPage(balances(), [refund]) },
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
    expect(calls.filter((c) => c.path.startsWith("/api/earnings")).map((c) => c.path)).toEqual([
      "/api/earnings?limit=50",
      "/api/earnings?limit=50&cursor=c1",
    ]);
    const second = screen.getAllByTestId("statement-row")[1]!;
    expect(second).toHaveTextContent("Refund: Electric Kettle");
    expect(second).toHaveTextContent("Arrived damaged");
    expect(within(second).getByTestId("entry-amount")).toHaveTextContent("-₦1,000.00");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    const payouts = await screen.findAllByTestId("payout-row");
    expect(payouts.map((r) => within(r).getByTestId("payout-status").textContent)).toEqual(["Paid", "Failed"]);
    expect(payouts[0]).toHaveTextContent("ref GTB-001");
    expect(payouts[1]).toHaveTextContent("Account closed. The money is back in your available balance.");
  });

  it("requests the whole available balance after a confirmation, and shows the server's reason as a sentence", async () => {
    const calls = answer({ pages: onePage() });
    server.use(http.post("/api/payouts", () => errorAnswer(409, FINANCE_MESSAGES.unverifiedAccount)));
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Request payout" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("₦22,500.00 will be sent to account 0123456789 (ADA OKAFOR)");
    await userEvent.click(within(dialog).getByRole("button", { name: "Request payout" }));
    expect(await screen.findByTestId("payout-error")).toHaveTextContent(FINANCE_MESSAGES.unverifiedAccount);
    await waitFor(() => expect(calls.find((c) => c.method === "POST")).toMatchObject({ path: "/api/payouts", auth: null, body: {} }));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({});
  });

  it("checks a typed amount against the balance and the minimum before asking the server", async () => {
    const calls = answer({ pages: onePage() });
    server.use(
      http.post("/api/payouts", () =>
        HttpResponse.json(
          PayoutAnswer.parse({
            statusCode: 200,
            message: "Payout requested. We will send it to your bank account.",
            data: payout({ status: "requested", reference: null, paid_at: null }),
          }),
        ),
      ),
    );
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

  it("names both sides of a release, and says when there is no holding period", async () => {
    const release = { kind: "release" as const, line_amount: null, commission: null };
    answer({
      pages: onePage(balances({ holding_days: 0 }), [
        entry({ ...release, _id: "3", balance: "available", amount: 22_500 }),
        entry({ ...release, _id: "2", balance: "pending", amount: -22_500 }),
      ]),
    });
    renderPage();
    const rows = await screen.findAllByTestId("statement-row");
    expect(rows.map((r) => within(r).getByText(/Electric Kettle$/).textContent)).toEqual([
      "Now available: Electric Kettle",
      "Moved to available: Electric Kettle",
    ]);
    expect(screen.getByText("Paid orders. Available once delivered.")).toBeInTheDocument();
  });

  it("says why no payout can be asked for, and keeps the button off", async () => {
    answer({ pages: onePage(balances({ bank_account_verified: false })) });
    renderPage();
    expect(await screen.findByTestId("payout-blocked")).toHaveTextContent(FINANCE_MESSAGES.unverifiedAccount);
    expect(screen.getByRole("button", { name: "Request payout" })).toBeDisabled();
  });

  it("says so below the minimum", async () => {
    answer({ pages: onePage(balances({ available: 400 })) });
    renderPage();
    expect(await screen.findByTestId("payout-blocked")).toHaveTextContent(
      "You can request a payout once your available balance reaches ₦1,000.00.",
    );
    expect(screen.getByRole("button", { name: "Request payout" })).toBeDisabled();
  });

  it("downloads the statement's CSV as the signed-in user (the session cookie, no token in the page)", async () => {
    const calls = answer({ pages: onePage() });
    server.use(
      http.get(
        "/api/earnings/statement.csv",
        () => new HttpResponse("date,kind\r\n2026-02-01,sale\r\n", { headers: { "content-type": "text/csv" } }),
      ),
    );
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
    expect(calls.find((c) => c.path === "/api/earnings/statement.csv")?.auth).toBeNull();
    expect(await created[0]!.text()).toBe("date,kind\r\n2026-02-01,sale\r\n");
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  it("shows the empty statement and payouts", async () => {
    answer({ pages: onePage(balances({ pending: 0, available: 0, paid_out: 0 }), []) });
    renderPage();
    expect(await screen.findByText(/No entries yet/)).toBeInTheDocument();
    expect(await screen.findByText("No payouts yet.")).toBeInTheDocument();
    expect(screen.getByTestId("payout-blocked")).toHaveTextContent(`${FINANCE_MESSAGES.nothingAvailable}.`);
    expect(screen.getByRole("button", { name: "Download CSV" })).toBeDisabled();
  });

  it("shows the server's message when the earnings cannot be read", async () => {
    answer({});
    server.use(http.get("/api/earnings", () => errorAnswer(503, "The store is busy, try again in a minute")));
    renderPage();
    // One retry of a 5xx first (the app's query client), a second later.
    const message = await screen.findByText("The store is busy, try again in a minute", {}, { timeout: 4000 });
    expect(message.closest("[role=alert]")).toHaveTextContent("Try again");
  });
});
