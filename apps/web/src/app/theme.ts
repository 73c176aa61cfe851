/** The store's Mantine theme: Nigerian green as the primary colour, system fonts (no web-font download). */
import { createTheme, type MantineColorsTuple } from "@mantine/core";

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
});
