/** Texts of the e-mails and SMS the accounts area sends (codes expire after 10 minutes, spec §9). */
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
