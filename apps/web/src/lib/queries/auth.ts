/**
 * The sign-in page's writes (spec §7): POST /api/signin, /api/signup, /api/verify and
 * /api/recover/{request_type}, as mutations like every other write (ADR 0115). A failure is an
 * `ApiError` with the per-field `errors` the forms show under their fields (`showFieldErrors`).
 * Sign-in loads the signed-in user before it settles (its answer set the session cookie); the
 * others change no cached query.
 */
import type { MessageAnswer, RecoverBody, SignInAnswer, SignInBody, SignUpAnswer, SignUpBody, VerifyAnswer } from "@market/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../api";
import { imageToDataUrl } from "../image-to-data-url";
import { useSignedIn } from "../session";

/** Sign in; settles once the user is loaded. */
export function useSignIn() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (body: SignInBody) => api<SignInAnswer>("/api/signin", { method: "POST", body }),
    onSuccess: async () => {
      await signedIn();
    },
  });
}

/**
 * Register with an optional profile picture (sent as a data URL); `category_ids` are plain ids
 * (spec §7 "category_ids reduced to ids").
 */
export function useSignUp() {
  return useMutation({
    mutationFn: async ({ body, picture }: { body: Omit<SignUpBody, "profile">; picture: File | null }) => {
      const profile = picture ? await imageToDataUrl(picture) : "";
      return api<SignUpAnswer>("/api/signup", { method: "POST", body: { ...body, profile } });
    },
  });
}

/** The 2FA codes of `email` (POST /api/verify, request_type "verify"). */
export function useVerifyCodes() {
  return useMutation({
    mutationFn: (body: { email: string; code_email: string; code_phone: string }) =>
      api<VerifyAnswer>("/api/verify", { method: "POST", body: { ...body, request_type: "verify" } }),
  });
}

/** New 2FA codes for `email` (POST /api/verify, request_type "resend"). */
export function useResendCodes() {
  return useMutation({
    mutationFn: (email: string) => api<VerifyAnswer>("/api/verify", { method: "POST", body: { email, request_type: "resend" } }),
  });
}

/** A password recovery step (spec §3 "Password-reset form"): send-mail, then change-password. */
export function useRecover() {
  return useMutation({
    mutationFn: ({ step, form }: { step: "send-mail" | "change-password"; form: RecoverBody }) =>
      api<MessageAnswer>(`/api/recover/${step}`, { method: "POST", body: { ...form, request_type: step } }),
  });
}
