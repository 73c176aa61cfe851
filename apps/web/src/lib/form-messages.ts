/**
 * The contract's wording that forms need only after a check has failed, in its own chunk: the
 * module that defines it (the accounts schemas) imports Zod, which a storefront page's first load
 * does not carry (ADR 0147). Loaded by lib/form.ts.
 */
import { ACCOUNT_MESSAGES } from "@market/contract";

/** The alert of a form with several refused fields, as the server's 400 words it. */
export const FIX_FIELDS: string = ACCOUNT_MESSAGES.fixFields;
