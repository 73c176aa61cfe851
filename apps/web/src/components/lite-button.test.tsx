/**
 * LiteButton, LiteActionIcon and LiteLoader render Mantine's markup (ADR 0051) for the props the
 * storefront's first screens use: the same elements, classes, data attributes and inline
 * variables (compared as sets, attribute order aside). The one class Mantine does not have is the
 * loader's enter animation, removed before comparing. Fails when a Mantine upgrade changes its markup.
 */
import { ActionIcon, Burger, Button, Loader, MantineProvider } from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { LiteActionIcon, LiteBurger, LiteButton, LiteLoader } from "./lite-button";
import classes from "./lite-button.module.css";

/** Each element as `tag [sorted attributes] (style declarations sorted)`, with its children. */
function normalise(el: Element): string {
  const attrs = [...el.attributes]
    .map((a) => {
      if (a.name === "style")
        return `style=${a.value
          .split(";")
          .map((d) => d.trim())
          .filter(Boolean)
          .sort()
          .join(";")}`;
      if (a.name === "class")
        return `class=${a.value
          .split(/\s+/)
          .filter((c) => c && c !== classes.buttonLoaderIn && c !== classes.actionIconLoaderIn)
          .join(" ")}`;
      return `${a.name}=${a.value}`;
    })
    .sort();
  const kids = [...el.childNodes].map((n) => (n.nodeType === 1 ? normalise(n as Element) : (n.textContent ?? "")));
  return `<${el.tagName} ${attrs.join(" ")}>${kids.join("")}</${el.tagName}>`;
}

function html(ui: ReactElement): string {
  const box = document.createElement("div");
  box.innerHTML = renderToStaticMarkup(<MantineProvider theme={theme}>{ui}</MantineProvider>).replace(/<style[\s\S]*?<\/style>/g, "");
  return [...box.children].map(normalise).join("");
}

const icon = <svg data-icon="x" />;
/** Mantine's components with loosely typed props, for the tables of cases below. */
const MantineButton = Button as unknown as (props: Record<string, unknown>) => ReactElement;
const MantineActionIcon = ActionIcon as unknown as (props: Record<string, unknown>) => ReactElement;

describe("lite buttons render Mantine's markup", () => {
  it("Button: links and buttons in the variants, colours and sizes of the first screens", () => {
    const cases: Array<Record<string, unknown>> = [
      { children: "Reload" },
      { as: "a", href: "/", variant: "subtle", children: "Go to the home page" },
      { as: "a", href: "/c", variant: "filled", size: "xs", radius: "xl", "aria-current": "page", children: "All" },
      { as: "a", href: "/c", variant: "default", size: "xs", radius: "xl", children: "Phones" },
      { as: "a", href: "/m", size: "md", color: "yellow", style: { color: "var(--mantine-color-dark-text)" }, children: "Shop" },
      { as: "a", href: "/s", size: "md", variant: "white", children: "Find a service" },
      { as: "a", href: "https://wa.me/1", size: "md", leftSection: icon, style: { width: "fit-content" }, children: "Request Service" },
      { size: "md", loading: false, disabled: false, children: "Add To Cart" },
      { size: "md", loading: false, disabled: true, children: "Add To Cart" },
      { size: "md", loading: true, disabled: false, children: "Add To Cart" },
    ];
    for (const { as, style, ...props } of cases) {
      const mantine = { ...props, ...(as ? { component: as } : {}), ...(style ? { style } : {}) };
      expect(html(<LiteButton as={as as "a"} style={style as never} {...props} />)).toBe(html(<MantineButton {...mantine} />));
    }
  });

  it("ActionIcon: the basket, the card's quick view and the wishlist heart (idle and loading)", () => {
    const cases: Array<Record<string, unknown>> = [
      { variant: "light", size: "lg", "aria-label": "Open shopping cart (0 items)" },
      { variant: "white", size: "lg", radius: "xl", "aria-label": "Quick view: X", title: "Quick view", className: "qv" },
      { variant: "default", size: "lg", radius: "xl", "aria-label": "Add to wishlist", "aria-pressed": false, loading: false },
      { variant: "default", size: "lg", radius: "xl", "aria-label": "Add to wishlist", "aria-pressed": true, loading: true },
      { variant: "default", size: "lg", "aria-label": "Decrease quantity", disabled: true },
    ];
    for (const props of cases) {
      expect(html(<LiteActionIcon {...props}>{icon}</LiteActionIcon>)).toBe(html(<MantineActionIcon {...props}>{icon}</MantineActionIcon>));
    }
  });

  it("Loader: the default oval", () => {
    expect(html(<LiteLoader />)).toBe(html(<Loader />));
  });

  it("Burger: closed and opened", () => {
    const noop = () => {};
    for (const opened of [false, true]) {
      expect(html(<LiteBurger opened={opened} onClick={noop} aria-label="Open menu" />)).toBe(
        html(<Burger opened={opened} onClick={noop} hiddenFrom="md" size="sm" aria-label="Open menu" />),
      );
    }
  });
});
