/**
 * The one way to write a form in this app, storefront and back office: Mantine's `useForm` with the
 * contract's Zod schema as its validator (Mantine's built-in `schemaResolver`: Zod is a Standard
 * Schema). The browser checks what the server checks, with the same field messages (sentences, from
 * packages/contract: every schema module installs them), before anything is sent; the server's own
 * per-field messages (a 400's `errors`, e.g. "This username is already taken") land on the same
 * fields. `form.submitWith(send, ...)` is the one way to send a form through a mutation: it puts
 * those messages on the fields and raises the alert.
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

/** What `submitWith` does besides sending. */
type SubmitOptions<Values, Answer> = {
  /** After the answer (not after a refusal): the values sent, e.g. to empty the form. */
  onSuccess?: (answer: Answer, values: Values) => void;
  /** Maps a path of the body sent (made of `values`) to the form's field when they differ (a list sent in part). */
  fieldOf?: (path: string, values: Values) => string;
  /** After the refusal's field messages and alert: what else the screen does with it. */
  onError?: (err: unknown) => void;
  /** The title of the alert of a refusal, when it is not the form's `alertTitle`. */
  errorTitle?: string;
  /**
   * false: no alert, for values the schema refuses nor for the server's refusal (a screen that
   * reports in a status area of its own); the field messages still show.
   */
  alert?: boolean;
};

/** `useForm`'s form, with `submitWith`. */
export type SchemaForm<Values> = UseFormReturnType<Values> & {
  /**
   * The form's submit handler: once the schema accepts the values, `send(values)` (a mutation's
   * `mutateAsync`, with the body it makes of them; `undefined`: nothing to send). A submit while one
   * is being sent does nothing. A refusal puts the server's per-field messages on the fields
   * (`showFieldErrors`) and raises the alert with the server's message, titled `alertTitle`
   * unless `errorTitle` says otherwise.
   */
  submitWith<Answer>(
    send: (values: Values) => Promise<Answer> | undefined,
    options?: SubmitOptions<Values, Answer>,
  ): (event?: FormEvent<HTMLFormElement>) => void;
};

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
): SchemaForm<Values> {
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
  const sending = useRef(false);
  const submitWith: SchemaForm<Values>["submitWith"] = (
    send,
    { onSuccess, onError, fieldOf, errorTitle = alertTitle, alert = true } = {},
  ) =>
    onSubmit(
      async (values) => {
        if (sending.current) return;
        const pending = send(values);
        if (!pending) return;
        sending.current = true;
        let answer: Awaited<typeof pending>;
        try {
          answer = await pending;
        } catch (err) {
          showFieldErrors(form, err, fieldOf && ((path) => fieldOf(path, values)));
          if (alert) notifyError(err, errorTitle);
          onError?.(err);
          return;
        } finally {
          sending.current = false;
        }
        onSuccess?.(answer, values);
      },
      alert ? undefined : () => undefined,
    );
  return { ...form, onSubmit, getInputProps, submitWith };
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
 * Puts a failed request's per-field messages (a 400's `errors`) on the form's fields. `field` maps
 * a path of the body sent to the form's field when they differ.
 */
function showFieldErrors(
  form: { setErrors: (errors: FormErrors) => void },
  err: unknown,
  field: (path: string) => string = (path) => path,
) {
  if (!(err instanceof ApiError) || Object.keys(err.errors).length === 0) return;
  form.setErrors(Object.fromEntries(Object.entries(err.errors).map(([path, message]) => [field(path), message])));
}
