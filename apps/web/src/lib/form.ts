/**
 * The one way to write a form in this app, storefront and back office: Mantine's `useForm` with the
 * contract's Zod schema as its validator (Mantine's built-in `schemaResolver`: Zod is a Standard
 * Schema). The browser checks what the server checks, with the same field messages (sentences, from
 * packages/contract), before anything is sent; the server's own per-field messages (a 400's
 * `errors`, e.g. "This username is already taken") land on the same fields with `showFieldErrors`.
 *
 * Errors show on submit; a field's error goes as soon as that field changes (Mantine's default).
 */
import { type FormErrors, schemaResolver, type UseFormInput, type UseFormReturnType, useForm } from "@mantine/form";
import { ApiError } from "./api";

/** A contract schema (any Standard Schema, e.g. a Zod object). */
export type ContractSchema = Parameters<typeof schemaResolver>[0];

/**
 * `useForm` validated by `schema`. `toBody` turns the form's values into what the schema checks
 * when they differ (a number typed as text, fields the page adds, such as `request_type`); the
 * error paths must then still be the form's field names.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: ContractSchema,
  { toBody, ...options }: Omit<UseFormInput<Values>, "validate" | "mode"> & { toBody?: (values: Values) => unknown },
): UseFormReturnType<Values> {
  const check = schemaResolver(schema, { sync: true });
  return useForm<Values>({ ...options, mode: "controlled", validate: (values) => check(toBody ? toBody(values) : values) });
}

/** Puts a failed request's per-field messages on the form's fields; true when there were any. */
export function showFieldErrors(form: { setErrors: (errors: FormErrors) => void }, err: unknown): boolean {
  if (!(err instanceof ApiError) || Object.keys(err.errors).length === 0) return false;
  form.setErrors(err.errors);
  return true;
}
