import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorAnswer, http, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { VerifyModal } from "./verify-modal";

describe("VerifyModal", () => {
  it("after wrong codes a field shows its error and no green check", async () => {
    server.use(
      http.post("/api/verify", () =>
        errorAnswer(400, "Please correct the highlighted fields", {
          code_email: "The e-mail code is not correct",
          code_phone: "The phone code is not correct",
        }),
      ),
    );
    renderWithProviders(<VerifyModal email="ada@example.ng" onClose={() => {}} />);
    const email = await screen.findByLabelText("E-mail code");
    const phone = screen.getByLabelText("Phone code");
    await userEvent.type(email, "111111");
    await userEvent.type(phone, "222222");
    // Six characters: marked valid before the server has answered.
    expect(screen.getAllByLabelText("valid")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("The e-mail code is not correct")).toBeInTheDocument();
    expect(screen.getByText("The phone code is not correct")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByLabelText("valid")).toHaveLength(0));
    expect(email).toHaveAttribute("data-valid", "false");
    expect(email).toHaveAttribute("aria-invalid", "true");
    // Typing a new code clears that field's error, and the check comes back for it alone.
    await userEvent.type(email, "{Backspace}3");
    expect(screen.getAllByLabelText("valid")).toHaveLength(1);
  });
});
