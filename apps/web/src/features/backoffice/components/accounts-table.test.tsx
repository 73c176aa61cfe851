/**
 * View Sellers keeps its two "verify" actions apart: the payout bank account's check and the blue
 * tick are worded by what they do, each in its own labelled column (on a phone's card too), and each
 * confirms with its own alert title over the server's message.
 */
import { AdminActionAnswer } from "@market/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { adminUserRow, adminUsersAnswer, meAnswer } from "../../../test/fixtures";
import { HttpResponse, http, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import { AccountsTable } from "./accounts-table";
import { ConfirmHost } from "./confirm";

const seller = adminUserRow({
  _id: "00000000-0000-4000-8000-00000000000c",
  names: "Chidi Okafor",
  username: "chidi",
  email: "chidi@naijamarket.ng",
  accType: "business",
  bank_code: { value: "058", label: "Guaranty Trust Bank" },
  bank_name: "Guaranty Trust Bank",
  account_no: "0000000017",
  account_name: "CHIDI OKAFOR",
});

describe("View Sellers: bank account check and blue tick", () => {
  it("labels each action by what it does, in separate labelled columns, with distinct confirmations", async () => {
    signInTestSession();
    const updated = AdminActionAnswer.parse({ statusCode: 200, message: "Updated Succefully", data: seller });
    server.use(
      http.get("/api/me", () => HttpResponse.json(meAnswer({ accType: "admin", names: "Store Admin" }))),
      http.get("/api/admin/users", () => HttpResponse.json(adminUsersAnswer([seller]))),
      http.put("/api/admin/users/bank_account", () => HttpResponse.json(updated)),
      http.put("/api/admin/users", () => HttpResponse.json(updated)),
    );
    renderWithProviders(
      <>
        <AccountsTable accountType="business" />
        <ConfirmHost />
      </>,
    );
    const bank = await screen.findByRole("button", { name: "Verify bank account" });
    const tick = screen.getByRole("button", { name: "Give blue tick" });
    expect(screen.queryByRole("button", { name: /^(Verify|Mark verified)$/ })).toBeNull();
    // Separate columns, each labelled (the label is what a phone's card shows before the value).
    expect(bank.closest("td")).toHaveAttribute("data-label", "Payout account");
    expect(tick.closest("td")).toHaveAttribute("data-label", "Blue tick");

    await userEvent.click(bank);
    let dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: "Verify bank account" }));
    expect(await screen.findByText("Bank account verified")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Give blue tick" }));
    dialog = await screen.findByRole("dialog", { name: /Give blue tick/ });
    await userEvent.click(within(dialog).getByRole("button", { name: "Give blue tick" }));
    expect(await screen.findByText("Blue tick given")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText("Updated Succefully")).toHaveLength(2));
  });
});
