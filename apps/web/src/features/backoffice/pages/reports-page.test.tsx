/** Reports (admin, ADR 0213): the queue shows 100 entries a page and "Load more" asks for the next by cursor. */
import type { ReportCase } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { meAnswer } from "../../../test/fixtures";
import { HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import ReportsPage from "./reports-page";

const entry = (n: number): ReportCase => ({
  _id: `case-${n}`,
  target_type: "product",
  target_id: `item-${n}`,
  title: `Reported item ${n}`,
  seller: { _id: "s1", names: "Ada Okafor", username: "ada" },
  status: "open",
  auto_hidden: false,
  reason: null,
  createdAt: "2026-01-04T10:00:00.000Z",
  decidedAt: null,
  reports: [],
});

describe("Reports queue", () => {
  it("pages on beyond 100 entries with Load more (the next cursor)", async () => {
    signInTestSession();
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer({ names: "Store Admin", accType: "admin", addresses: [] }))),
      http.get("/api/admin/reports", ({ request }) => {
        const second = new URL(request.url).searchParams.get("cursor") === "page-2";
        return HttpResponse.json({
          statusCode: 200,
          data: second ? [entry(101)] : Array.from({ length: 100 }, (_, i) => entry(i + 1)),
          nextCursor: second ? null : "page-2",
        });
      }),
    );
    const calls = recordCalls();
    renderWithProviders(<ReportsPage />);
    expect(await screen.findByText("Reported item 100")).toBeInTheDocument();
    expect(screen.queryByText("Reported item 101")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Reported item 101")).toBeInTheDocument();
    expect(screen.getByText("Reported item 1")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).toBeNull());
    expect(calls).toContainEqual(expect.objectContaining({ method: "GET", path: "/api/admin/reports?status=open&cursor=page-2" }));
  });
});
