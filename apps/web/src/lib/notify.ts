/**
 * Alerts with the spec's titles (§8): errors "Ooops", checkout "Oops", transfer/2FA "Failed",
 * successes "Success", notices "Quick Notice". One place, so a wording change is one edit.
 */

import type { NotificationData } from "@mantine/notifications";
import { TEXT } from "@market/contract";
import { useSyncExternalStore } from "react";
import { ApiError } from "./api";

let hostWanted = false;
const hostListeners = new Set<() => void>();

/**
 * True once the first alert has been asked for: only then does the app mount Mantine's
 * notifications host (app/providers.tsx). Mounting it at start-up was one long task on a phone
 * (six position containers with their transitions) on every page, for alerts most visits never
 * show (ADR 0073). False on the server.
 */
export function useNotificationsHostWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      hostListeners.add(listener);
      return () => hostListeners.delete(listener);
    },
    () => hostWanted,
    () => false,
  );
}

/**
 * Shows one alert. The notifications store is imported on first use, not on first load (ADR 0051):
 * alerts only follow a shopper's action or a failed request. Mantine's store keeps the alert until
 * the host, mounted on this first call, shows it. Fire-and-forget; calls keep their order (the
 * module promise settles once, then-callbacks run in call order).
 */
function show(data: NotificationData): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  void import("./notifications-store").then(({ notifications }) => notifications.show(data));
}

/** The server's message of an error, or the generic one. */
export function errorMessage(err: unknown): string {
  if (err instanceof ApiError || err instanceof Error) return err.message || TEXT.alerts.genericError;
  return TEXT.alerts.genericError;
}

export function notifyError(err: unknown, title: string = TEXT.alerts.errorTitle): void {
  show({ title, message: errorMessage(err), color: "red" });
}

export function notifySuccess(message: string, title: string = TEXT.alerts.successTitle): void {
  show({ title, message, color: "green" });
}

export function notifyInfo(message: string, title: string): void {
  show({ title, message, color: "blue" });
}

/** A mutation's callbacks that say its answer's message (or its error), then run `done` on success (closing a dialog). */
export function toldAfter(done: () => void = () => {}) {
  return {
    onSuccess: (answer: { message: string }) => {
      notifySuccess(answer.message);
      done();
    },
    onError: (err: unknown) => notifyError(err),
  };
}
