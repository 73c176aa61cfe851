/**
 * The listing's search field and the detail page's quantity dropdown without Mantine's Input code
 * (InputBase, InputWrapper, CloseButton, ComboboxChevron: ~7 KB gzipped on those pages' first load,
 * ADR 0051). They render exactly the markup Mantine 9.7.1's `<TextInput>` and `<NativeSelect>`
 * render for the props used here (size sm, variant default, Mantine's own class names and CSS
 * variables), so Mantine's Input.layer.css styles them the same; lite-fields.test.tsx compares both
 * renderings and fails when a Mantine upgrade changes the markup.
 *
 * Only what the storefront's first screens need: no error/description slots, no clear button.
 */
import { type CSSProperties, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from "react";

/** The CSS variables Mantine writes inline for size sm (its vars resolvers). */
const WRAPPER_VARS = { "--input-height": "var(--input-height-sm)", "--input-fz": "var(--mantine-font-size-sm)" } as CSSProperties;
const SELECT_WRAPPER_VARS = { ...WRAPPER_VARS, "--input-right-section-pointer-events": "none" } as CSSProperties;
const LABEL_VARS = { "--input-label-size": "var(--mantine-font-size-sm)" } as CSSProperties;
const CHEVRON_VARS = { "--combobox-chevron-size": "var(--combobox-chevron-size-sm)" } as CSSProperties;

/** Mantine's ComboboxChevron (size sm). */
function Chevron() {
  return (
    // biome-ignore lint/a11y/noSvgWithoutTitle: Mantine's decorative chevron, markup kept identical (the select has the name)
    <svg
      style={CHEVRON_VARS}
      className="m_2943220b mantine-ComboboxChevron-chevron"
      data-size="sm"
      data-combobox-chevron="true"
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "className" | "style"> & {
  /** Icon in the left section (Mantine's `leftSection`). */
  leftSection?: ReactNode;
  /** Class of the root (e.g. a width). */
  className?: string;
  style?: CSSProperties;
};

/** Mantine's `<TextInput>` (size sm, no label): a native input in Mantine's wrapper markup. */
export function LiteTextInput({ leftSection, className, style, id, ...input }: TextInputProps) {
  const autoId = useId();
  return (
    <div
      className={`m_46b77525 mantine-InputWrapper-root mantine-TextInput-root${className ? ` ${className}` : ""}`}
      style={style}
      data-size="sm"
    >
      <div
        style={WRAPPER_VARS}
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        data-variant="default"
        data-size="sm"
        data-with-left-section={leftSection ? "true" : undefined}
      >
        {leftSection ? (
          <div data-position="left" className="m_82577fc2 mantine-Input-section mantine-TextInput-section">
            {leftSection}
          </div>
        ) : null}
        <input className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input" data-variant="default" {...input} id={id ?? autoId} />
      </div>
    </div>
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "size" | "className" | "style" | "children"> & {
  /** Options: plain strings (value = label) or `{ value, label }`, like Mantine's `data`. */
  data: ReadonlyArray<string | { value: string; label: string }>;
  /** Visible label above the field (Mantine's `label`); without it, pass `aria-label`. */
  label?: ReactNode;
  className?: string;
  style?: CSSProperties;
};

/** Mantine's `<NativeSelect>` (size sm): the browser's select in Mantine's wrapper with its chevron. */
export function LiteNativeSelect({ data, label, className, style, id, disabled, ...select }: SelectProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div
      style={style}
      className={`m_46b77525 mantine-InputWrapper-root mantine-NativeSelect-root${className ? ` ${className}` : ""}`}
      data-size="sm"
    >
      {label ? (
        <label
          style={LABEL_VARS}
          className="m_8fdc1311 mantine-InputWrapper-label mantine-NativeSelect-label"
          data-size="sm"
          htmlFor={inputId}
          id={`${inputId}-label`}
        >
          {label}
        </label>
      ) : null}
      <div
        style={SELECT_WRAPPER_VARS}
        className="m_6c018570 mantine-Input-wrapper mantine-NativeSelect-wrapper"
        data-variant="default"
        data-size="sm"
        data-pointer="true"
        data-disabled={disabled ? "true" : undefined}
        data-with-right-section="true"
      >
        <select
          className="m_8fb7ebe7 mantine-Input-input mantine-NativeSelect-input"
          data-variant="default"
          data-disabled={disabled ? "true" : undefined}
          disabled={disabled}
          {...select}
          id={inputId}
        >
          {data.map((o) => {
            const { value, label: text } = typeof o === "string" ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
        <div data-position="right" className="m_82577fc2 mantine-Input-section mantine-NativeSelect-section">
          <Chevron />
        </div>
      </div>
    </div>
  );
}
