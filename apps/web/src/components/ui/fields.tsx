/**
 * The listing's search field and the sort and quantity dropdowns: a native `<input>` and
 * `<select>` in our own frame (fields.module.css on Mantine's theme variables, the height and
 * border of Mantine's small inputs), so forms elsewhere with Mantine's inputs look the same.
 * Mantine's Input code stays off the first load of listing and product pages (ADR 0051).
 *
 * Only what those screens need: no error or description text (the back office's forms use
 * Mantine's inputs with @mantine/form).
 */
import { IconSelector } from "@tabler/icons-react";
import { type CSSProperties, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from "react";
import classes from "./fields.module.css";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size" | "className" | "style"> & {
  /** An icon inside the field, before the text (decorative). */
  leftSection?: ReactNode;
  /** Class of the outer box (e.g. a width). */
  className?: string;
  style?: CSSProperties;
  /** The `<input>` itself. */
  ref?: Ref<HTMLInputElement>;
};

/** A one-line text field without a visible label: give it an `aria-label`. */
export function TextField({ leftSection, className, style, id, ...input }: TextFieldProps) {
  const autoId = useId();
  return (
    <div className={`${classes.field}${className ? ` ${className}` : ""}`} style={style}>
      <div className={classes.frame} data-with-icon={leftSection ? true : undefined}>
        {leftSection ? (
          <span className={classes.leftIcon} aria-hidden="true">
            {leftSection}
          </span>
        ) : null}
        <input className={classes.control} {...input} id={id ?? autoId} />
      </div>
    </div>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "size" | "className" | "style" | "children"> & {
  /** Options: plain strings (value = label) or `{ value, label }`. */
  data: ReadonlyArray<string | { value: string; label: string }>;
  /** Visible label above the field; without it, pass `aria-label`. */
  label?: ReactNode;
  className?: string;
  style?: CSSProperties;
  /** The `<select>` itself. */
  ref?: Ref<HTMLSelectElement>;
};

/** The browser's own dropdown (no pop-up code) with a label and a chevron. */
export function SelectField({ data, label, className, style, id, ...select }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className={`${classes.field}${className ? ` ${className}` : ""}`} style={style}>
      {label ? (
        <label className={classes.label} htmlFor={selectId}>
          {label}
        </label>
      ) : null}
      <div className={classes.frame} data-select="true">
        <select className={classes.control} {...select} id={selectId}>
          {data.map((option) => {
            const { value, label: text } = typeof option === "string" ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
        <span className={classes.rightIcon} aria-hidden="true">
          <IconSelector size={16} stroke={1.5} />
        </span>
      </div>
    </div>
  );
}
