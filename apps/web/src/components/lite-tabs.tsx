/**
 * Mantine's `<Tabs>` (variant default, horizontal, `keepMounted={false}`) without its code, for the
 * detail page's tabs, which the server draws (ADR 0073). Mantine's Tabs re-renders its whole subtree
 * twice after mounting (its `useId` sets a random id in a layout effect, every panel registers
 * itself in an effect): on a phone that was the longest task of the product page's start-up. This
 * renders the same elements, classes, data attributes, ids and ARIA as Mantine 9.7.1 once mounted
 * (lite-tabs.test.tsx compares them and fails when an upgrade changes the markup), so Mantine's
 * Tabs.layer.css styles it; keyboard use as Mantine's: arrows move (looping) and activate, Home/End
 * move.
 */
import { type CSSProperties, type KeyboardEvent, type ReactNode, useState } from "react";

export type LiteTab = { value: string; label: ReactNode; panel: ReactNode };

/** Mantine's vars resolver for the default radius and the theme's primary colour. */
const ROOT_VARS = {
  "--tabs-radius": "var(--mantine-radius-default)",
  "--tabs-color": "var(--mantine-color-naija-filled)",
} as CSSProperties;
const PANEL_STYLE: CSSProperties = { paddingTop: "var(--mantine-spacing-md)" };
const HIDDEN_PANEL_STYLE: CSSProperties = { display: "none", ...PANEL_STYLE };

/**
 * `id` prefixes the tab and panel ids (`<id>-tab-<value>`, `<id>-panel-<value>`), as Mantine's
 * `id` prop does; `style` goes on the root (e.g. the top margin). Only the active panel's content
 * is rendered.
 */
export function LiteTabs({ id, tabs, defaultValue, style }: { id: string; tabs: LiteTab[]; defaultValue: string; style?: CSSProperties }) {
  const [active, setActive] = useState(defaultValue);
  // As Mantine's scoped keydown handler: arrows move the focus (looping) and activate the tab,
  // Home and End only move the focus.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const moves: Record<string, [number, boolean]> = {
      ArrowRight: [index === last ? 0 : index + 1, true],
      ArrowLeft: [index === 0 ? last : index - 1, true],
      Home: [0, false],
      End: [last, false],
    };
    const move = moves[event.key];
    const tab = move && tabs[move[0]];
    if (!move || !tab) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[move[0]]?.focus();
    if (move[1]) setActive(tab.value);
  };
  return (
    <div
      style={{ ...ROOT_VARS, ...style }}
      className="m_89d60db1 mantine-Tabs-root"
      data-variant="default"
      data-orientation="horizontal"
      id={id}
    >
      <div
        className="m_576c9d4 m_89d33d6d mantine-Tabs-list"
        data-variant="default"
        data-orientation="horizontal"
        role="tablist"
        aria-orientation="horizontal"
      >
        {tabs.map((tab, index) => {
          const selected = tab.value === active;
          return (
            <button
              key={tab.value}
              className="mantine-focus-auto m_539e827b m_4ec4dce6 mantine-Tabs-tab m_87cf2631 mantine-UnstyledButton-root"
              data-variant="default"
              data-active={selected ? "true" : undefined}
              data-orientation="horizontal"
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              aria-controls={`${id}-panel-${tab.value}`}
              onClick={() => setActive(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className="m_42bbd1ae mantine-Tabs-tabLabel">{tab.label}</span>
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const selected = tab.value === active;
        return (
          <div
            key={tab.value}
            style={selected ? PANEL_STYLE : HIDDEN_PANEL_STYLE}
            className="m_b0c91715 mantine-Tabs-panel"
            data-orientation="horizontal"
            role="tabpanel"
            id={`${id}-panel-${tab.value}`}
            aria-labelledby={`${id}-tab-${tab.value}`}
          >
            {selected ? tab.panel : null}
          </div>
        );
      })}
    </div>
  );
}
