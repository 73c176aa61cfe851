/**
 * Tabs for the product page (Description / Reviews / Business Owner), which the server draws
 * (ADR 0073). Our own component (tabs.module.css on Mantine's theme variables): it renders once,
 * with the first state already known, where Mantine's Tabs re-rendered its whole subtree twice after
 * mounting (a random id set in a layout effect, panels registering in effects), the product page's
 * longest start-up task on a phone.
 *
 * WAI-ARIA tabs pattern: one tab stop (the active tab); Left/Right move to the previous/next tab
 * (looping) and show it; Home/End move to the first/last tab without showing it (Enter, Space or a
 * click shows it). Only the active panel's content is rendered.
 */
import { type CSSProperties, type KeyboardEvent, type ReactNode, useState } from "react";
import classes from "./tabs.module.css";

export type Tab = { value: string; label: ReactNode; panel: ReactNode };

/**
 * `id` prefixes the tab and panel ids (`<id>-tab-<value>`, `<id>-panel-<value>`); `style` goes on
 * the root (e.g. the top margin).
 */
export function Tabs({ id, tabs, defaultValue, style }: { id: string; tabs: Tab[]; defaultValue: string; style?: CSSProperties }) {
  const [active, setActive] = useState(defaultValue);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = tabs.length - 1;
    const moves: Record<string, [target: number, show: boolean]> = {
      ArrowRight: [index === last ? 0 : index + 1, true],
      ArrowLeft: [index === 0 ? last : index - 1, true],
      Home: [0, false],
      End: [last, false],
    };
    const move = moves[event.key];
    const tab = move && tabs[move[0]];
    if (!move || !tab) return;
    event.preventDefault();
    event.currentTarget.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[move[0]]?.focus();
    if (move[1]) setActive(tab.value);
  };
  return (
    <div className={classes.root} style={style} id={id}>
      <div className={classes.list} role="tablist" aria-orientation="horizontal">
        {tabs.map((tab, index) => {
          const selected = tab.value === active;
          return (
            <button
              key={tab.value}
              className={classes.tab}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className={classes.tabLabel}>{tab.label}</span>
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => {
        const selected = tab.value === active;
        return (
          <div
            key={tab.value}
            className={classes.panel}
            role="tabpanel"
            id={`${id}-panel-${tab.value}`}
            aria-labelledby={`${id}-tab-${tab.value}`}
            hidden={!selected}
          >
            {selected ? tab.panel : null}
          </div>
        );
      })}
    </div>
  );
}
