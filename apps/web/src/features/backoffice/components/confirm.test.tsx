/**
 * The back office's delete confirmation (spec §8) opens even when asked for at once: the app's
 * lazy modals manager (ADR 0051) is not mounted here, as on a cached revisit where the list showed
 * before it and a quick tap on Delete opened nothing.
 */
import { MantineProvider } from "@mantine/core";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import { ConfirmHost, confirmDelete } from "./confirm";

function AsksOnMount({ onConfirm }: { onConfirm: () => void }) {
  useEffect(() => confirmDelete("Do you want to delete this product?", onConfirm), [onConfirm]);
  return null;
}

function renderHost(onConfirm: () => void) {
  return render(
    <MantineProvider>
      <AsksOnMount onConfirm={onConfirm} />
      <ConfirmHost />
    </MantineProvider>,
  );
}

describe("confirmDelete", () => {
  it("opens at once, and 'Leave' closes without deleting", async () => {
    const onConfirm = vi.fn();
    renderHost(onConfirm);
    expect(await screen.findByText("Do you want to delete this product?")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(screen.queryByText("Do you want to delete this product?")).toBeNull());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("'Yes Proceed' runs the delete once", async () => {
    const onConfirm = vi.fn();
    renderHost(onConfirm);
    await userEvent.click(await screen.findByRole("button", { name: "Yes Proceed" }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
