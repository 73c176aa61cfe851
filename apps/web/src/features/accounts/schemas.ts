/**
 * The contract schemas of the sign-in page's login form, imported by the form on its first focus or
 * submit (lib/form.ts `SchemaSource`): with them comes Zod, kept off the page's first load (ADR 0147).
 */
export { SignInBody } from "@market/contract";
