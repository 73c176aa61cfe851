/** The product page's tabs: ARIA tabs pattern, mouse and keyboard. */
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Tabs } from "./tabs";

const TABS = [
  { value: "description", label: "Description", panel: <p>About the hub</p> },
  { value: "reviews", label: "Reviews (2)", panel: <p>Two reviews</p> },
  { value: "owner", label: "Business Owner", panel: <p>Ada</p> },
];

const tab = (name: string) => screen.getByRole("tab", { name });
const selected = () => screen.getAllByRole("tab").filter((t) => t.getAttribute("aria-selected") === "true");

describe("Tabs", () => {
  it("starts on the default tab: one tab stop, its panel alone rendered and labelled by its tab", () => {
    render(<Tabs id="detail" tabs={TABS} defaultValue="description" />);
    expect(screen.getByRole("tablist")).toBeInTheDocument();
    expect(selected()).toEqual([tab("Description")]);
    expect(screen.getAllByRole("tab").map((t) => t.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole("tabpanel");
    expect(panel).toHaveTextContent("About the hub");
    expect(panel).toHaveAttribute("aria-labelledby", tab("Description").id);
    expect(tab("Description")).toHaveAttribute("aria-controls", panel.id);
    expect(screen.queryByText("Ada")).toBeNull();
  });

  it("shows a tab's panel on click", () => {
    render(<Tabs id="detail" tabs={TABS} defaultValue="description" />);
    fireEvent.click(tab("Business Owner"));
    expect(selected()).toEqual([tab("Business Owner")]);
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Ada");
    expect(screen.queryByText("About the hub")).toBeNull();
    expect(tab("Business Owner").tabIndex).toBe(0);
    expect(tab("Description").tabIndex).toBe(-1);
  });

  it("moves with the arrow keys, looping at both ends, and shows the tab it moves to", () => {
    render(<Tabs id="detail" tabs={TABS} defaultValue="description" />);
    tab("Description").focus();
    fireEvent.keyDown(tab("Description"), { key: "ArrowLeft" });
    expect(document.activeElement).toBe(tab("Business Owner"));
    expect(selected()).toEqual([tab("Business Owner")]);
    fireEvent.keyDown(tab("Business Owner"), { key: "ArrowRight" });
    expect(document.activeElement).toBe(tab("Description"));
    fireEvent.keyDown(tab("Description"), { key: "ArrowRight" });
    expect(selected()).toEqual([tab("Reviews (2)")]);
    expect(screen.getByRole("tabpanel")).toHaveTextContent("Two reviews");
  });

  it("moves the focus to the first and last tab with Home and End without showing them", () => {
    render(<Tabs id="detail" tabs={TABS} defaultValue="reviews" />);
    fireEvent.keyDown(tab("Reviews (2)"), { key: "End" });
    expect(document.activeElement).toBe(tab("Business Owner"));
    fireEvent.keyDown(tab("Business Owner"), { key: "Home" });
    expect(document.activeElement).toBe(tab("Description"));
    expect(selected()).toEqual([tab("Reviews (2)")]);
  });

  it("leaves other keys alone", () => {
    render(<Tabs id="detail" tabs={TABS} defaultValue="description" />);
    const notHandled = fireEvent.keyDown(tab("Description"), { key: "a" });
    expect(notHandled).toBe(true);
    expect(selected()).toEqual([tab("Description")]);
  });
});
