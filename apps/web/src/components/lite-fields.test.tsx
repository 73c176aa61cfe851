/**
 * The lite fields render Mantine's own markup (ADR 0051): same elements, classes, data attributes
 * and inline variables as `<TextInput>` / `<NativeSelect>` for the props the storefront uses, so
 * Mantine's CSS draws them identically. Fails when a Mantine upgrade changes its markup.
 */
import { MantineProvider, NativeSelect, TextInput } from "@mantine/core";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "../app/theme";
import { LiteNativeSelect, LiteTextInput } from "./lite-fields";

/** Static HTML inside the app's theme, without Mantine's injected <style> tags and with ids made equal. */
function html(ui: ReactElement): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{ui}</MantineProvider>)
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .replace(/(id|for)="[^"]*?(-label)?"/g, '$1="ID$2"');
}

const noop = () => {};
const icon = <svg data-icon="search" />;

describe("lite fields look like Mantine's", () => {
  it("TextInput with a left icon", () => {
    const props = { "aria-label": "Search Market Place", placeholder: "Search", value: "kettle", onChange: noop, maxLength: 100 };
    expect(html(<LiteTextInput {...props} leftSection={icon} />)).toBe(html(<TextInput {...props} leftSection={icon} />));
  });

  it("TextInput without section", () => {
    expect(html(<LiteTextInput aria-label="Name" value="" onChange={noop} />)).toBe(
      html(<TextInput aria-label="Name" value="" onChange={noop} />),
    );
  });

  it("NativeSelect with aria-label and {value,label} options", () => {
    const data = [
      { value: "newest", label: "Newest first" },
      { value: "price_asc", label: "Price: low to high" },
    ];
    expect(html(<LiteNativeSelect aria-label="Sort by" data={data} value="price_asc" onChange={noop} />)).toBe(
      html(<NativeSelect aria-label="Sort by" data={data} value="price_asc" onChange={noop} />),
    );
  });

  it("NativeSelect with a label, string options, enabled and disabled", () => {
    for (const disabled of [false, true]) {
      const props = { label: "Quantity", data: ["1", "2", "3"], value: "2", onChange: noop, disabled };
      expect(html(<LiteNativeSelect {...props} />)).toBe(html(<NativeSelect {...props} />));
    }
  });
});
