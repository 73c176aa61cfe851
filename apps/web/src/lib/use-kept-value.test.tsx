/**
 * useKeptValue (ADR 0131, 0224): a value chosen in a server-drawn control before the app took it
 * over (a lazy part's too) becomes the state when the field mounts.
 */
import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useKeptValue } from "./use-kept-value";

function Picker() {
  const [value, setValue] = useState("Lagos");
  const ref = useKeptValue<HTMLSelectElement>(value, setValue);
  return (
    <>
      <select aria-label="State" ref={ref} value={value} onChange={(e) => setValue(e.currentTarget.value)}>
        {["Lagos", "Kano", "FCT"].map((s) => (
          <option key={s}>{s}</option>
        ))}
      </select>
      <output data-testid="state">{value}</output>
    </>
  );
}

describe("useKeptValue", () => {
  it("takes the value the server's control holds when the component takes it over (hydration)", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Picker />);
    document.body.append(container);
    // The shopper picks before the app starts.
    container.querySelector("select")!.value = "Kano";
    await act(async () => {
      hydrateRoot(container, <Picker />);
    });
    expect(container.querySelector("output")).toHaveTextContent("Kano");
    expect(container.querySelector("select")).toHaveValue("Kano");
    container.remove();
  });

  it("without a pick keeps the state", () => {
    render(<Picker />);
    expect(screen.getByTestId("state")).toHaveTextContent("Lagos");
  });
});
