import type { Product } from "@market/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../../test/render";
import { type Choice, chosenVariant, priceLabel } from "../lib/variant-choice";
import VariantPicker from "./variant-picker";

const v = (id: string, Size: string, Colour: string, price: number, count_in_stock: number) => ({
  _id: id,
  sku: id,
  options: { Size, Colour },
  price,
  count_in_stock,
  image_url: null,
});
const DRESS: Pick<Product, "price" | "options" | "variants"> = {
  price: 15000,
  options: [
    { name: "Size", values: ["S", "M"] },
    { name: "Colour", values: ["Red", "Blue"] },
  ],
  // No S Blue at all; M Red sold out.
  variants: [v("s-red", "S", "Red", 15000, 2), v("m-red", "M", "Red", 16500, 0), v("m-blue", "M", "Blue", 16500, 4)],
};

function Harness() {
  const [choice, setChoice] = useState<Choice>({});
  const chosen = chosenVariant(DRESS, choice);
  return (
    <>
      <VariantPicker product={DRESS} value={choice} onChange={setChoice} />
      <output data-testid="chosen">{chosen?._id ?? "none"}</output>
    </>
  );
}

describe("variant choice (ADR 0215)", () => {
  it("cards say 'from' the lowest price only when the variants' prices differ", () => {
    expect(priceLabel(DRESS)).toMatch(/^from ₦15,000/);
    expect(priceLabel({ price: 900, variants: [v("a", "S", "Red", 900, 1)] })).not.toMatch(/from/);
  });

  it("names a variant only once every option is chosen", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Size M" }));
    expect(screen.getByTestId("chosen")).toHaveTextContent("none");
    await user.click(screen.getByRole("button", { name: "Colour Blue" }));
    expect(screen.getByTestId("chosen")).toHaveTextContent("m-blue");
    expect(screen.getByRole("button", { name: "Size M" })).toHaveAttribute("aria-pressed", "true");
  });

  it("shows a combination that does not exist or is sold out as unavailable, not hidden", async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(screen.getByRole("button", { name: "Size M" }));
    // M Red is sold out: still there, marked unavailable.
    expect(screen.getByRole("button", { name: "Colour Red (unavailable)" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Size S" }));
    // S Blue does not exist.
    expect(screen.getByRole("button", { name: "Colour Blue (unavailable)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Colour Red" })).toBeInTheDocument();
  });
});
