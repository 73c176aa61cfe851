/**
 * The one way to write a form in this app, storefront and back office: Mantine's `useForm` with the
 * contract's Zod schema as its validator (Mantine's built-in `schemaResolver`: Zod is a Standard
 * Schema). The browser checks what the server checks, with the same field messages (sentences, from
 * packages/contract: every schema module installs them), before anything is sent; the server's own
 * per-field messages (a 400's `errors`, e.g. "This username is already taken") land on the same
 * fields with `showFieldErrors`.
 *
 * Errors show on submit, with the alert the server's 400 would raise (its one field message, or
 * "Please correct the highlighted fields"); a field's error goes as soon as that field changes.
 * Text typed into a server-drawn field before the app took the page over is kept (ADR 0131).
 *
 * A storefront page passes its schema as a function that imports it (ADR 0147): Zod and the schema
 * are then not part of the page's first load; they load on the form's first focus, or on submit.
 */
import { type FormErrors, schemaResolver, type UseFormInput, type UseFormReturnType, useForm } from "@mantine/form";
import { type FormEvent, useRef } from "react";
import { ApiError } from "./api";
import { notifyError } from "./notify";

/** A contract schema (any Standard Schema, e.g. a Zod object). */
type ContractSchema = Parameters<typeof schemaResolver>[0];

/**
 * The schema itself, or a function that imports it (called once per form, on the form's first focus
 * or submit), e.g. `() => import("../schemas").then((m) => m.SignInBody)` (a feature's `schemas.ts`).
 */
export type SchemaSource = ContractSchema | (() => Promise<ContractSchema>);

/** The contract's "Please correct the highlighted fields", once its module (with Zod) has loaded. */
let fixFieldsMessage: string | undefined;
let fixFieldsLoad: Promise<string> | undefined;
function loadFixFields(): Promise<string> {
  fixFieldsLoad ??= import("./form-messages").then(
    (m) => (fixFieldsMessage = m.FIX_FIELDS),
    (err: unknown) => {
      fixFieldsLoad = undefined;
      throw err;
    },
  );
  return fixFieldsLoad;
}

/** The alert of a form the schema refused, worded as the server words its 400 answer. */
function alertInvalid(errors: FormErrors, title?: string): void {
  const messages = Object.values(errors).filter((m): m is string => typeof m === "string" && m !== "");
  if (messages.length === 1) notifyError(new Error(messages[0]), title);
  else if (fixFieldsMessage) notifyError(new Error(fixFieldsMessage), title);
  else void loadFixFields().then((text) => notifyError(new Error(text), title));
}

/**
 * `useForm` validated by `schema` (the schema, or a function importing it: see `SchemaSource`).
 * `toBody` turns the form's values into what the schema checks when they differ (a number typed as
 * text, fields the page adds, such as `request_type`); the error paths must then still be the
 * form's field names. `alertTitle` titles the alert of a refused form (the spec's "Ooops" by
 * default); `form.onSubmit(handler, onInvalid)` replaces that alert for a screen that reports
 * elsewhere. `newPassword` names the field of a form that sets a password: its first focus loads the
 * common-password list into the contract's rule (ADR 0083).
 *
 * With an imported schema, a submit before it has loaded waits for it (a few milliseconds once the
 * first focus has started the import); if it cannot load (offline), the form is sent unchecked and
 * the server's 400 puts its messages on the fields. `form.validate()` finds nothing before then.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: SchemaSource,
  {
    toBody,
    alertTitle,
    newPassword,
    ...options
  }: Omit<UseFormInput<Values>, "validate" | "mode"> & { toBody?: (values: Values) => unknown; alertTitle?: string; newPassword?: string },
): UseFormReturnType<Values> {
  const imported = typeof schema === "function" ? schema : null;
  const given = imported ? null : schemaResolver(schema as ContractSchema, { sync: true });
  // The check of an imported schema, once it has loaded; read when the form validates.
  const importedCheck = useRef<ReturnType<typeof schemaResolver> | null>(null);
  const importing = useRef<Promise<void> | null>(null);
  const load = (): Promise<void> => {
    if (!imported || importedCheck.current) return Promise.resolve();
    importing.current ??= imported().then(
      (loaded) => {
        importedCheck.current = schemaResolver(loaded, { sync: true });
      },
      (err: unknown) => {
        importing.current = null;
        throw err;
      },
    );
    return importing.current;
  };
  const form = useForm<Values>({
    ...options,
    mode: "controlled",
    validate: (values) => {
      const check = given ?? importedCheck.current;
      return check ? (check(toBody ? toBody(values) : values) as FormErrors) : {};
    },
  });
  const onSubmit: typeof form.onSubmit = (handler, onInvalid) => {
    const submit = form.onSubmit(handler, onInvalid ?? ((errors) => alertInvalid(errors, alertTitle)));
    return (event?: FormEvent<HTMLFormElement>) => {
      if (!imported || importedCheck.current) return submit(event);
      event?.preventDefault();
      void load()
        .catch(() => undefined)
        .then(() => submit(event));
    };
  };
  // A field of a server-drawn page keeps what was typed into it before hydration (the DOM keeps it,
  // the form's state does not, and the next render would put the state back): when the field's
  // element is first attached during hydration (the app not ready yet), a text value that differs
  // from the form's becomes the form's. Not for combobox inputs (Mantine's Select shows a label).
  const attached = useRef(new Set<string>());
  const getInputProps: typeof form.getInputProps = (path, opts) => {
    const props = form.getInputProps(path, opts);
    if (imported) props.onFocus = withSchemaImport(props.onFocus, load);
    if (path === newPassword) props.onFocus = withPasswordBlocklist(props.onFocus);
    if (typeof props.value !== "string") return props;
    const ref = (el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => {
      if (!el || attached.current.has(path)) return;
      attached.current.add(path);
      if (document.documentElement.hasAttribute("data-app-ready") || el.getAttribute("aria-haspopup") || el.getAttribute("role")) return;
      if (el.value !== props.value && el.value !== "") form.setFieldValue(path, el.value as never);
    };
    return { ...props, ref };
  };
  return { ...form, onSubmit, getInputProps };
}

/** Wraps a field's focus handler so that the first focus starts importing the form's schema. */
function withSchemaImport(onFocus: ((event: unknown) => void) | undefined, load: () => Promise<void>): (event: unknown) => void {
  return (event) => {
    void load().catch(() => undefined);
    onFocus?.(event);
  };
}

/**
 * Wraps a password field's focus handler so that the first focus loads the common-password list
 * (a lazy chunk; sign-in and every other page never load it). A form sent before it arrives is
 * still checked by the server, whose field message then shows.
 */
function withPasswordBlocklist(onFocus?: (event: unknown) => void): (event: unknown) => void {
  return (event) => {
    void import("@market/contract/password-blocklist").catch(() => undefined);
    onFocus?.(event);
  };
}

/**
 * Puts a failed request's per-field messages on the form's fields; true when there were any.
 * `field` maps a path of the body sent to the form's field when they differ (a list sent in part).
 */
export function showFieldErrors(
  form: { setErrors: (errors: FormErrors) => void },
  err: unknown,
  field: (path: string) => string = (path) => path,
): boolean {
  if (!(err instanceof ApiError) || Object.keys(err.errors).length === 0) return false;
  form.setErrors(Object.fromEntries(Object.entries(err.errors).map(([path, message]) => [field(path), message])));
  return true;
}
