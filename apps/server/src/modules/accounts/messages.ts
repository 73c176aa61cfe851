/** Texts of the e-mails and SMS the accounts area sends (codes expire after 10 minutes, spec §9). */
import { TEXT } from "@market/contract";
import type { OutgoingMessage } from "../messages/service.js";

const STORE = "Naija Market";

export function verifyEmailMessage(email: string, code: string): OutgoingMessage {
  return {
    channel: "email",
    recipient: email,
    subject: `${STORE}: your e-mail verification code`,
    body: `Welcome to ${STORE}!\n\nYour e-mail verification code is ${code}.\nIt expires in 10 minutes.\n\nIf you did not create an account, you can ignore this message.`,
  };
}

export function verifyPhoneMessage(phone: string, code: string): OutgoingMessage {
  return { channel: "sms", recipient: phone, body: `${STORE}: your phone verification code is ${code}. It expires in 10 minutes.` };
}

export function resetPasswordMessage(email: string, code: string): OutgoingMessage {
  return {
    channel: "email",
    recipient: email,
    subject: `${STORE}: your password reset code`,
    body: `Someone asked to reset the password of your ${STORE} account.\n\nYour reset code is ${code}.\nIt expires in 10 minutes.\n\nIf it was not you, ignore this message: your password stays the same.`,
  };
}

/**
 * To the owner of an account whose e-mail or phone someone tried to register again (ADR 0151):
 * the sign-up answered as if it worked, so this is how the real owner learns what happened.
 * `storeUrl`: the store's address, without a trailing slash.
 */
export function registeredSignUpMessage(email: string, storeUrl: string): OutgoingMessage {
  return {
    channel: "email",
    recipient: email,
    subject: `${STORE}: someone tried to register with your details`,
    body: `Someone tried to create a ${STORE} account with your e-mail address or phone number, which already belong to your account. No new account was made.\n\nIf it was you, sign in at ${storeUrl}/signin, or choose "${TEXT.accounts.lostPassword}" there to set a new password.\n\nIf it was not you, you can ignore this message: your account is unchanged.`,
  };
}
