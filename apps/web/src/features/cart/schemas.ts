/**
 * The contract schema of the checkout form, imported by the form on its first focus or submit
 * (lib/form.ts `SchemaSource`): with it comes Zod, kept off the checkout's first load (ADR 0147,
 * ADR 0192). The form's rules are the contract's, less the total, which comes from the cart, not a
 * field; the payer's account is required for a bank transfer, as the server requires it (ADR 0201).
 */
import { CreateSessionBody, DEFAULT_PAYMENT_TYPE, NUBAN_LENGTH } from "@market/contract";

export const CheckoutFields = CreateSessionBody.omit({ amount: true }).superRefine((v, ctx) => {
  if (v.payment_type === DEFAULT_PAYMENT_TYPE && !v.account_no)
    ctx.addIssue({ code: "custom", path: ["account_no"], message: `Enter the ${NUBAN_LENGTH}-digit account number` });
});
