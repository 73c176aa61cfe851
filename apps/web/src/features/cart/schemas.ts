/**
 * The contract schema of the checkout form, imported by the form on its first focus or submit
 * (lib/form.ts `SchemaSource`): with it comes Zod, kept off the checkout's first load (ADR 0147,
 * ADR 0192). The form's rules are the contract's, less the total, which comes from the cart, not a field.
 */
import { CreateSessionBody } from "@market/contract";

export const CheckoutFields = CreateSessionBody.omit({ amount: true });
