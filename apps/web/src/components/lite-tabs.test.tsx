/**
 * LiteTabs renders what Mantine's Tabs renders once mounted (same elements, classes, data
 * attributes, ids, ARIA and inline variables; attribute order aside) and behaves the same way with
 * the mouse and the keyboard. Fails when a Mantine upgrade changes its markup.
 */
import { MantineProvider, Tabs } from "@mantine/core";
import { act, fireEvent, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { LiteTabs } from "./lite-tabs";

/** The element tree with sorted attributes, so attribute order does not matter. */
function shape(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
  if (!(node instanceof Element)) return "";
  const attrs = [...node.attributes]
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(" ");
  return `<${node.tagName.toLowerCase()} ${attrs}>${[...node.childNodes].map(shape).join("")}</${node.tagName.toLowerCase()}>`;
}

function mount(ui: ReactElement) {
  const view = render(<MantineProvider theme={theme}>{ui}</MantineProvider>);
  const root = view.container.querySelector(".mantine-Tabs-root") as HTMLElement;
  return { root, view };
}

const TABS = [
  { value: "description", label: "Description", panel: <p>About the hub</p> },
  { value: "reviews", label: "Reviews (2)", panel: <p>Two reviews</p> },
  { value: "owner", label: "Business Owner", panel: <p>Ada</p> },
];

function MantineTabs() {
  return (
    <Tabs id="detail" defaultValue="description" mt={40} keepMounted={false}>
      <Tabs.List>
        {TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          {t.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

const lite = () => (
  <LiteTabs id="detail" defaultValue="description" style={{ marginTop: "calc(2.5rem * var(--mantine-scale))" }} tabs={TABS} />
);

describe("LiteTabs", () => {
  it("renders Mantine's Tabs markup, and the same after a click and after arrow keys", () => {
    const a = mount(<MantineTabs />);
    const b = mount(lite());
    expect(shape(b.root)).toBe(shape(a.root));
    for (const { root } of [a, b]) fireEvent.click(root.querySelector("#detail-tab-owner") as HTMLElement);
    expect(shape(b.root)).toBe(shape(a.root));
    expect(b.root.textContent).toContain("Ada");
    for (const { root } of [a, b]) {
      const owner = root.querySelector("#detail-tab-owner") as HTMLElement;
      act(() => owner.focus());
      fireEvent.keyDown(owner, { key: "ArrowRight" });
    }
    // Looped to the first tab, activated and focused.
    expect(shape(b.root)).toBe(shape(a.root));
    expect(document.activeElement).toBe(b.root.querySelector("#detail-tab-description"));
    expect(b.root.querySelector('[aria-selected="true"]')?.id).toBe("detail-tab-description");
    // End moves the focus to the last tab without activating it.
    a.view.unmount();
    fireEvent.keyDown(b.root.querySelector("#detail-tab-description") as HTMLElement, { key: "End" });
    expect(document.activeElement?.id).toBe("detail-tab-owner");
    expect(b.root.querySelector('[aria-selected="true"]')?.id).toBe("detail-tab-description");
  });
});
