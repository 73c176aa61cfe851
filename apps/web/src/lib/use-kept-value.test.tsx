/**
 * useKeptValue (ADR 0131, 0224): a value chosen in a server-drawn control before the app took it
 * over becomes the state when the field mounts, from the DOM or, for a lazy part drawn again on the
 * client, from what boot.ts recorded on <html data-kept-NAME> (taken once).
 */
import { render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useKeptValue } from "./use-kept-value";

function Picker({ keep }: { keep?: string }) {
  const [value, setValue] = useState("Lagos");
  const ref = useKeptValue<HTMLSelectElement>(value, setValue, keep);
  return (
    <>
      <select aria-label="State" ref={ref} data-keep={keep} value={value} onChange={(e) => setValue(e.currentTarget.value)}>
        {["Lagos", "Kano", "FCT"].map((s) => (
          <option key={s}>{s}</option>
        ))}
      </select>
      <output data-testid="state">{value}</output>
    </>
  );
}

afterEach(() => document.documentElement.removeAttribute("data-kept-state"));

describe("useKeptValue", () => {
  it("takes the value recorded for a lazy part's control drawn again on the client, once", () => {
    document.documentElement.setAttribute("data-kept-state", "Kano");
    const first = render(<Picker keep="state" />);
    expect(screen.getByTestId("state")).toHaveTextContent("Kano");
    expect(screen.getByLabelText("State")).toHaveValue("Kano");
    expect(screen.getByLabelText("State")).toHaveAttribute("data-taken");
    expect(document.documentElement.hasAttribute("data-kept-state")).toBe(false);
    first.unmount();
    // Taken once: the next mount (another product) starts from its own value.
    render(<Picker keep="state" />);
    expect(screen.getByTestId("state")).toHaveTextContent("Lagos");
  });

  it("without a recorded value keeps the state", () => {
    render(<Picker keep="state" />);
    expect(screen.getByTestId("state")).toHaveTextContent("Lagos");
  });
});
