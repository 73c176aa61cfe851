/**
 * The profile picture of the settings page travels as a data URL in PUT /api/me (spec §3, as at
 * sign-up), never through POST /api/uploads, which is for approved sellers' item pictures only
 * (ADR 0084): a seller pending approval and an admin can still change their picture.
 */
import { MeAnswer, MeUpdateAnswer } from "@market/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { user } from "../../../test/fixtures";
import { errorAnswer, HttpResponse, http, recordCalls, server } from "../../../test/msw";
import { renderWithProviders } from "../../../test/render";
import { signInTestSession } from "../../../test/session";
import SettingsPage from "./settings-page";

const pendingSeller = user({
  _id: "00000000-0000-4000-8000-000000000003",
  names: "Bola Ahmed",
  username: "bolacrafts",
  desc: "Crafts",
  accType: "business",
  status: "pending",
  addresses: [],
});

function mockApi() {
  server.use(
    http.get("/api/me", () => HttpResponse.json(MeAnswer.parse({ statusCode: 200, data: pendingSeller }))),
    http.put("/api/me", () =>
      HttpResponse.json(MeUpdateAnswer.parse({ statusCode: 200, message: "Profile Successfully Updated", data: pendingSeller })),
    ),
    http.post("/api/uploads", () => errorAnswer(403, "Your seller account must be approved before you can upload images")),
  );
  return recordCalls();
}

describe("Profile settings: picture", () => {
  it("sends the chosen picture as a data URL with Save Changes, without POST /api/uploads", async () => {
    const calls = mockApi();
    signInTestSession();
    const { container } = renderWithProviders(<SettingsPage />);
    await screen.findByTestId("profile-picture-button");
    const input = container.querySelector<HTMLInputElement>("input[type=file]")!;
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], "me.png", { type: "image/png" });
    await userEvent.upload(input, png);
    await waitFor(() => expect(screen.getByTestId("profile-picture-button")).not.toHaveAttribute("data-loading"));
    await userEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    const put = await waitFor(() => {
      const c = calls.find((x) => x.path === "/api/me" && x.method === "PUT");
      expect(c).toBeTruthy();
      return c!;
    });
    expect((put.body as { profile: string }).profile).toMatch(/^data:image\/png;base64,/);
    expect(calls.some((c) => c.path === "/api/uploads")).toBe(false);
  });
});
