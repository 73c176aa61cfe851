/** The notification bell (ADR 0182): the unread count on the bell, the list on a tap, marked read as it opens, texts as plain text. */
import { NotificationsAnswer } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { HttpResponse, http, server } from "../../test/msw";
import { renderWithProviders } from "../../test/render";
import NotificationBell, { unreadLabel } from "./bell";

const ITEMS = NotificationsAnswer.parse({
  statusCode: 200,
  data: {
    unread: 2,
    items: [
      {
        _id: "00000000-0000-4000-8000-000000000002",
        kind: "line_shipped",
        text: "Shipped: <script>alert(1)</script> x2 (order NM-26-000123) is on its way.",
        url: "/account/orders/o1",
        read: false,
        createdAt: "2026-11-27T09:00:00.000Z",
      },
      {
        _id: "00000000-0000-4000-8000-000000000001",
        kind: "payment_confirmed",
        text: "Payment confirmed for order NM-26-000123: the sellers will now ship it.",
        url: "/account/orders/o1",
        read: false,
        createdAt: "2026-11-26T09:00:00.000Z",
      },
    ],
  },
  nextCursor: null,
});

describe("NotificationBell", () => {
  it("shows the unread count, opens the newest notifications as text and marks them read", async () => {
    let unread = 2;
    const marked: unknown[] = [];
    server.use(
      http.get("/api/notifications/unread", () => HttpResponse.json({ statusCode: 200, data: { unread } })),
      http.get("/api/notifications", () => HttpResponse.json(ITEMS)),
      http.post("/api/notifications/read", async ({ request }) => {
        marked.push(await request.json());
        unread = 0;
        return HttpResponse.json({ statusCode: 200, message: "Marked as read", data: { unread: 0 } });
      }),
    );
    renderWithProviders(<NotificationBell settingsHref="/account/notifications" />);
    const bell = await screen.findByRole("button", { name: "Notifications (2 unread)" });
    expect(bell.parentElement?.textContent).toContain("2");

    await userEvent.click(bell);
    expect(await screen.findByText("Shipped: <script>alert(1)</script> x2 (order NM-26-000123) is on its way.")).toBeTruthy();
    expect(document.querySelector("script")).toBeNull();
    await waitFor(() => expect(marked).toEqual([{ ids: ITEMS.data.items.map((n) => n._id) }]));
    await waitFor(() => expect(screen.getByRole("button", { name: "Notifications" })).toBeTruthy());
    expect(screen.getByText("Settings").closest("a")?.getAttribute("href")).toBe("/account/notifications");
  });

  it("shows no count when nothing is unread, and caps a large count", async () => {
    server.use(http.get("/api/notifications/unread", () => HttpResponse.json({ statusCode: 200, data: { unread: 0 } })));
    renderWithProviders(<NotificationBell settingsHref="/account/notifications" />);
    const bell = await screen.findByRole("button", { name: "Notifications" });
    expect(bell.parentElement?.querySelector("[aria-hidden='true']")).toBeNull();
    expect(unreadLabel(7)).toBe("7");
    expect(unreadLabel(150)).toBe("99+");
  });
});
