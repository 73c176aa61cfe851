/**
 * Alerts with the spec's titles (§8): errors "Ooops", checkout "Oops", transfer/2FA "Failed",
 * successes "Success", notices "Quick Notice". One place, so a wording change is one edit.
 */

import { notifications } from "@mantine/notifications";
import { TEXT } from "@market/contract";
import { ApiError } from "./api";

/** The server's message of an error, or the generic one. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError || err instanceof Error) return err.message || TEXT.alerts.genericError;
  return TEXT.alerts.genericError;
}

export function notifyError(err: unknown, title: string = TEXT.alerts.errorTitle): void {
  notifications.show({ title, message: errorMessage(err), color: "red" });
}

export function notifySuccess(message: string, title: string = TEXT.alerts.successTitle): void {
  notifications.show({ title, message, color: "green" });
}

export function notifyInfo(message: string, title: string): void {
  notifications.show({ title, message, color: "blue" });
}
