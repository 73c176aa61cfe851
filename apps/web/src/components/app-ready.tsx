import { useEffect } from "react";

/**
 * Sets `<html data-app-ready>` once the routed screen it sits beside has been hydrated (or drawn on
 * the client). It lives inside the layouts' Suspense boundary, not at the root: React hydrates the
 * root first and each server-drawn boundary in a later pass, and a tap on a part not yet hydrated
 * may be replayed late or lost (ADR 0072, 0073). The end-to-end tests wait for it after every load.
 */
export function AppReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.appReady = "";
  }, []);
  return null;
}
