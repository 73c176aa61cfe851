import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { notifyError } from "../lib/notify";
import { Providers } from "./providers";

describe("Providers", () => {
  it("mounts the notifications host only with the first alert, which it then shows", async () => {
    render(
      <Providers>
        <p>page</p>
      </Providers>,
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(document.querySelector(".mantine-Notifications-root")).toBeNull();
    notifyError(new Error("Network down"));
    expect(await screen.findByText("Network down")).toBeTruthy();
    await waitFor(() => expect(document.querySelector(".mantine-Notifications-root")).not.toBeNull());
  });
});
