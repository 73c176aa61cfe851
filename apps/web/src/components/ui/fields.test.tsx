/** The storefront's search field and dropdowns: names, options, changes and the disabled state. */
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SelectField, TextField } from "./fields";

describe("SelectField", () => {
  it("is labelled by its visible label and lists the options", () => {
    const onChange = vi.fn();
    render(<SelectField label="Quantity" data={["1", "2", "3"]} value="1" onChange={onChange} />);
    const select = screen.getByLabelText("Quantity");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["1", "2", "3"]);
    fireEvent.change(select, { target: { value: "3" } });
    expect(onChange).toHaveBeenCalledOnce();
  });

  it("takes value/label pairs and an aria-label when there is no visible label", () => {
    render(
      <SelectField
        aria-label="Sort by"
        data={[
          { value: "newest", label: "Newest first" },
          { value: "price_asc", label: "Price: low to high" },
        ]}
        defaultValue="price_asc"
      />,
    );
    const select = screen.getByRole("combobox", { name: "Sort by" }) as HTMLSelectElement;
    expect(select.value).toBe("price_asc");
    expect(screen.getByRole("option", { name: "Newest first" })).toHaveAttribute("value", "newest");
  });

  it("can be disabled", () => {
    render(<SelectField label="Quantity" data={["1"]} disabled />);
    expect(screen.getByLabelText("Quantity")).toBeDisabled();
  });
});

describe("TextField", () => {
  it("is a text box named by its aria-label; its icon is decorative", () => {
    const onChange = vi.fn();
    render(
      <TextField aria-label="Search Market Place" placeholder="Search" leftSection={<svg data-testid="icon" />} onChange={onChange} />,
    );
    const input = screen.getByRole("textbox", { name: "Search Market Place" });
    fireEvent.change(input, { target: { value: "rice" } });
    expect(onChange).toHaveBeenCalledOnce();
    expect(screen.getByTestId("icon").parentElement).toHaveAttribute("aria-hidden", "true");
  });
});
