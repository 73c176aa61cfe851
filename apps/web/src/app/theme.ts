/** The store's Mantine theme: Nigerian green as the primary colour, system fonts (no web-font download). */
import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from "@mantine/core";

const green: MantineColorsTuple = [
  "#e6f8ef",
  "#d2eee0",
  "#a6dbbf",
  "#77c89c",
  "#50b77e",
  "#37ad6b",
  "#27a760",
  "#179250",
  "#0b7a4b",
  "#00703c",
];

export const theme = createTheme({
  primaryColor: "naija",
  primaryShade: 8,
  colors: { naija: green },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  defaultRadius: "md",
  components: {
    // The close button of a modal, drawer or alert has only an icon: a name, unless the caller gives one.
    // Spec §9 "Modal body height 60vh": every dialog's body is at most 60vh and scrolls inside, so its
    // title and close button stay in view.
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } }, styles: { body: { maxHeight: "60vh", overflowY: "auto" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // A table wider than a phone scrolls sideways: its scroll area takes keyboard focus, so arrow
    // keys can scroll it when it holds no link or button.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Names for the pager's arrow buttons, which have only an icon. Plain objects, not
    // `Pagination.extend` etc., so the theme does not pull these components into the first load (ADR 0051).
    Pagination: {
      defaultProps: {
        getControlProps: (control: "first" | "previous" | "last" | "next") => ({
          "aria-label": { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" }[control],
        }),
      },
    },
  },
});

/** Relative luminance of a `#rrggbb` colour (WCAG 2 definition, 0..1). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two `#rrggbb` colours (1..21). */
export function contrast(a: string, b: string): number {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * Theme variables Mantine derives that fall short of WCAG AA contrast (4.5:1), fixed once here
 * rather than on each element (passed to MantineProvider in providers.tsx):
 * - its "dimmed" grey (gray.6, 3.2:1 on our off-white page) becomes a grey that reads 5:1;
 * - a colour's filled shade under white text (cyan, teal, green, lime, orange: 2.9-4.4:1) and its
 *   light variant's text on the pale background (teal, green, lime, yellow, orange: 2.7-3.8:1),
 *   darkened in 5% steps until they read at AA (the filled hover shade 10% darker still).
 *   Yellow's filled shade is left: it carries dark text (home page).
 * Written out rather than computed on every render of the provider: theme.test.ts checks each
 * pair (and any colour added to the theme) against AA.
 */
const AA_LIGHT: Record<string, string> = {
  "--mantine-color-dimmed": "#666d75",
  "--mantine-color-cyan-filled": "#0b7e91",
  "--mantine-color-cyan-filled-hover": "#0a7183",
  "--mantine-color-teal-filled": "#08835e",
  "--mantine-color-teal-filled-hover": "#077655",
  "--mantine-color-teal-light-color": "#087956",
  "--mantine-color-green-filled": "#28863a",
  "--mantine-color-green-filled-hover": "#247934",
  "--mantine-color-green-light-color": "#277c38",
  "--mantine-color-lime-filled": "#4d7e0b",
  "--mantine-color-lime-filled-hover": "#45710a",
  "--mantine-color-lime-light-color": "#4a760a",
  "--mantine-color-yellow-light-color": "#a15300",
  "--mantine-color-orange-filled": "#c54c0a",
  "--mantine-color-orange-filled-hover": "#b14409",
  "--mantine-color-orange-light-color": "#b83d0d",
};

export const cssVariablesResolver: CSSVariablesResolver = () => ({ variables: {}, light: AA_LIGHT, dark: {} });
