/**
 * Shapes of the accounts area (spec §3 "User", "Address", sign-in / sign-up / reset / 2FA payloads;
 * §7 `/api/me`, `/api/signin`, `/api/signup`, `/api/recover/{request_type}`, `/api/verify`, the
 * address helper). Field names are the spec's own.
 *
 * Sign-up and the address helper are checked by the *form* schemas below inside the server's
 * service, so that one answer carries every per-field message at once (spec §5 "Register").
 */
import { z } from "zod";
import { ACCOUNT_TYPES, CODE_LENGTH, MAX_SELLER_CATEGORIES, NUBAN_LENGTH, SELLER_STATUSES } from "../constants.js";
import { Id } from "./common.js";
import { NewPassword, PASSWORD_MESSAGES } from "./password.js";
import { phoneField } from "./phone.js";
import { plainText } from "./plain-text.js";
import { SellerBusiness } from "./seller.js";

/** Per-field messages of the accounts forms, defined once (server answers them, tests and screens read them). */
export const ACCOUNT_MESSAGES = {
  names: "Please enter your full name (2 to 80 characters)",
  username: "Username must be 3 to 30 letters, digits, dots or underscores",
  usernameTaken: "This username is already taken",
  email: "Please enter a valid e-mail address",
  phone: "Please enter a valid Nigerian phone number",
  whatsapp: "Please enter a valid WhatsApp number",
  categoryIds: `Pick 1 to ${MAX_SELLER_CATEGORIES} categories`,
  categoryUnknown: "One of the chosen categories does not exist",
  desc: "Please describe what you sell (3 to 500 characters)",
  password: PASSWORD_MESSAGES.length,
  passwordCommon: PASSWORD_MESSAGES.common,
  passwordSame: PASSWORD_MESSAGES.same,
  confirmPassword: "Passwords do not match",
  oldPassword: "Your old password is not correct",
  profile: "File type not supported",
  code: `Enter the ${CODE_LENGTH}-character code`,
  /** One message for a wrong, expired, used or unknown-account code, so it tells nobody whether the account exists (ADR 0083). */
  codeInvalid: "This code is not correct or has expired. Check it or request a new one.",
  accountNo: `Account number must be ${NUBAN_LENGTH} digits`,
  fixFields: "Please correct the highlighted fields",
  signInFailed: "Invalid email/phone or password",
  /** The sign-in throttle's 429 (ADR 0083); the Retry-After header says how many seconds. */
  throttled: "Too many sign-in attempts. Please wait a few minutes and try again, or reset your password.",
  unverified: "Please verify your e-mail and phone. We have sent you new codes.",
  /** Sign-in before verifying within a minute of the last codes: none are sent, the last ones still work. */
  unverifiedUseSent: "Please verify your e-mail and phone with the codes we sent you a moment ago (they still work).",
  signedIn: "Signed in successfully",
  signedOut: "Signed out",
  registered: "Account created. Enter the codes we sent to your e-mail and phone.",
  verified: "Your e-mail and phone are verified. You can now log in.",
  codesResent: "If that account needs verifying, we have sent new codes to its e-mail and phone.",
  resetSent: "If an account exists for that e-mail, we have sent a reset code to it.",
  passwordReset: "Your password has been changed. Please log in.",
  addressLimit: "You can keep at most 20 addresses",
  addressNotFound: "Address not found",
  notYours: "You can only change your own account",
  sellersOnly: "Only sellers have categories and a description",
} as const;

export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);
export const SellerStatusSchema = z.enum(SELLER_STATUSES);

/** One saved address as the API answers it; `address_id` is its 0-based index in the user's list. */
/**
 * The payout account's bank as spec §3 "User" shows it: a value/label pair (the bank's code and its
 * name, as a bank select's option), checklist S3-9. Requests still send the bare code.
 */
export const BankChoice = z.object({ value: z.string(), label: z.string() });
export type BankChoice = z.infer<typeof BankChoice>;

export const Address = z.object({
  _id: z.string(),
  address_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  address1: z.string(),
  address2: z.string(),
  state: z.string(),
  city: z.string(),
  country: z.string(),
  zip: z.string(),
  phone: z.string(),
  default: z.boolean(),
});
export type Address = z.infer<typeof Address>;

/** The signed-in user (spec §3 "User"), answered by GET /api/me. */
export const UserDetails = z.object({
  _id: z.string(),
  names: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string(),
  whatsapp: z.string().nullable(),
  profile: z.string().nullable(),
  desc: z.string(),
  accType: AccountTypeSchema,
  active: z.boolean(),
  status: SellerStatusSchema,
  verified: z.object({ blue_tick: z.boolean(), email: z.boolean(), phone: z.boolean() }),
  account_no: z.string().nullable(),
  bank_code: BankChoice.nullable(),
  account_name: z.string().nullable(),
  /**
   * Whether the payout account (bank_code, account_no, account_name) is verified: by the lookup
   * provider's name, or by an admin (ADR 0082). Payouts go only to a verified account.
   */
  bank_account_verified: z.boolean(),
  /** Signed in with a one-time password (`npm run admin:create`): the password must be changed before anything else. */
  must_change_password: z.boolean(),
  category_ids: z.array(z.string()),
  /** A seller's business details (ADR 0184), null until given and for other accounts. */
  business: SellerBusiness.nullable(),
  followers: z.array(z.string()),
  addresses: z.array(Address),
  createdAt: z.string(),
});
export type UserDetails = z.infer<typeof UserDetails>;

export const MeAnswer = z.object({ statusCode: z.number().int(), data: UserDetails });
export type MeAnswer = z.infer<typeof MeAnswer>;
export const MeUpdateAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: UserDetails });
export type MeUpdateAnswer = z.infer<typeof MeUpdateAnswer>;

/** POST /api/signin: `email` holds an e-mail or a phone number (spec §3 "Sign-in payload"). */
export const SignInBody = z.object({
  email: z.string().trim().min(1, "Enter your e-mail or phone").max(254),
  password: z.string().min(1, "Enter your password").max(200),
});
export type SignInBody = z.infer<typeof SignInBody>;
export const SignInAnswer = z.object({ statusCode: z.number().int(), token: z.string(), accType: AccountTypeSchema, message: z.string() });
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** The shared rule for a new password (schemas/password.ts, ADR 0083). */
const Password = NewPassword;

/**
 * Sign-up as the client sends it (spec §3 "Sign-up payload"). Loose on purpose: every value is a
 * string of bounded length, so the service can answer all field messages at once with `SignUpForm`.
 * `accType`: "" or "Customer" -> customer; "Brand", "Seller" or "business" -> business.
 */
export const SignUpBody = z.object({
  accType: z.string().max(20).optional().default(""),
  names: z.string().max(500).optional().default(""),
  username: z.string().max(500).optional().default(""),
  email: z.string().max(500).optional().default(""),
  phone: z.string().max(100).optional().default(""),
  password: z.string().max(500).optional().default(""),
  confirm_password: z.string().max(500).optional().default(""),
  /** Profile picture as a `data:image/...;base64,` URL; empty for the default picture. */
  profile: z.string().max(8_000_000).optional().default(""),
  category_ids: z.array(z.string().max(100)).max(20).optional().default([]),
  desc: z.string().max(5000).optional().default(""),
  request_type: z.string().max(40).optional(),
});
export type SignUpBody = z.input<typeof SignUpBody>;

/** "Brand"/"Seller"/"business" -> business; anything else (including "") -> customer (spec §3, §4). */
export function signUpAccountType(accType: string | undefined): "customer" | "business" {
  return /^(brand|seller|business)$/i.test((accType ?? "").trim()) ? "business" : "customer";
}

/** The rules of the sign-up form (spec §5). The phone is a Nigerian number, normalised to E.164 (schemas/phone.ts). */
export const SignUpForm = z
  .object({
    names: plainText("Name").min(2, ACCOUNT_MESSAGES.names).max(80, ACCOUNT_MESSAGES.names),
    username: plainText("Username").regex(/^[A-Za-z0-9_.]{3,30}$/, ACCOUNT_MESSAGES.username),
    email: z.string().trim().toLowerCase().pipe(z.email(ACCOUNT_MESSAGES.email).max(254, ACCOUNT_MESSAGES.email)),
    phone: phoneField(ACCOUNT_MESSAGES.phone, { nigerianOnly: true }),
    password: Password,
    confirm_password: z.string(),
    accType: z.enum(["customer", "business"]),
    category_ids: z.array(z.string()),
    desc: z.string().trim(),
  })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm_password)
      ctx.addIssue({ code: "custom", path: ["confirm_password"], message: ACCOUNT_MESSAGES.confirmPassword });
    if (v.accType !== "business") return;
    const ids = new Set(v.category_ids);
    if (
      ids.size < 1 ||
      ids.size > MAX_SELLER_CATEGORIES ||
      ids.size !== v.category_ids.length ||
      ![...ids].every((id) => Id.safeParse(id).success)
    )
      ctx.addIssue({ code: "custom", path: ["category_ids"], message: ACCOUNT_MESSAGES.categoryIds });
    if (v.desc.length < 3 || v.desc.length > 500) ctx.addIssue({ code: "custom", path: ["desc"], message: ACCOUNT_MESSAGES.desc });
  });

export const SignUpAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  /** What the client needs to call POST /api/verify. */
  data: z.object({ email: z.string(), phone: z.string(), accType: AccountTypeSchema }),
});
export type SignUpAnswer = z.infer<typeof SignUpAnswer>;

/**
 * POST /api/verify (spec §3 "2FA payload"): both codes of the account `email`. `request_type:
 * "resend"` sends new codes instead (same answer whether or not the account exists).
 */
export const VerifyBody = z.object({
  email: z.string().trim().toLowerCase().max(254),
  code_email: z.string().trim().max(20).optional().default(""),
  code_phone: z.string().trim().max(20).optional().default(""),
  request_type: z.enum(["verify", "resend"]).optional().default("verify"),
});
export type VerifyBody = z.input<typeof VerifyBody>;
export const VerifyAnswer = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  data: z.object({ email: z.boolean(), phone: z.boolean() }).optional(),
});
export type VerifyAnswer = z.infer<typeof VerifyAnswer>;

/** POST /api/recover/{request_type} (spec §3 "Password-reset form"). */
export const RecoverType = z.enum(["send-mail", "change-password"]);
export const RecoverParams = z.object({ request_type: RecoverType });
export const RecoverBody = z.object({
  email: z.string().trim().toLowerCase().max(254).optional().default(""),
  code: z.string().trim().max(20).optional().default(""),
  password: z.string().max(500).optional().default(""),
  confirm_password: z.string().max(500).optional().default(""),
  request_type: z.string().max(40).optional(),
});
export type RecoverBody = z.input<typeof RecoverBody>;
/** The send-mail step's rule. */
export const ResetEmailForm = z.object({ email: z.email(ACCOUNT_MESSAGES.email) });
/** The change-password step's rules. */
export const ResetForm = z
  .object({
    email: z.email(ACCOUNT_MESSAGES.email),
    code: z.string().trim().length(CODE_LENGTH, ACCOUNT_MESSAGES.code),
    password: Password,
    confirm_password: z.string(),
  })
  .refine((v) => v.password === v.confirm_password, { path: ["confirm_password"], message: ACCOUNT_MESSAGES.confirmPassword });

/** PUT /api/me, request_type "changePass" (spec §3 "Password change payload"). */
export const ChangePasswordBody = z
  .object({
    request_type: z.literal("changePass"),
    _id: z.string().optional(),
    old_password: z.string().min(1, ACCOUNT_MESSAGES.oldPassword).max(200),
    password: Password,
    confirm_password: z.string().max(200),
  })
  .refine((v) => v.password === v.confirm_password, { path: ["confirm_password"], message: ACCOUNT_MESSAGES.confirmPassword })
  .refine((v) => v.password !== v.old_password, { path: ["password"], message: ACCOUNT_MESSAGES.passwordSame });
export type ChangePasswordBody = z.input<typeof ChangePasswordBody>;

/**
 * PUT /api/me, profile update (spec §7). E-mail and phone are read-only and ignored if sent.
 * `profile`: a data URL (new picture), an `/uploads/...` URL the user uploaded, or "" / null to remove.
 */
export const ProfileUpdateBody = z.object({
  request_type: z.string().max(40).optional(),
  _id: z.string().optional(),
  names: plainText("Name").min(2, ACCOUNT_MESSAGES.names).max(80, ACCOUNT_MESSAGES.names).optional(),
  whatsapp: z.string().trim().max(20, ACCOUNT_MESSAGES.whatsapp).nullable().optional(),
  bank_code: z.string().trim().max(20).nullable().optional(),
  account_no: z
    .string()
    .trim()
    .regex(new RegExp(`^(\\d{${NUBAN_LENGTH}})?$`), ACCOUNT_MESSAGES.accountNo)
    .nullable()
    .optional(),
  account_name: z.string().trim().max(120).nullable().optional(),
  profile: z.string().max(8_000_000).nullable().optional(),
  desc: z.string().trim().max(500, ACCOUNT_MESSAGES.desc).optional(),
  category_ids: z.array(Id).min(1, ACCOUNT_MESSAGES.categoryIds).max(MAX_SELLER_CATEGORIES, ACCOUNT_MESSAGES.categoryIds).optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

/**
 * PUT /api/me body as the route accepts it: `request_type: "changePass"` is checked by
 * `ChangePasswordBody`, anything else by `ProfileUpdateBody` (the service picks one, so each answer
 * carries that form's own field messages).
 */
export const MeUpdateBody = z.looseObject({ request_type: z.string().max(40).optional() });

/** The fields of an address (spec §3 "Address"). */
export const AddressFields = z.object({
  first_name: plainText("First name").min(1, "First name is required").max(60),
  last_name: plainText("Last name").min(1, "Last name is required").max(60),
  company: plainText("Company").max(100).optional().default(""),
  address1: plainText("Address").min(1, "Address is required").max(200),
  address2: plainText("Address line 2").max(200).optional().default(""),
  state: plainText("State").max(60).optional().default(""),
  city: plainText("City").max(60).optional().default(""),
  country: plainText("Country").min(1, "Country is required").max(60),
  zip: plainText("Zip code").max(20).optional().default(""),
  /** Stored in E.164 like every phone of the store (schemas/phone.ts); may be left empty. */
  phone: phoneField("Please enter a valid phone number", { optional: true }).optional().default(""),
  default: z.boolean().optional().default(false),
});
export type AddressFields = z.input<typeof AddressFields>;

/** POST /api/address, the address helper (spec §7): create, update or delete_address by `address_id`. */
export const AddressBody = z.discriminatedUnion("request_type", [
  AddressFields.extend({ request_type: z.literal("create"), address_id: z.number().int().optional() }),
  AddressFields.extend({ request_type: z.literal("update"), address_id: z.coerce.number().int().min(0) }),
  z.looseObject({ request_type: z.literal("delete_address"), address_id: z.coerce.number().int().min(0) }),
]);
export type AddressBody = z.input<typeof AddressBody>;
export const AddressAnswer = z.object({ statusCode: z.number().int(), message: z.string(), data: z.array(Address) });
export type AddressAnswer = z.infer<typeof AddressAnswer>;

/** A dev outbox message (GET /api/dev/outbox). */
export const OutboxMessage = z.object({
  _id: z.string(),
  channel: z.enum(["email", "sms"]),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;
export const OutboxAnswer = z.object({ statusCode: z.number().int(), data: z.array(OutboxMessage) });
export type OutboxAnswer = z.infer<typeof OutboxAnswer>;
export const OutboxQuery = z.object({ to: z.string().max(254).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });
