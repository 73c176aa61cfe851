/**
 * Calls of the sign-in page (spec §7): POST /api/signin, /api/signup, /api/verify and
 * /api/recover/{request_type}. Each answers the server's JSON or throws `ApiError` (with the
 * per-field `errors` map the forms show under their fields).
 */
import type { MessageAnswer, SignInAnswer, SignInBody, SignUpAnswer, SignUpBody, VerifyAnswer } from "@market/contract";
import { api } from "../../../lib/api";

export function signIn(body: SignInBody) {
  return api<SignInAnswer>("/api/signin", { method: "POST", body });
}

/** Register; `category_ids` are plain ids (spec §7 "category_ids reduced to ids"). */
export function signUp(body: SignUpBody) {
  return api<SignUpAnswer>("/api/signup", { method: "POST", body });
}

export function verifyCodes(body: { email: string; code_email: string; code_phone: string }) {
  return api<VerifyAnswer>("/api/verify", { method: "POST", body: { ...body, request_type: "verify" } });
}

export function resendCodes(email: string) {
  return api<VerifyAnswer>("/api/verify", { method: "POST", body: { email, request_type: "resend" } });
}

export type RecoverForm = { email: string; code: string; password: string; confirm_password: string };

/** Password recovery step (spec §3 "Password-reset form"): send-mail, then change-password. */
export function recover(requestType: "send-mail" | "change-password", form: RecoverForm) {
  return api<MessageAnswer>(`/api/recover/${requestType}`, { method: "POST", body: { ...form, request_type: requestType } });
}
