/**
 * The contract schema of the checkout form, imported by the form on its first focus or submit
 * (lib/form.ts `SchemaSource`): with it comes Zod, kept off the checkout's first load (ADR 0147,
 * ADR 0192). The contract's checkout fields, less the total, with the payer's account required only
 * for a bank transfer (ADR 0201).
 */
export { CheckoutFormFields as CheckoutFields } from "@market/contract";
