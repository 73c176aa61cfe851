/**
 * SMS delivery behind one small interface, so a Nigerian gateway (Termii, Africa's Talking, ...)
 * can be plugged in without touching the accounts code (ADR 0011). Without a provider every SMS
 * stays in the outbox table, readable on the dev outbox page.
 */

/** A text message to one phone number in E.164 form (e.g. +2348031234567). */
type SmsMessage = { to: string; text: string };

export interface SmsProvider {
  /** Short provider name, for logs. */
  readonly name: string;
  /** Send one message; throw on failure (the outbox row keeps the error). */
  send(message: SmsMessage): Promise<void>;
}
