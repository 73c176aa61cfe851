/**
 * The contract schema of the contact form, imported by the form on its first focus or submit
 * (lib/form.ts `SchemaSource`): with it comes Zod, kept off the page's first load (ADR 0147).
 */
export { ContactBody } from "@market/contract";
