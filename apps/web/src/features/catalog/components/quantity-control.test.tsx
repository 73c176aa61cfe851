import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render";
import { QuantityControl } from "./quantity-control";

function Harness({ stock }: { stock: number }) {
  const [qty, setQty] = useState(1);
  return (
    <>
      <QuantityControl value={qty} stock={stock} onChange={setQty} />
      <output data-testid="qty">{qty}</output>
    </>
  );
}

describe("QuantityControl (spec §4 Quantity, §5)", () => {
  it("is a numeric input with min 1 and step 1 (max = stock)", async () => {
    renderWithProviders(<Harness stock={3} />);
    const input = await screen.findByRole("spinbutton", { name: "Quantity" });
    expect(input).toHaveAttribute("type", "number");
    expect(input).toHaveAttribute("min", "1");
    expect(input).toHaveAttribute("step", "1");
    expect(input).toHaveAttribute("max", "3");
  });

  it("starts at 1, never goes below 1 nor above the stock", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness stock={3} />);
    const input = await screen.findByRole("spinbutton", { name: "Quantity" });
    expect(input).toHaveValue(1);
    expect(screen.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    const plus = screen.getByRole("button", { name: "Increase quantity" });
    await user.click(plus);
    await user.click(plus);
    expect(input).toHaveValue(3);
    expect(plus).toBeDisabled();
    // typing a number above the stock is clamped; an empty field is a draft, shown as the value on blur
    fireEvent.change(input, { target: { value: "9" } });
    expect(screen.getByTestId("qty")).toHaveTextContent("3");
    fireEvent.change(input, { target: { value: "" } });
    expect(screen.getByTestId("qty")).toHaveTextContent("3");
    fireEvent.blur(input);
    expect(input).toHaveValue(3);
  });
});
