/**
 * The contract schemas of the customer area's forms (the sign-in page's login form, the address
 * book's form, the password change), imported by each form on its first focus or submit (lib/form.ts
 * `SchemaSource`): with them comes Zod, kept off the pages' first load (ADR 0147, ADR 0192).
 */
export { AddressFields, ChangePasswordBody, SignInBody } from "@market/contract";
